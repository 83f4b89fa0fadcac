/// The hero of a story: a named character with traits and an appearance.
///
/// JSON: `{"id":"h1","name":"Mia","traits":["brave","curious"],"appearance":"red boots","avatarIllustrationID":null}`.
public struct Hero: Sendable, Hashable, JSONConvertible {
    /// The longest name, in characters.
    public static let maxNameCharacters = 80
    /// The most traits a hero may have.
    public static let maxTraits = 20

    /// The record id: 1 to 128 UTF-8 bytes, no control characters, no `/` or `\\`, not `.` or `..`.
    public var id: String
    /// The hero's name; never empty.
    public var name: String
    /// Character traits such as "brave", in the order the user gave them.
    public var traits: [String]
    /// What the hero looks like, used to keep illustrations consistent.
    public var appearance: String
    /// The id of the hero's avatar illustration, when one was made.
    public var avatarIllustrationID: String?

    /// Creates a hero, checking every field.
    ///
    /// - Throws: `.invalidArgument` for an empty or over-long name, a bad id, an empty trait,
    ///   or more than ``maxTraits`` traits.
    public init(
        id: String, name: String, traits: [String] = [], appearance: String = "", avatarIllustrationID: String? = nil
    ) throws(StoryKitError) {
        try ModelValidation.id(id, field: "hero id")
        try ModelValidation.text(name, field: "hero name", maxCharacters: Self.maxNameCharacters)
        guard traits.count <= Self.maxTraits else {
            throw StoryKitError(.invalidArgument, "a hero has at most \(Self.maxTraits) traits, not \(traits.count)")
        }
        for trait in traits {
            try ModelValidation.text(trait, field: "hero trait", maxCharacters: Self.maxNameCharacters)
        }
        try ModelValidation.optionalText(appearance, field: "hero appearance", maxCharacters: 2000)
        if let avatarIllustrationID { try ModelValidation.id(avatarIllustrationID, field: "avatarIllustrationID") }
        self.id = id
        self.name = name
        self.traits = traits
        self.appearance = appearance
        self.avatarIllustrationID = avatarIllustrationID
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, traits, appearance, avatarIllustrationID
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            id: container.decode(String.self, forKey: .id),
            name: container.decode(String.self, forKey: .name),
            traits: container.decodeIfPresent([String].self, forKey: .traits) ?? [],
            appearance: container.decodeIfPresent(String.self, forKey: .appearance) ?? "",
            avatarIllustrationID: container.decodeIfPresent(String.self, forKey: .avatarIllustrationID)
        )
    }
}
