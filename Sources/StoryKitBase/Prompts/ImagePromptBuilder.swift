/// Builds prompts for image models (Imagen's `:predict` takes one prompt string): a hero's
/// avatar, and story illustrations that keep the hero and the style the same on every page.
///
/// Image models do not take instructions apart from the prompt, so user text goes into
/// quotations that it cannot close (``PromptText/quoted(_:)``), and the safety and style
/// constraints come after it, where they have the last word.
public struct ImagePromptBuilder: Sendable {
    /// The style used when none is given.
    public static let defaultStyle =
        "soft watercolor children's book illustration, warm gentle colors, rounded friendly shapes"
    /// The constraints every image prompt ends with.
    public static let safetyConstraints =
        "Child-safe and friendly; nothing scary, violent or unsuitable for young children. No text, letters, words, captions, signatures or watermarks anywhere in the image."

    /// The most tokens a prompt may take: Imagen's limit by default.
    public let maxPromptTokens: Int
    private let estimator = TokenEstimator()

    /// Creates a builder.
    public init(maxPromptTokens: Int = PromptBudget.imagePromptTokens) throws(StoryKitError) {
        try PromptBudget.checkContext(maxPromptTokens)
        self.maxPromptTokens = maxPromptTokens
    }

    /// A builder for Imagen's prompt limit, ``PromptBudget/imagePromptTokens``.
    public static let standard = ImagePromptBuilder(checkedTokens: PromptBudget.imagePromptTokens)

    private init(checkedTokens: Int) {
        maxPromptTokens = checkedTokens
    }

    /// The sentence that fixes how the hero looks; the same for every image of the hero.
    private func character(_ hero: HeroDescription, sections: inout PromptSections) -> String {
        var parts = ["The main character is the same child-friendly storybook hero in every picture"]
        if hero.appearance.contains(where: { !$0.isWhitespace }) {
            parts.append(
                "who looks like this: \(sections.quoted(hero.appearance, field: "hero.appearance", maxTokens: maxPromptTokens / 4))"
            )
        }
        if !hero.traits.isEmpty {
            parts.append(
                "with a personality that is \(sections.quoted(hero.traits.joined(separator: ", "), field: "hero.traits", maxTokens: 40))"
            )
        }
        return parts.joined(separator: ", ") + "."
    }

    /// The sentence of a page drawn with the hero's portrait sent beside the prompt.
    public static let referenceSentence =
        "The picture sent with this text is the hero's portrait: draw that same character, with the same face, hair, clothes and colors."

    /// The style a caller's `style` amounts to: its quotation, or ``defaultStyle`` when it is
    /// absent or blank.
    private func styleText(_ style: String?, sections: inout PromptSections) -> String {
        style.flatMap { $0.contains(where: { !$0.isWhitespace }) ? $0 : nil }
            .map { sections.quoted($0, field: "style", maxTokens: 60) } ?? Self.defaultStyle
    }

    /// The prompt for a hero's avatar, from the hero and the user's own wishes, in `style`
    /// (a book's style, so that its portrait and its pages match; ``defaultStyle`` when nil).
    public func avatar(hero: HeroDescription, customPrompt: String = "", style: String? = nil) throws(StoryKitError)
        -> Prompt
    {
        var sections = PromptSections(estimator: estimator)
        var lines = [
            "A portrait of a children's storybook hero, centered, head and shoulders, simple soft background.",
            character(hero, sections: &sections)
        ]
        if customPrompt.contains(where: { !$0.isWhitespace }) {
            lines.append(
                "The picture should also show: \(sections.quoted(customPrompt, field: "customPrompt", maxTokens: maxPromptTokens / 3))"
            )
        }
        lines.append("Style: \(styleText(style, sections: &sections)).")
        lines.append(Self.safetyConstraints)
        return try finish(lines, sections)
    }

    /// The prompt for the illustration of story page `pageIndex` (0-based). The character and
    /// style sentences come first and are the same on every page of a story; `hasReference`
    /// adds ``referenceSentence``, for a page drawn with the hero's portrait.
    public func illustration(
        hero: HeroDescription, pageText: String, pageIndex: Int, style: String? = nil, hasReference: Bool = false
    ) throws(StoryKitError) -> Prompt {
        guard pageIndex >= 0 else {
            throw StoryKitError(.invalidArgument, "page.index must not be negative, not \(pageIndex)")
        }
        try ModelValidation.text(pageText, field: "page.text", maxCharacters: Int.max)
        var sections = PromptSections(estimator: estimator)
        var lines = [
            "An illustration for a children's picture book. Style, the same on every page: \(styleText(style, sections: &sections)).",
            character(hero, sections: &sections)
        ]
        if hasReference { lines.append(Self.referenceSentence) }
        lines.append(
            "This picture shows the scene of page \(pageIndex + 1): \(sections.quoted(pageText, field: "page.text", maxTokens: maxPromptTokens / 3))"
        )
        lines.append(Self.safetyConstraints)
        return try finish(lines, sections)
    }

    private func finish(_ lines: [String], _ sections: PromptSections) throws(StoryKitError) -> Prompt {
        let prompt = Prompt(
            instructions: "", prompt: lines.joined(separator: "\n"), maxResponseTokens: nil, temperature: nil,
            truncations: sections.truncations, estimator: estimator)
        try PromptSections.check(prompt, replyTokens: 0, contextTokens: maxPromptTokens)
        return prompt
    }
}
