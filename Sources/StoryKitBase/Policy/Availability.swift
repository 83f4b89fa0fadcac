/// Whether a capability is available, and if not, why.
public struct Availability: Sendable, Hashable {
    /// Whether the capability can be used.
    public var available: Bool { reason == nil }
    /// Why it cannot, `nil` when it can.
    public var reason: UnavailableReason?
    /// The rule and sentence that decided.
    public var decidedBy: PolicyReason

    /// `{"available":false,"reason":"osTooOld","rule":"...","explanation":"..."}`.
    public var json: JSONValue {
        [
            "available": .bool(available),
            "reason": reason.map { .string($0.rawValue) } ?? .null,
            "rule": .string(decidedBy.rule),
            "explanation": .string(decidedBy.reason)
        ]
    }
}
