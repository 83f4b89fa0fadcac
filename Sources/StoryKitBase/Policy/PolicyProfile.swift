/// A policy profile: the data that decides Writing Tools per field (ordered rules) and the
/// project's minimum deployment target. Two ship inside the library (``builtIn(named:)``);
/// an app can load its own, or extend a built-in one and override single rules.
///
/// JSON: `{"name":"myApp","extends":"default","minimumTarget":"18.1","writingTools":[rules]}`.
/// With `extends`, a rule whose id is in the base profile replaces that rule where it stands;
/// other rules go before all the base rules, so the app's own rules are tried first, unless
/// they say `"before": "id"` or `"after": "id"` of a base rule; a missing `minimumTarget` is
/// the base profile's.
public struct PolicyProfile: Sendable, Hashable {
    /// The profile's name.
    public let name: String
    /// The lowest OS version a project using this profile may target.
    public let minimumTarget: OSVersion
    /// The Writing Tools rules, in the order they are tried.
    public let writingToolsRules: [WritingToolsRule]

    /// Creates a profile, checking its rules.
    ///
    /// - Throws: `.invalidArgument` naming the rule for duplicate ids, an empty reason, or a
    ///   rule that can never match because an earlier rule matches every field it would.
    public init(name: String, minimumTarget: OSVersion, writingToolsRules: [WritingToolsRule]) throws(StoryKitError) {
        guard !name.isEmpty else { throw StoryKitError(.invalidArgument, "a profile's name must not be empty") }
        var seen: Set<String> = []
        for (index, rule) in writingToolsRules.enumerated() {
            guard !rule.id.isEmpty else {
                throw StoryKitError(.invalidArgument, "profile \"\(name)\": rule \(index) has an empty id")
            }
            guard seen.insert(rule.id).inserted else {
                throw StoryKitError(.invalidArgument, "profile \"\(name)\": two rules have the id \"\(rule.id)\"")
            }
            guard rule.reason.contains(where: { !$0.isWhitespace }) else {
                throw StoryKitError(.invalidArgument, "profile \"\(name)\": rule \"\(rule.id)\" has no reason")
            }
            if let earlier = writingToolsRules[..<index].first(where: { $0.condition.covers(rule.condition) }) {
                throw StoryKitError(
                    .invalidArgument,
                    "profile \"\(name)\": rule \"\(rule.id)\" can never match: rule \"\(earlier.id)\" before it matches every field it would (to change \"\(earlier.id)\", give the new rule its id)"
                )
            }
        }
        self.name = name
        self.minimumTarget = minimumTarget
        self.writingToolsRules = writingToolsRules
    }

    /// Reads a profile from JSON text.
    ///
    /// - Throws: `.parse` for text that is not JSON; `.invalidArgument` naming the key or rule
    ///   at fault; `.notFound` for an unknown `extends`.
    public init(jsonText: String) throws(StoryKitError) {
        try self.init(json: JSONValue.parsed(jsonText))
    }

    /// Reads a profile from JSON.
    public init(json: JSONValue) throws(StoryKitError) {
        var reader = try JSONFieldReader(json, noun: "profile key")
        let name = try reader.string("name")
        _ = try reader.optionalString("description")
        let base = try reader.optionalString("extends").map { (baseName) throws(StoryKitError) in
            try Self.builtIn(named: baseName)
        }
        let target: OSVersion
        if let text = try reader.optionalString("minimumTarget") {
            guard let version = OSVersion(text) else {
                throw StoryKitError(
                    .invalidArgument,
                    "profile \"\(name)\": minimumTarget must be a version such as \"18.1\", not \"\(text)\"")
            }
            target = version
        } else if let base {
            target = base.minimumTarget
        } else {
            throw StoryKitError(.invalidArgument, "profile \"\(name)\": minimumTarget is missing")
        }
        guard let rulesValue = reader.value("writingTools") else {
            throw StoryKitError(.invalidArgument, "profile \"\(name)\": writingTools is missing")
        }
        guard let array = rulesValue.arrayValue else {
            throw StoryKitError(.invalidArgument, "profile \"\(name)\": writingTools must be an array of rules")
        }
        try reader.finish()
        var rules: [WritingToolsRule] = []
        var placements: [Placement?] = []
        for (index, element) in array.enumerated() {
            let (rule, placement) = try Self.rule(element, index: index, profile: name, extending: base != nil)
            rules.append(rule)
            placements.append(placement)
        }
        if let base {
            var merged = base.writingToolsRules
            var first: [WritingToolsRule] = []
            for (rule, placement) in zip(rules, placements) {
                if let position = merged.firstIndex(where: { $0.id == rule.id }) {
                    merged[position] = rule
                } else if let placement {
                    guard let anchor = merged.firstIndex(where: { $0.id == placement.anchor }) else {
                        throw StoryKitError(
                            .invalidArgument,
                            "profile \"\(name)\": rule \"\(rule.id)\" is placed \(placement.after ? "after" : "before") \"\(placement.anchor)\", which is not a rule of \"\(base.name)\""
                        )
                    }
                    merged.insert(rule, at: placement.after ? anchor + 1 : anchor)
                } else {
                    first.append(rule)
                }
            }
            rules = first + merged
        }
        try self.init(name: name, minimumTarget: target, writingToolsRules: rules)
    }

    /// Where an extending profile puts a new rule among the base rules.
    private struct Placement {
        var anchor: String
        var after: Bool
    }

    private static func rule(_ value: JSONValue, index: Int, profile: String, extending: Bool) throws(StoryKitError)
        -> (WritingToolsRule, Placement?)
    {
        let label = value["id"]?.stringValue.map { "rule \"\($0)\"" } ?? "rule \(index)"
        do throws(StoryKitError) {
            var reader = try JSONFieldReader(value, noun: "key", path: "")
            let id = try reader.string("id")
            let behavior: WritingToolsBehavior = try reader.choice("behavior")
            let reason = try reader.string("reason")
            var options: [WritingToolsResultOption] = [.plainText]
            if reader.contains("resultOptions") {
                options = try reader.strings("resultOptions").map { (text) throws(StoryKitError) in
                    guard let option = WritingToolsResultOption(rawValue: text) else {
                        throw StoryKitError(
                            .invalidArgument,
                            "resultOptions has \"\(text)\"; known: \(WritingToolsResultOption.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))"
                        )
                    }
                    return option
                }
                if behavior == .disabled, !options.isEmpty {
                    throw StoryKitError(.invalidArgument, "a disabled rule has no resultOptions")
                }
                if behavior != .disabled, options.isEmpty {
                    throw StoryKitError(
                        .invalidArgument, "resultOptions must not be empty for \"\(behavior.rawValue)\"")
                }
            }
            var condition = RuleCondition()
            if var when = try reader.optionalObject("when") {
                let fieldIDs = try Self.strings(&when, "field")
                let kinds: [FieldKind]? = try Self.strings(&when, "kind").map { (names) throws(StoryKitError) in
                    try names.map { (text) throws(StoryKitError) in try PolicyRequest.enumValue(text, key: "when.kind")
                    }
                }
                let systems: [OperatingSystem]? = try Self.strings(&when, "os").map { (names) throws(StoryKitError) in
                    try names.map { (text) throws(StoryKitError) in try PolicyRequest.enumValue(text, key: "when.os") }
                }
                let multiline = try when.optionalBoolean("multiline")
                let secure = try when.optionalBoolean("secure")
                var settingMembers: [JSONMember] = []
                if let settings = when.value("settings") {
                    guard let object = settings.objectValue else {
                        throw StoryKitError(
                            .invalidArgument,
                            "when.settings must be an object, not \(JSONFieldReader.describe(settings))")
                    }
                    settingMembers = object.members
                }
                try when.finish()
                condition = RuleCondition(
                    fieldIDs: fieldIDs, kinds: kinds, multiline: multiline, secure: secure,
                    systems: systems, settings: settingMembers)
            }
            var placement: Placement?
            if extending {
                let before = try reader.optionalString("before")
                let after = try reader.optionalString("after")
                guard before == nil || after == nil else {
                    throw StoryKitError(.invalidArgument, "give \"before\" or \"after\", not both")
                }
                placement = (before ?? after).map { Placement(anchor: $0, after: after != nil) }
            }
            try reader.finish()
            return (
                WritingToolsRule(
                    id: id, condition: condition, behavior: behavior, resultOptions: options, reason: reason), placement
            )
        } catch {
            throw StoryKitError(error.code, "profile \"\(profile)\": \(label): \(error.message)")
        }
    }

    /// A condition given as one string or an array of strings.
    private static func strings(_ reader: inout JSONFieldReader, _ key: String) throws(StoryKitError) -> [String]? {
        guard reader.contains(key) else {
            _ = reader.value(key)
            return nil
        }
        if let single = reader.peek(key)?.stringValue {
            _ = reader.value(key)
            return [single]
        }
        let values = try reader.strings(key)
        guard !values.isEmpty else {
            throw StoryKitError(.invalidArgument, "\(reader.name(key)) must not be an empty array")
        }
        return values
    }

    /// The profiles that ship inside the library: `default` (the story app's final spec) and
    /// `proposal` (its earlier proposal).
    public static let builtInNames = ["default", "proposal"]

    /// A built-in profile.
    ///
    /// - Throws: `.notFound` for a name other than ``builtInNames``.
    public static func builtIn(named name: String) throws(StoryKitError) -> PolicyProfile {
        switch name {
        case "default": return try BuiltInProfiles.standard.get()
        case "proposal": return try BuiltInProfiles.proposal.get()
        default:
            throw StoryKitError(
                .notFound, "no built-in profile \"\(name)\"; built-in profiles: \"default\", \"proposal\"")
        }
    }
}
