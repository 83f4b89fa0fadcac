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
            "gate": gate.map { ["rule": .string($0.rule), "reason": .string($0.reason)] } ?? .null
        ]
    }
}
