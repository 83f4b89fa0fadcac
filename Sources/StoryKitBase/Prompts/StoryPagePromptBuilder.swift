/// Builds the prompts of a story written page by page: an outline (a title and one line a
/// page), then each page in plain prose with the outline and the story so far. Small models
/// that cannot keep a whole story inside a JSON object write one plain page well.
///
/// The outline's reply is read by ``StoryOutline/init(reply:pages:)``; a page's reply is
/// the page.
public struct StoryPagePromptBuilder: Sendable {
    /// The context window each prompt and its reply must fit.
    public let contextTokens: Int
    private let estimator = TokenEstimator()

    /// The most tokens of earlier pages a page prompt carries; older text is cut from the start.
    static let storySoFarTokens = 600

    /// Creates a builder.
    public init(contextTokens: Int = PromptBudget.onDeviceContextTokens) throws(StoryKitError) {
        try PromptBudget.checkContext(contextTokens)
        self.contextTokens = contextTokens
    }

    /// The tokens a page's reply may take: two a word, the page's share of the story.
    public static func pageResponseTokens(length: StoryLength) -> Int {
        max(64, length.words * 2 / length.pages + 40)
    }

    /// The outline prompt: a title on the first line, then one numbered line per page.
    ///
    /// - Throws: `.invalidArgument` for an empty theme; `.limit` when the window cannot hold it.
    public func outline(
        hero: HeroDescription, theme: String, ageGroup: AgeGroup, length: StoryLength, language: LanguageTag,
        event: EventDescription? = nil, problems: [String] = []
    ) throws(StoryKitError) -> Prompt {
        try ModelValidation.text(theme, field: "theme", maxCharacters: Int.max)
        let instructions = [
            StoryPromptBuilder.storyRules(ageGroup: ageGroup),
            "Plan a story in \(language.promptName) in \(length.pages) pages.",
            "Reply with the story's title on the first line, then exactly \(length.pages) numbered lines (1. 2. …), one sentence each saying what happens on that page. Nothing else."
        ].joined(separator: "\n")
        var sections = PromptSections(estimator: estimator)
        sections.line("Plan a story about this hero.")
        StoryPromptBuilder.addInputs(to: &sections, hero: hero, theme: theme, event: event)
        sections.lastAnswerProblems(problems, redo: "the plan")
        let replyTokens = 60 + 40 * length.pages
        return try sections.prompt(
            instructions: instructions, replyTokens: replyTokens, temperature: 0.8,
            contextTokens: contextTokens)
    }

    /// The prompt of page `index` (from 0): the outline's line for it and the pages before it.
    ///
    /// - Throws: `.invalidArgument` for an empty theme or an index outside the story;
    ///   `.limit` when the window cannot hold it.
    public func page(
        _ index: Int, of outline: StoryOutline, pagesSoFar: [String], hero: HeroDescription, theme: String,
        ageGroup: AgeGroup, length: StoryLength, language: LanguageTag, event: EventDescription? = nil,
        problems: [String] = []
    ) throws(StoryKitError) -> Prompt {
        try ModelValidation.text(theme, field: "theme", maxCharacters: Int.max)
        guard (0..<length.pages).contains(index) else {
            throw StoryKitError(.invalidArgument, "page \(index) is outside a story of \(length.pages) pages")
        }
        let words = max(
            ageGroup.pageWords.lowerBound * 2, min(length.words / length.pages, ageGroup.pageWords.upperBound / 2))
        let position =
            index == 0 ? "It begins the story." : index == length.pages - 1 ? "It ends the story happily." : ""
        let instructions = [
            StoryPromptBuilder.storyRules(ageGroup: ageGroup),
            "Write page \(index + 1) of \(length.pages) of the story, in \(language.promptName), about \(words) words. \(position)",
            "Reply with only the page's text, as plain prose: no title, no page number, no list, no tags."
        ].joined(separator: "\n")
        var sections = PromptSections(estimator: estimator)
        sections.line("The story is about this hero.")
        StoryPromptBuilder.addInputs(to: &sections, hero: hero, theme: theme, event: event)
        sections.line("The story's title:")
        sections.block("title", outline.title, field: "title", maxTokens: 40)
        if index < outline.scenes.count {
            sections.line("What happens on page \(index + 1):")
            sections.block("scene", outline.scenes[index], field: "scene", maxTokens: 80)
        }
        if !pagesSoFar.isEmpty {
            sections.line("The story so far:")
            // The latest pages matter most: earlier ones are left out until the rest fits.
            var recent = pagesSoFar[...]
            while recent.count > 1, estimator.tokens(in: recent.joined(separator: "\n\n")) > Self.storySoFarTokens {
                recent = recent.dropFirst()
            }
            sections.block(
                "story_so_far", recent.joined(separator: "\n\n"), field: "storySoFar", maxTokens: Self.storySoFarTokens)
        }
        sections.lastAnswerProblems(problems, redo: "the page")
        let replyTokens = Self.pageResponseTokens(length: length)
        return try sections.prompt(
            instructions: instructions, replyTokens: replyTokens, temperature: 0.8,
            contextTokens: contextTokens)
    }

}
