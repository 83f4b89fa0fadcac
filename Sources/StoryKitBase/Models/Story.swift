/// A generated story: a title and its pages, with the hero, theme and audience it was made for.
///
/// JSON: `{"id":"s1","title":"Mia and the Moon","pages":["Once...","Then..."],"heroID":"h1",
/// "theme":"friendship","ageGroup":"4-6","language":"en","eventID":null,"createdAt":1732230000000}`.
public struct Story: Sendable, Hashable, JSONConvertible {
    /// The most pages a story may have.
    public static let maxPages = 200

    /// The record id.
    public var id: String
    /// The story's title; never empty.
    public var title: String
    /// The story's pages, in reading order; at least one.
    public var pages: [String]
    /// The id of the hero, when the story has one.
    public var heroID: String?
    /// The theme the story was asked for, such as "friendship".
    public var theme: String
    /// The child's age group, such as "4-6".
    public var ageGroup: String?
    /// The story's language as a BCP 47 tag, such as "en" or "es-MX".
    public var language: String?
    /// The id of the custom event woven into the story, if any.
    public var eventID: String?
    /// When the story was created, in milliseconds since 1970-01-01 UTC.
    public var createdAt: Int64

    /// Creates a story, checking every field.
    ///
    /// - Throws: `.invalidArgument` for a bad id, an empty title, no pages or an empty page,
    ///   more than ``maxPages`` pages, or a negative `createdAt`.
    public init(
        id: String, title: String, pages: [String], heroID: String? = nil, theme: String = "",
        ageGroup: String? = nil, language: String? = nil, eventID: String? = nil, createdAt: Int64 = 0
    ) throws(StoryKitError) {
        try ModelValidation.id(id, field: "story id")
        try ModelValidation.text(title, field: "story title", maxCharacters: 300)
        guard !pages.isEmpty, pages.count <= Self.maxPages else {
            throw StoryKitError(.invalidArgument, "a story has 1 to \(Self.maxPages) pages, not \(pages.count)")
        }
        for (index, page) in pages.enumerated() {
            try ModelValidation.text(page, field: "story page \(index)", maxCharacters: 20_000)
        }
        if let heroID { try ModelValidation.id(heroID, field: "heroID") }
        if let eventID { try ModelValidation.id(eventID, field: "eventID") }
        try ModelValidation.optionalText(theme, field: "story theme", maxCharacters: 300)
        guard createdAt >= 0 else { throw StoryKitError(.invalidArgument, "createdAt must not be negative") }
        self.id = id
        self.title = title
        self.pages = pages
        self.heroID = heroID
        self.theme = theme
        self.ageGroup = ageGroup
        self.language = language
        self.eventID = eventID
        self.createdAt = createdAt
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, pages, heroID, theme, ageGroup, language, eventID, createdAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            id: container.decode(String.self, forKey: .id),
            title: container.decode(String.self, forKey: .title),
            pages: container.decode([String].self, forKey: .pages),
            heroID: container.decodeIfPresent(String.self, forKey: .heroID),
            theme: container.decodeIfPresent(String.self, forKey: .theme) ?? "",
            ageGroup: container.decodeIfPresent(String.self, forKey: .ageGroup),
            language: container.decodeIfPresent(String.self, forKey: .language),
            eventID: container.decodeIfPresent(String.self, forKey: .eventID),
            createdAt: container.decodeIfPresent(Int64.self, forKey: .createdAt) ?? 0
        )
    }
}
