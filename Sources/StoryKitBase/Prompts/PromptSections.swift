/// A prompt being assembled line by line, with user text placed in blocks or quotations cut
/// to their budgets and every cut recorded.
struct PromptSections {
    private(set) var lines: [String] = []
    private(set) var truncations: [PromptTruncation] = []
    let estimator: TokenEstimator

    init(estimator: TokenEstimator = TokenEstimator()) {
        self.estimator = estimator
    }

    mutating func line(_ text: String) {
        lines.append(text)
    }

    /// Adds user text as a block named `name`, cut to `maxTokens`.
    mutating func block(_ name: String, _ text: String, field: String, maxTokens: Int) {
        let kept = PromptBudget.fit(
            text, PromptBudget.Field(name: field, maxTokens: maxTokens), estimator: estimator, truncations: &truncations
        )
        lines.append(PromptText.block(name, kept))
    }

    /// Adds user text as a block unless it is blank.
    mutating func optionalBlock(_ name: String, _ text: String, field: String, maxTokens: Int) {
        if text.contains(where: { !$0.isWhitespace }) { block(name, text, field: field, maxTokens: maxTokens) }
    }

    /// Says what was wrong with the last answer, for a re-ask: each problem, then that
    /// `what` is to be written again without them. Nothing when there are none.
    mutating func lastAnswerProblems(_ problems: [String], redo what: String) {
        guard !problems.isEmpty else { return }
        lines.append(
            "Your last answer could not be used: \(problems.joined(separator: "; ")). Write \(what) again without these problems."
        )
    }

    /// Adds an event's title, description and seed as blocks; the description gets
    /// `detailTokens` and the seed two thirds of that.
    mutating func event(_ event: EventDescription, detailTokens: Int) {
        block("event_title", event.title, field: "event.title", maxTokens: 40)
        optionalBlock("event_description", event.description, field: "event.description", maxTokens: detailTokens)
        optionalBlock("prompt_seed", event.promptSeed, field: "event.promptSeed", maxTokens: detailTokens * 2 / 3)
    }

    /// User text cut to `maxTokens` and quoted on one line, for image prompts.
    mutating func quoted(_ text: String, field: String, maxTokens: Int) -> String {
        PromptText.quoted(
            PromptBudget.fit(
                text, PromptBudget.Field(name: field, maxTokens: maxTokens), estimator: estimator,
                truncations: &truncations))
    }

    func joined(separator: String = "\n") -> String {
        lines.joined(separator: separator)
    }

    /// The prompt these sections make with `instructions`, checked to fit `contextTokens`
    /// with a reply of `replyTokens`.
    func prompt(
        instructions: String, responseSchema: JSONValue? = nil, replyTokens: Int, temperature: Double,
        contextTokens: Int
    ) throws(StoryKitError) -> Prompt {
        let prompt = Prompt(
            instructions: instructions, prompt: joined(), responseSchema: responseSchema,
            maxResponseTokens: replyTokens, temperature: temperature, truncations: truncations, estimator: estimator)
        try Self.check(prompt, replyTokens: replyTokens, contextTokens: contextTokens)
        return prompt
    }

    /// Throws `.limit` when `prompt` and its reply do not fit `contextTokens`.
    static func check(_ prompt: Prompt, replyTokens: Int, contextTokens: Int) throws(StoryKitError) {
        guard prompt.estimatedTokens + replyTokens <= contextTokens else {
            throw StoryKitError(
                .limit,
                "the prompt needs about \(prompt.estimatedTokens) tokens and its reply \(replyTokens), over the context of \(contextTokens) tokens"
            )
        }
    }
}
