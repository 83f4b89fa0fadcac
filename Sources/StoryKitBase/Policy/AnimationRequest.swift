/// An animation the app wants to run.
public struct AnimationRequest: Sendable, Hashable {
    /// What the animation is for.
    public enum Purpose: String, Sendable, Hashable, CaseIterable {
        /// A loading indicator.
        case loading
        /// Decoration: floating clouds, stars, sparkles.
        case decorative
        /// Feedback to a user action: a press, a highlight.
        case feedback
        /// A transition between views.
        case transition
    }

    /// What the animation is for.
    public var purpose: Purpose
    /// Whether it repeats until stopped.
    public var repeats: Bool
    /// Its duration in seconds (one cycle, when it repeats).
    public var duration: Double

    /// Creates an animation request.
    public init(purpose: Purpose, repeats: Bool = false, duration: Double) {
        self.purpose = purpose
        self.repeats = repeats
        self.duration = duration
    }
}
