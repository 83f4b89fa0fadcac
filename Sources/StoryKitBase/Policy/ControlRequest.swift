/// A button the app draws.
public struct ControlRequest: Sendable, Hashable {
    /// The button's role.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        /// The main call to action (Create Story, Create Hero).
        case primary
        /// Any other action.
        case secondary
        /// An action that deletes or discards.
        case destructive
    }

    /// How much the action matters.
    public enum Importance: String, Sendable, Hashable, CaseIterable {
        case low, medium, high
    }

    /// The button's role.
    public var role: Role
    /// How much the action matters, which sets the haptic's intensity.
    public var importance: Importance

    /// Creates a control request.
    public init(role: Role, importance: Importance = .medium) {
        self.role = role
        self.importance = importance
    }
}
