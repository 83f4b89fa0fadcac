/// What a story is to be written about: the hero, the theme, the audience, the length and
/// the language, an optional event from the child's life, and the words a parent does not
/// want in it.
///
///     let brief = try StoryBrief(hero: HeroDescription(name: "Mia", traits: ["brave"]),
///                                theme: "a lost kite", ageGroup: AgeGroup("4-6")!, length: .short,
///                                language: LanguageTag("en")!)
public struct StoryBrief: Sendable, Hashable {
    /// The most words `avoidWords` may hold.
    public static let maxAvoidWords = 1000

    /// The hero.
    public var hero: HeroDescription
    /// The saved hero's id, recorded in the story.
    public var heroID: String?
    /// The theme, such as "friendship".
    public var theme: String
    /// The child's age group.
    public var ageGroup: AgeGroup
    /// How long the story is, and in how many pages.
    public var length: StoryLength
    /// The story's language.
    public var language: LanguageTag
    /// An event from the child's life to weave in.
    public var event: EventDescription?
    /// The saved event's id, recorded in the story.
    public var eventID: String?
    /// Whole words the story must not hold, compared as the corrector compares letters.
    public var avoidWords: [String]

    /// Creates a brief, checking it.
    ///
    /// - Throws: `.invalidArgument` naming the field: an empty or over-long theme, a bad id,
    ///   an input holding a tag of StoryKit's prompts (`</hero_name>`), an avoided word that
    ///   is not one word of letters, or too many of them.
    public init(
        hero: HeroDescription, heroID: String? = nil, theme: String, ageGroup: AgeGroup, length: StoryLength,
        language: LanguageTag, event: EventDescription? = nil, eventID: String? = nil, avoidWords: [String] = []
    ) throws(StoryKitError) {
        try ModelValidation.text(theme, field: "theme", maxCharacters: 300)
        if let heroID { try ModelValidation.id(heroID, field: "heroID") }
        if let eventID { try ModelValidation.id(eventID, field: "eventID") }
        guard avoidWords.count <= Self.maxAvoidWords else {
            throw StoryKitError(
                .invalidArgument, "avoidWords holds \(avoidWords.count) words, over the limit of \(Self.maxAvoidWords)")
        }
        for word in avoidWords where FoldedWord.key(word).map({ $0.isEmpty || $0.contains(0x27) }) ?? true {
            throw StoryKitError(
                .invalidArgument,
                "avoidWords: \(JSONValue.string(word).formatted()) is not one word of letters, so it could never match")
        }
        var fields = [("hero.name", hero.name), ("hero.appearance", hero.appearance), ("theme", theme)]
        fields += hero.traits.map { ("hero.traits", $0) }
        for (field, text) in fields {
            // A prompt's tag in an input could only be an attempt to end its block early.
            if let tag = StoryCheck.syntaxIssues(text, page: nil, place: field).first(where: { $0.rule == .promptTag })
            {
                throw StoryKitError(.invalidArgument, "\(tag.detail): inputs may not hold the prompts' tags")
            }
        }
        self.hero = hero
        self.heroID = heroID
        self.theme = theme
        self.ageGroup = ageGroup
        self.length = length
        self.language = language
        self.event = event
        self.eventID = eventID
        self.avoidWords = avoidWords
    }
}
