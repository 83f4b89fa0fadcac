/// Writes a children's story from a ``StoryBrief``, end to end: asks a model in the chosen
/// ``StoryShape``, shows the title and each page as they complete, checks the story
/// (``StoryCheck``) before anyone sees or saves it, asks again once saying what was wrong,
/// then walks the chain of backends; saves the story when given a store.
///
/// A reply cut at its output limit is never taken. A story is returned only when it passes
/// every rule; when no backend writes one, the call fails with every attempt's reasons and
/// nothing is saved.
///
///     let service = StoryService(backends: [.remote], generators: [.remote: model])
///     let outcome = try await service.write(brief, saveTo: store.stories) { snapshot in show(snapshot) }
///     outcome.story.pages
public struct StoryService: Sendable {
    /// The backends to try, in order; one without a generator is recorded as unavailable.
    /// The offline backend writes no stories.
    public var backends: [CorrectionBackend]
    /// The model behind each backend.
    public var generators: [CorrectionBackend: any TextGenerator]
    /// How stories are asked for; `nil`: ``defaultShape``.
    public var shape: StoryShape?
    /// The context window each prompt and its reply must fit.
    public var contextTokens: Int
    /// How the requests sample (temperature, top-p, seed, output limit).
    public var sampling = CorrectionSampling()
    /// Tells a text's language for the language rule; the offline corrector's teller over
    /// the packs it reads, or `nil` to leave the rule out.
    public var languageTeller: OfflineCorrector?
    /// The time a story is created at, in milliseconds since 1970.
    public var now: @Sendable () -> Int64 = { FileSystem.nowMilliseconds() }

    /// The shape used when none is set: page by page, which gave more good stories on
    /// SmolLM2-135M (`Examples/python/bench_story.py`) and which any model can follow.
    public static let defaultShape = StoryShape.pages

    /// Creates a service.
    public init(
        backends: [CorrectionBackend] = [.remote], generators: [CorrectionBackend: any TextGenerator] = [:],
        shape: StoryShape? = nil, contextTokens: Int = PromptBudget.onDeviceContextTokens,
        languageTeller: OfflineCorrector? = OfflineCorrector()
    ) {
        self.backends = backends
        self.generators = generators
        self.shape = shape
        self.contextTokens = contextTokens
        self.languageTeller = languageTeller
    }

    /// Writes a story for `brief` with the id `id` (a new one when `nil`), saving it to
    /// `repository` when given. `onUpdate` receives a snapshot each time the title or a page
    /// completes and passes the page check, and last the story returned.
    ///
    /// - Throws: `.invalidArgument` for a bad id or settings; `.limit` when a prompt cannot
    ///   fit the context window; `.transport` when cancelled; `.api` when no backend wrote a
    ///   usable story, listing every attempt; the repository's error when saving fails.
    public func write(
        _ brief: StoryBrief, id: String? = nil, saveTo repository: (any StoryRepository)? = nil,
        onUpdate: (@Sendable (StorySnapshot) -> Void)? = nil
    ) async throws(StoryKitError) -> StoryOutcome {
        let storyID = id ?? Self.newID()
        try ModelValidation.id(storyID, field: "id")
        // The prompts are built once before any request, so a brief no window holds fails
        // before anything is spent.
        _ = try StoryPromptBuilder(contextTokens: contextTokens).build(
            hero: brief.hero, theme: brief.theme, ageGroup: brief.ageGroup, length: brief.length,
            language: brief.language, event: brief.event)
        let check = StoryCheck(
            brief: brief, languageOf: languageTeller.flatMap { Self.teller($0, asked: brief.language.language) })
        var attempts: [StoryAttempt] = []
        var requests = 0
        for backend in backends {
            guard backend != .offline, let generator = generators[backend] else {
                let detail =
                    backend == .offline
                    ? "the offline backend writes no stories" : "no generator is configured for \(backend.rawValue)"
                attempts.append(StoryAttempt(backend: backend, error: GenerationError(.unavailable, detail: detail)))
                continue
            }
            let shape = self.shape ?? Self.defaultShape
            var writer = StoryWriter(
                generator: generator, brief: brief, check: check, sampling: sampling, contextTokens: contextTokens,
                onUpdate: onUpdate)
            var problems: [String] = []
            var refused: StoryWriter.Draft?
            var recorded = 0
            for _ in 1...2 {
                let draft: StoryWriter.Draft
                do {
                    draft =
                        try await shape == .whole
                        ? writer.whole(problems: problems) : writer.byPages(problems: problems, continuing: refused)
                } catch  where error.kind == .cancelled {
                    throw error.storyKitError
                } catch {
                    attempts.append(StoryAttempt(backend: backend, shape: shape, error: error))
                    break
                }
                requests = writer.requests
                attempts += writer.refusedReplies.dropFirst(recorded).map {
                    StoryAttempt(backend: backend, shape: shape, issues: $0)
                }
                recorded = writer.refusedReplies.count
                guard draft.issues.isEmpty, let title = draft.title else {
                    problems = Array(draft.issues.prefix(5).map(\.detail))
                    // A story stopped at a refused page goes on from it; the pages before it
                    // passed and were shown.
                    let stoppedAtPage = draft.title != nil && draft.issues.allSatisfy { $0.page == draft.pages.count }
                    refused = stoppedAtPage ? draft : nil
                    continue
                }
                let story = try Story(
                    id: storyID, title: title, pages: draft.pages, heroID: brief.heroID, theme: brief.theme,
                    ageGroup: brief.ageGroup.description, language: brief.language.description,
                    eventID: brief.eventID, createdAt: now())
                if let repository { try await repository.save(story) }
                onUpdate?(StorySnapshot(title: story.title, pages: story.pages, isFinal: true))
                return StoryOutcome(
                    story: story, backend: backend, shape: shape, attempts: attempts, requests: requests,
                    saved: repository != nil)
            }
            requests = writer.requests
        }
        let reasons = attempts.map(\.description).joined(separator: "; ")
        throw StoryKitError(.api, "no backend wrote a usable story (\(requests) requests): \(reasons)")
    }

    /// A new story id: `story-` and 16 random hexadecimal digits, what ``write(_:id:saveTo:onUpdate:)``
    /// saves under when given no id.
    public static func newID() -> String {
        let digits = String(UInt64.random(in: .min ... .max), radix: 16)
        return "story-" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The language a text reads as, by `corrector`'s teller, for a story asked in `asked`;
    /// `nil` (no language rule) when none of its packs reads `asked`, since it could only
    /// guess what that language looks like.
    static func teller(_ corrector: OfflineCorrector, asked: String) -> (@Sendable (String) -> String?)? {
        guard corrector.packs.contains(where: { $0.language.language == asked }) else { return nil }
        return { text in corrector.language(of: text) }
    }
}
