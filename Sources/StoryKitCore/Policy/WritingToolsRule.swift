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
    public var fieldIDs: [String]?
    /// Field kinds the rule applies to.
    public var kinds: [FieldKind]?
    /// Whether the field must be multi-line (or single-line).
    public var multiline: Bool?
    /// Whether the field must be secure (or not).
    public var secure: Bool?
    /// Operating systems the rule applies to.
    public var systems: [OperatingSystem]?
    /// Settings that must be present with these values.
    public var settings: [JSONMember]

    /// Creates a condition.
    public init(fieldIDs: [String]? = nil, kinds: [FieldKind]? = nil, multiline: Bool? = nil, secure: Bool? = nil,
                systems: [OperatingSystem]? = nil, settings: [JSONMember] = []) {
        self.fieldIDs = fieldIDs
        self.kinds = kinds
        self.multiline = multiline
        self.secure = secure
        self.systems = systems
        self.settings = settings
    }

    /// Whether a field on a platform, with the app's settings, meets every condition.
    @inlinable
    public func matches(_ field: FieldDescriptor, on platform: Platform, settings requestSettings: JSONObject) -> Bool {
        if let kinds, !kinds.contains(field.kind) { return false }
        if let fieldIDs, !fieldIDs.contains(field.id) { return false }
        if let multiline, multiline != field.multiline { return false }
        if let secure, secure != field.secure { return false }
        if let systems, !systems.contains(platform.os) { return false }
        for setting in settings where requestSettings[setting.key] != setting.value { return false }
        return true
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
