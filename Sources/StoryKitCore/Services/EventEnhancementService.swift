/// Enhances a custom event, the story app's other text job: a parent's title, description
/// and idea become 2 to 4 sentences a story prompt can weave in. The reply is checked as a
/// story page is (``StoryCheck``'s markup, link, code fence, JSON and prompt-tag rules, and
/// ``wordBounds``), never taken when cut at its output limit, and asked again once when
/// refused.
///
///     let service = EventEnhancementService(generator: model)
///     let enhanced = try await service.enhance(event, language: LanguageTag("en")!)
public struct EventEnhancementService: Sendable {
    /// The words an enhanced description may hold.
    public static let wordBounds = 5...150

    /// What the service answered.
    public struct Outcome: Sendable, Hashable {
        /// The enhanced description.
        public var description: String
        /// The refused replies' issues, one list a reply.
        public var refused: [[StoryIssue]]
        /// The model requests made.
        public var requests: Int

        /// `{"description":"…","attempts":[{"issues":[…],"error":null}],"requests":1}`.
        public var json: JSONValue {
            [
                "description": .string(description),
                "attempts": .array(refused.map { ["issues": .array($0.map(\.json)), "error": .null] }),
                "requests": .number(JSONNumber(requests))
            ]
        }
    }

    /// The model.
    public var generator: any TextGenerator
    /// The context window the prompt and reply must fit.
    public var contextTokens: Int
    /// How the requests sample.
    public var sampling = CorrectionSampling()

    /// Creates a service.
    public init(generator: any TextGenerator, contextTokens: Int = PromptBudget.onDeviceContextTokens) {
        self.generator = generator
        self.contextTokens = contextTokens
    }

    /// The enhanced description of `event`, in `language`.
    ///
    /// - Throws: `.invalidArgument` or `.limit` for an event no prompt holds; `.api` when
    ///   both replies were refused (their reasons listed) or the model failed; `.transport`.
    public func enhance(_ event: EventDescription, language: LanguageTag) async throws(StoryKitError) -> Outcome {
        let builder = try EventEnhancementPromptBuilder(contextTokens: contextTokens)
        var refused: [[StoryIssue]] = []
        for _ in 1...2 {
            let prompt = try builder.build(
                event: event, language: language, problems: refused.last.map { $0.map(\.detail) } ?? [])
            let request = sampling.applied(
                to: TextGenerationRequest(model: generator.model, prompt: prompt), promptTemperature: prompt.temperature
            )
            let result: GenerationResult
            do {
                result = try await generator.respond(to: request)
            } catch {
                throw error.storyKitError
            }
            let text = StoryWriter.pageText(result.text)
            let issues = Self.issues(text, finishReason: result.finishReason)
            if issues.isEmpty { return Outcome(description: text, refused: refused, requests: refused.count + 1) }
            refused.append(issues)
        }
        let reasons = refused.map { $0.map(\.detail).joined(separator: ", ") }.joined(separator: "; ")
        throw StoryKitError(.api, "no usable event description (2 requests): \(reasons)")
    }

    /// What is wrong with an enhanced description.
    static func issues(_ text: String, finishReason: FinishReason?) -> [StoryIssue] {
        if finishReason == .maxTokens { return [StoryIssue(.truncated, "the reply was cut at its output limit")] }
        let count = StoryCheck.words(in: text).count
        var issues = StoryCheck.syntaxIssues(text, page: nil, place: "the description")
        if !wordBounds.contains(count) {
            issues.append(
                StoryIssue(
                    .pageLength,
                    "the description has \(count) words, not \(wordBounds.lowerBound) to \(wordBounds.upperBound)"))
        }
        return issues
    }
}
