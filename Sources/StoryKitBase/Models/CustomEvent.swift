/// A custom event a user adds to stories, such as a birthday or a first day at school.
///
/// JSON: `{"id":"e1","title":"First day at school","description":"...","promptSeed":"..."}`.
public struct CustomEvent: Sendable, Hashable, JSONConvertible {
    /// The record id.
    public var id: String
    /// The event's title; never empty.
    public var title: String
    /// What happens, in the user's words.
    public var description: String
    /// A seed the AI enhancement step expands into a story prompt.
    public var promptSeed: String

    /// Creates an event, checking every field.
    ///
    /// - Throws: `.invalidArgument` for a bad id, an empty title or over-long text.
    public init(id: String, title: String, description: String = "", promptSeed: String = "") throws(StoryKitError) {
        try ModelValidation.id(id, field: "event id")
        try ModelValidation.text(title, field: "event title", maxCharacters: 200)
        try ModelValidation.optionalText(description, field: "event description", maxCharacters: 5000)
        try ModelValidation.optionalText(promptSeed, field: "event promptSeed", maxCharacters: 5000)
        self.id = id
        self.title = title
        self.description = description
        self.promptSeed = promptSeed
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, description, promptSeed
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            id: container.decode(String.self, forKey: .id),
            title: container.decode(String.self, forKey: .title),
            description: container.decodeIfPresent(String.self, forKey: .description) ?? "",
            promptSeed: container.decodeIfPresent(String.self, forKey: .promptSeed) ?? ""
        )
    }
}
