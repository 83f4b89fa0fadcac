/// What the app should apply to a field on the platform it runs on.
public enum EffectiveWritingTools: String, Sendable, Hashable, CaseIterable {
    case complete
    case limited
    /// No Writing Tools: the behaviour is disabled, or the platform cannot offer them.
    case none
}
