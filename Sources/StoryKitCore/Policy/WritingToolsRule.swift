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
    public init(id: String, condition: RuleCondition, behavior: WritingToolsBehavior,
                resultOptions: [WritingToolsResultOption] = [.plainText], reason: String) {
        self.id = id
        self.condition = condition
        self.behavior = behavior
        self.resultOptions = behavior == .disabled ? [] : resultOptions
        self.reason = reason
    }
}

/// The conditions of a rule; `nil` or empty means "any".
public struct RuleCondition: Sendable, Hashable {
    /// Field ids the rule applies to.
    public let fieldIDs: [String]?
    /// Field kinds the rule applies to.
    public let kinds: [FieldKind]?
    /// Whether the field must be multi-line (or single-line).
    public let multiline: Bool?
    /// Whether the field must be secure (or not).
    public let secure: Bool?
    /// Operating systems the rule applies to.
    public let systems: [OperatingSystem]?
    /// Settings that must be present with these values.
    public let settings: [JSONMember]

    // Kinds and systems as bit sets, so that matching is a mask test.
    private let kindMask: UInt32
    private let systemMask: UInt32

    /// Creates a condition.
    public init(fieldIDs: [String]? = nil, kinds: [FieldKind]? = nil, multiline: Bool? = nil, secure: Bool? = nil,
                systems: [OperatingSystem]? = nil, settings: [JSONMember] = []) {
        self.fieldIDs = fieldIDs
        self.kinds = kinds
        self.multiline = multiline
        self.secure = secure
        self.systems = systems
        self.settings = settings
        kindMask = kinds?.reduce(0) { $0 | $1.bit } ?? ~0
        systemMask = systems?.reduce(0) { $0 | $1.bit } ?? ~0
    }

    /// Whether a field on a platform, with the app's settings, meets every condition.
    public func matches(_ field: FieldDescriptor, on platform: Platform, settings requestSettings: JSONObject) -> Bool {
        guard kindMask & field.kind.bit != 0, systemMask & platform.os.bit != 0 else { return false }
        if fieldIDs?.contains(field.id) == false { return false }
        if let multiline, multiline != field.multiline { return false }
        if let secure, secure != field.secure { return false }
        return settings.isEmpty || settings.allSatisfy { requestSettings[$0.key] == $0.value }
    }

    /// Whether every field this condition's rule would see also matches `self`: then a rule
    /// with `other` placed after a rule with `self` can never match.
    public func covers(_ other: RuleCondition) -> Bool {
        func covers<Value: Equatable>(_ mine: [Value]?, _ theirs: [Value]?) -> Bool {
            guard let mine else { return true }
            guard let theirs else { return false }
            return theirs.allSatisfy(mine.contains)
        }
        func covers(_ mine: Bool?, _ theirs: Bool?) -> Bool {
            guard let mine else { return true }
            return theirs == mine
        }
        return covers(fieldIDs, other.fieldIDs) && covers(kinds, other.kinds) && covers(multiline, other.multiline)
            && covers(secure, other.secure) && covers(systems, other.systems)
            && settings.allSatisfy { setting in other.settings.contains(setting) }
    }
}

extension FieldKind {
    /// This kind's bit in a condition's kind set.
    var bit: UInt32 {
        switch self {
        case .longText: 1 << 0
        case .description: 1 << 1
        case .prompt: 1 << 2
        case .imagePrompt: 1 << 3
        case .name: 1 << 4
        case .title: 1 << 5
        case .keyword: 1 << 6
        case .email: 1 << 7
        case .password: 1 << 8
        case .oneTimeCode: 1 << 9
        }
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
