/// One rule of a profile's `writingTools` list: when a field and platform match its
/// conditions, it decides the field's behaviour. Rules are tried in order; the first match wins.
///
/// JSON: `{"id":"storyContent","when":{"field":"StoryEditView.content"},"behavior":"complete",
/// "resultOptions":["plainText"],"reason":"Story content is long-form prose ..."}`. Conditions
/// (all optional; a rule without any matches every field): `field` and `kind` (a string or an
/// array of strings), `multiline` and `secure` (booleans), `os` (a string or an array), and
/// `settings` (an object whose members must equal the request's settings).
public struct WritingToolsRule: Sendable, Hashable {
    /// The rule's id, unique within its profile.
    public var id: String
    /// What a field must be for the rule to apply.
    public var condition: RuleCondition
    /// The behaviour the rule decides.
    public var behavior: WritingToolsBehavior
    /// The result kinds allowed; empty for `disabled`.
    public var resultOptions: [WritingToolsResultOption]
    /// Why, in one sentence.
    public var reason: String

    /// Creates a rule.
    public init(
        id: String, condition: RuleCondition, behavior: WritingToolsBehavior,
        resultOptions: [WritingToolsResultOption] = [.plainText], reason: String
    ) {
        self.id = id
        self.condition = condition
        self.behavior = behavior
        self.resultOptions = behavior == .disabled ? [] : resultOptions
        self.reason = reason
    }
}

extension OperatingSystem {
    /// This system's bit in a condition's system set.
    var bit: UInt32 {
        switch self {
        case .iOS: 1 << 0
        case .iPadOS: 1 << 1
        case .macOS: 1 << 2
        case .visionOS: 1 << 3
        case .watchOS: 1 << 4
        case .tvOS: 1 << 5
        }
    }
}
