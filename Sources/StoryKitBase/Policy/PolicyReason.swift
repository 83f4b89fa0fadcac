/// A decision and why: the id of the rule that made it and one sentence for a developer.
public struct PolicyReason: Sendable, Hashable {
    /// The id of the rule that decided.
    public var rule: String
    /// One human sentence saying why.
    public var reason: String

    /// Creates a reason.
    public init(rule: String, reason: String) {
        self.rule = rule
        self.reason = reason
    }
}
