/// How much of Writing Tools a field offers.
public enum WritingToolsBehavior: String, Sendable, Hashable, CaseIterable {
    /// The full experience: results replace the text in place, with animation.
    case complete
    /// Results appear in a pop-up the user can copy from or use to replace the text.
    case limited
    /// No Writing Tools.
    case disabled
}

/// What the app should apply to a field on the platform it runs on.
public enum EffectiveWritingTools: String, Sendable, Hashable, CaseIterable {
    case complete
    case limited
    /// No Writing Tools: the behaviour is disabled, or the platform cannot offer them.
    case none
}

/// The kinds of result Writing Tools may produce in a field.
public enum WritingToolsResultOption: String, Sendable, Hashable, CaseIterable {
    case plainText, richText, list, table
}

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

/// The Writing Tools decision for one field.
///
/// JSON: `{"behavior":"complete","effective":"none","resultOptions":["plainText"],
/// "rule":"storyContent","reason":"...","gate":{"rule":"writingTools.osTooOld","reason":"..."}}`;
/// `gate` is null when the platform does not change the behaviour.
public struct WritingToolsDecision: Sendable, Hashable {
    /// What the profile wants for the field.
    public var behavior: WritingToolsBehavior
    /// What the app should apply on this platform.
    public var effective: EffectiveWritingTools
    /// The result kinds allowed; empty when the behaviour is disabled.
    public var resultOptions: [WritingToolsResultOption]
    /// The rule that chose the behaviour.
    public var decidedBy: PolicyReason
    /// Why the platform turned the behaviour off, when it did.
    public var gate: PolicyReason?

    /// The decision as JSON.
    public var json: JSONValue {
        [
            "behavior": .string(behavior.rawValue),
            "effective": .string(effective.rawValue),
            "resultOptions": .array(resultOptions.map { .string($0.rawValue) }),
            "rule": .string(decidedBy.rule),
            "reason": .string(decidedBy.reason),
            "gate": gate.map { ["rule": .string($0.rule), "reason": .string($0.reason)] } ?? .null,
        ]
    }
}
