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
    public init(
        fieldIDs: [String]? = nil, kinds: [FieldKind]? = nil, multiline: Bool? = nil, secure: Bool? = nil,
        systems: [OperatingSystem]? = nil, settings: [JSONMember] = []
    ) {
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
