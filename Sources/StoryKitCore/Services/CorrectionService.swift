/// Corrects text typed with tremor typos, end to end: builds the correction prompt, asks a
/// model, reads and checks its versions, asks once more when the reply was unusable, and
/// walks the chain of backends the policy engine chose (``Capabilities/correctionBackends``)
/// when one is unavailable. The offline corrector, which needs no model, ends every chain.
///
/// A backend with a generator that takes a response schema gets the structured prompt,
/// any other the numbered one. A reply with the wrong number of versions, duplicates, or
/// nothing readable is re-asked once with the retry prompt; if the second reply is still
/// unreadable the next backend is tried, while a readable one is returned with its issues.
/// A text longer than one prompt holds (with room for a re-ask) is corrected in pieces cut
/// after sentence ends, joined again, with a ``VariationIssue/split(pieces:)`` issue: the
/// whole text is corrected, never only the start that fitted.
///
///     let service = CorrectionService(backends: capabilities.correctionBackends,
///                                     generators: [.remote: gemini])
///     let outcome = try await service.correct("I wnat to go hmoe") { snapshot in show(snapshot) }
///     outcome.variations.variations.map(\.text)
public struct CorrectionService: Sendable {
    /// The backends to try, in order. ``CorrectionBackend/offline`` is added at the end
    /// when the chain lacks it.
    public var backends: [CorrectionBackend]
    /// The model behind each model backend; a backend without one is skipped as unavailable.
    public var generators: [CorrectionBackend: any TextGenerator]
    /// The corrector of the offline backend.
    public var offline: OfflineCorrector
    /// How many versions to ask for (1 to ``CorrectionPromptBuilder/maxCount``).
    public var count: Int
    /// The language of the versions; `nil` asks for the language of the text.
    public var language: LanguageTag?
    /// The context window the prompt and reply must fit, per model backend.
    public var contextTokens: Int
    /// How strictly a model's versions are checked against the typed text
    /// (``VersionStrictness``): a version that fails is not shown, and a reply with no direct
    /// version left is asked again once, then the next backend answers.
    public var strictness: VersionStrictness = .faithful
    /// How the model requests sample (temperature, top-p, seed, output limit).
    public var sampling = CorrectionSampling()
    /// Whether the offline backend's outcome lists what it did with each word
    /// (``CorrectionOutcome/words``), for a text of at most
    /// ``OfflineCorrector/maxBytesWithWords``; a host that shows only the versions of a long
    /// text saves the memory of a record per word.
    public var offlineIncludesWords = true
    /// Called as the offline backend reads a text longer than one piece
    /// (``OfflineCorrector/maxInputBytes``): the bytes read so far and the text's size.
    public var offlineProgress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

    /// Creates a service.
    public init(
        backends: [CorrectionBackend] = [.offline], generators: [CorrectionBackend: any TextGenerator] = [:],
        offline: OfflineCorrector = OfflineCorrector(), count: Int = 3, language: LanguageTag? = nil,
        contextTokens: Int = PromptBudget.onDeviceContextTokens
    ) {
        self.backends = backends
        self.generators = generators
        self.offline = offline
        self.count = count
        self.language = language
        self.contextTokens = contextTokens
    }

    /// Corrects `text`. `onUpdate` receives a snapshot of the versions as a model's reply
    /// arrives (and once for the offline backend); a re-ask or the next backend starts a
    /// new, empty snapshot.
    ///
    /// - Throws: `.invalidArgument` for empty text or settings out of range; `.limit` for
    ///   text no backend can take; `.transport` when cancelled while a model answers,
    ///   `.cancelled` when cancelled while the offline backend reads a long text (it stops
    ///   between pieces of ``OfflineCorrector/maxInputBytes``); `.api` when every backend
    ///   failed and the chain had no offline backend to end it. The message lists each
    ///   backend's failure.
    public func correct(_ text: String, onUpdate: (@Sendable (PartialVariationSet) -> Void)? = nil)
        async throws(StoryKitError) -> CorrectionOutcome
    {
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw StoryKitError(.invalidArgument, "text must not be empty")
        }
        var attempts: [CorrectionAttempt] = []
        var chain = backends
        if !chain.contains(.offline) { chain.append(.offline) }
        for backend in chain {
            if backend == .offline {
                // Past the words' limit the versions come alone: a record per word of a huge
                // text would cost far more memory than the text.
                let includingWords = offlineIncludesWords && text.utf8.count <= OfflineCorrector.maxBytesWithWords
                // A long text is read piece by piece: a cancelled task stops between pieces.
                let correction = try offline.correct(
                    text, includingWords: includingWords, progress: offlineProgress,
                    shouldContinue: { _, _ in !Task.isCancelled })
                onUpdate?(PartialVariationSet(complete: correction.variations))
                return CorrectionOutcome(
                    variations: correction.variations, backend: .offline, attempts: attempts, words: correction.words)
            }
            guard let generator = generators[backend] else {
                attempts.append(
                    CorrectionAttempt(
                        backend: backend,
                        error: GenerationError(
                            .unavailable, detail: "no generator is configured for \(backend.rawValue)")))
                continue
            }
            do {
                if let outcome = try await ask(
                    generator, backend: backend, text: text, attempts: &attempts, onUpdate: onUpdate)
                {
                    return outcome
                }
            } catch  where error.kind == .cancelled {
                throw error.storyKitError
            } catch {
                attempts.append(CorrectionAttempt(backend: backend, error: error))
            }
        }
        let reasons = attempts.map(\.description).joined(separator: "; ")
        throw StoryKitError(.api, "no correction backend could answer: \(reasons)")
    }

    /// One model backend: the whole text in one prompt, or piece by piece when it does not
    /// fit one. `nil` when a reply was unreadable (the attempts say so); a generation failure
    /// is thrown.
    private func ask(
        _ generator: any TextGenerator, backend: CorrectionBackend, text: String,
        attempts: inout [CorrectionAttempt], onUpdate: (@Sendable (PartialVariationSet) -> Void)?
    ) async throws(GenerationError) -> CorrectionOutcome? {
        let builder: CorrectionPromptBuilder
        do {
            builder = try CorrectionPromptBuilder(
                form: generator.acceptsResponseSchema ? .structured : .numbered,
                count: count, language: language, contextTokens: contextTokens)
        } catch {
            throw GenerationError(.invalidRequest, detail: error.message)
        }
        let pieces = try Self.pieces(
            of: text, builder: builder,
            keptWords: offline.vocabulary.words(typedIn: text))
        guard pieces.texts.count > 1 || pieces.keptAsTyped.contains(true) else {
            guard
                var outcome = try await ask(
                    generator, backend: backend, builder: builder, text: text, attempts: &attempts,
                    onUpdate: onUpdate)
            else { return nil }
            outcome.variations = Self.restoringTypedCharacters(outcome.variations, typed: text)
            return outcome
        }
        var sets: [VariationSet] = []
        var replies: [String] = []
        for (piece, kept) in zip(pieces.texts, pieces.keptAsTyped) {
            if kept {
                sets.append(VariationSet(variations: [TextVariation(text: piece, kind: .direct)], source: .json))
                continue
            }
            // A snapshot of one piece would show a fraction of the text as the whole: the
            // joined versions are shown once they are complete.
            guard
                let outcome = try await ask(
                    generator, backend: backend, builder: builder, text: piece,
                    attempts: &attempts, onUpdate: nil)
            else { return nil }
            sets.append(Self.restoringTypedCharacters(outcome.variations, typed: piece))
            replies.append(outcome.reply ?? "")
        }
        let joined = Self.join(sets, pieces: pieces, options: VariationOptions(expected: count))
        onUpdate?(PartialVariationSet(complete: joined))
        return CorrectionOutcome(
            variations: joined, backend: backend, attempts: attempts, reply: replies.joined(separator: "\n\n"))
    }

    /// `text` in pieces that each fit a prompt whole, also when re-asked with a previous
    /// reply as long as a re-ask allows; one piece when the whole text fits.
    private static func pieces(of text: String, builder: CorrectionPromptBuilder, keptWords: [String])
        throws(GenerationError) -> TextPieces
    {
        // The longest previous reply a re-ask carries is a quarter of the window: a reply of
        // twice the window's tokens in characters is always cut to it. Each problem explains
        // itself in its own words, so the budget is the smallest a re-ask leaves.
        let longestReply = String(repeating: "word ", count: builder.contextTokens / 2)
        let budget: Int
        do {
            var smallest = Int.max
            for problem in CorrectionRetry.Problem.allCases {
                let retry = CorrectionRetry(previousReply: longestReply, problem: problem)
                smallest = min(smallest, try builder.textTokenBudget(retry: retry, keptWords: keptWords))
            }
            budget = smallest
        } catch {
            throw GenerationError(.invalidRequest, detail: error.message)
        }
        let estimator = TokenEstimator()
        return TextPieces(text, budget: budget) { estimator.tokens(in: $0) }
    }

    /// `set` with what the prompt normalised in `typed` put back where the model left the
    /// text alone: its line endings (CR LF, which the prompt sends as LF) and the `<` of a
    /// tag-like word (which the prompt sends as `‹`, so the text cannot close its block).
    static func restoringTypedCharacters(_ set: VariationSet, typed: String) -> VariationSet {
        let sanitized = PromptText.sanitized(typed)
        guard sanitized != typed else { return set }
        var restored = set
        for index in restored.variations.indices {
            var text = restored.variations[index].text
            if text == sanitized {
                restored.variations[index].text = typed
                continue
            }
            if typed.contains("\r\n"), !text.contains("\r") {
                text = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
            }
            if typed.unicodeScalars.contains("<"), !typed.unicodeScalars.contains("\u{2039}") {
                text = String(text.map { $0 == "\u{2039}" ? "<" : $0 })
            }
            restored.variations[index].text = text
        }
        return restored
    }

    /// The versions of each piece joined into versions of the whole text: version `i` of each
    /// piece (its first when it has fewer), with the text's own spacing between pieces.
    private static func join(_ sets: [VariationSet], pieces: TextPieces, options: VariationOptions) -> VariationSet {
        let count = sets.map(\.variations.count).max() ?? 0
        var variations: [TextVariation] = []
        for index in 0..<count {
            let texts = sets.map { set in set.variations[index < set.variations.count ? index : 0].text }
            let kind = sets.lazy.compactMap { index < $0.variations.count ? $0.variations[index].kind : nil }.first
            let mended = sets.contains { $0.variations[index < $0.variations.count ? index : 0].origin == .mended }
            variations.append(TextVariation(text: pieces.join(texts), kind: kind, origin: mended ? .mended : .model))
        }
        let kept = pieces.texts.indices.filter { pieces.keptAsTyped[$0] }.map {
            VariationIssue.keptAsTyped(offset: pieces.offsets[$0], length: pieces.texts[$0].utf8.count)
        }
        let split: [VariationIssue] = sets.count > 1 ? [.split(pieces: sets.count)] : []
        let issues = VariationValidation.issues(variations, options) + split + kept
        return VariationSet(
            variations: variations, source: sets.first?.source ?? .json,
            repaired: sets.contains(where: \.repaired), issues: issues)
    }

    /// One prompt for `text`, its reply, at most one re-ask; the better of the two readable
    /// replies is kept. `nil` when neither had a direct version a writer may be shown.
    private func ask(
        _ generator: any TextGenerator, backend: CorrectionBackend, builder: CorrectionPromptBuilder, text: String,
        attempts: inout [CorrectionAttempt], onUpdate: (@Sendable (PartialVariationSet) -> Void)?
    ) async throws(GenerationError) -> CorrectionOutcome? {
        let language = offline.language(of: text)
        let check = VersionCheck(
            typed: text, strictness: strictness, language: language, vocabulary: offline.vocabulary, offline: offline)
        let keptWords = offline.vocabulary.words(typedIn: text)
        // Read only once a reply is: no offline correction before the request, nor for
        // replies that never parse.
        var readings: TypedReadings?
        let options = VariationOptions(expected: count)
        var retry: CorrectionRetry?
        var outputLimit: Int?
        var best: (set: VariationSet, reply: String)?
        for replyNumber in 1...2 {
            let prompt: Prompt
            do {
                prompt = try builder.build(text: text, retry: retry, keptWords: keptWords)
            } catch {
                throw GenerationError(.invalidRequest, detail: error.message)
            }
            var request = sampling.applied(
                to: TextGenerationRequest(model: generator.model, prompt: prompt), promptTemperature: prompt.temperature
            )
            if let outputLimit { request.maxOutputTokens = max(request.maxOutputTokens ?? 0, outputLimit) }
            // Latency matters more than depth here: the least thinking the model takes.
            request.thinkingLevel = Self.lowestThinkingLevel(for: generator.model)
            let result = try await generate(generator, request, check: check, onUpdate: onUpdate)
            let reply = result.text
            // A reply cut at the output limit is never taken as an answer: its last version
            // stops mid-word, and a repair would show a writer half a sentence. The re-ask
            // has twice the room, as far as the context allows.
            if result.finishReason == .maxTokens {
                attempts.append(CorrectionAttempt(backend: backend, problem: .truncated))
                retry = CorrectionRetry(previousReply: reply, problem: .truncated)
                let room = builder.contextTokens - prompt.estimatedTokens
                outputLimit = min(2 * (request.maxOutputTokens ?? room / 2), max(room, 1))
                continue
            }
            guard let parsed = try? VariationParser(options: options).parse(reply), !parsed.variations.isEmpty else {
                attempts.append(CorrectionAttempt(backend: backend, problem: .unparseable))
                retry = CorrectionRetry(previousReply: reply, problem: .unparseable)
                continue
            }
            var finalCheck = check
            if strictness == .faithful {
                let typedReadings = readings ?? TypedReadings(typed: text, language: language, offline: offline)
                readings = typedReadings
                finalCheck = check.reading(typedReadings)
            }
            let set = finalCheck.check(labelled(parsed))
            // No direct version a writer may be shown: the reply is as good as unreadable.
            guard set.variations.contains(where: { $0.kind == .direct }) else {
                attempts.append(CorrectionAttempt(backend: backend, problem: .unfaithful))
                retry = CorrectionRetry(previousReply: reply, problem: .unfaithful)
                continue
            }
            if best.map({ Self.isBetter(set, than: $0.set) }) ?? true { best = (set, reply) }
            guard replyNumber < 2, let problem = CorrectionRetry(previousReply: reply, issues: set.issues) else {
                break
            }
            attempts.append(CorrectionAttempt(backend: backend, problem: problem.problem))
            retry = problem
        }
        guard let best else { return nil }
        onUpdate?(PartialVariationSet(complete: best.set))
        return CorrectionOutcome(variations: best.set, backend: backend, attempts: attempts, reply: best.reply)
    }

    /// Whether a re-ask's set is better than the first reply's: more distinct versions shown,
    /// then fewer issues; on a tie the re-ask, which was asked to mend what was wrong.
    static func isBetter(_ set: VariationSet, than earlier: VariationSet) -> Bool {
        func distinct(_ set: VariationSet) -> Int {
            set.variations.count - set.issues.filter { if case .duplicate = $0 { true } else { false } }.count
        }
        if distinct(set) != distinct(earlier) { return distinct(set) > distinct(earlier) }
        return set.issues.count <= earlier.issues.count
    }

    /// `set` as versions with kinds: a list item that ends with a colon is a heading the model
    /// wrote (`1. Fixing typos and editing:`), not a version; the prompt asks for the kinds in
    /// order, so an unlabeled list follows it; and past the count asked for, only the first of
    /// each kind is kept.
    private func labelled(_ set: VariationSet) -> VariationSet {
        var labelled = set
        labelled.variations.removeAll { variation in
            variation.kind == nil && variation.text.last { !$0.isWhitespace } == ":"
        }
        if labelled.variations.allSatisfy({ $0.kind == nil }) {
            for index in labelled.variations.indices where index < TextVariation.Kind.allCases.count {
                labelled.variations[index].kind = TextVariation.Kind.allCases[index]
            }
        }
        if labelled.variations.count > count {
            var seen: Set<TextVariation.Kind?> = []
            labelled.variations = Array(labelled.variations.filter { seen.insert($0.kind).inserted }.prefix(count))
        }
        return labelled
    }

    /// The least thinking a model accepts: Gemini's Flash and Flash-Lite models take
    /// "minimal", its Pro models and OpenAI's reasoning models "low" at least.
    package static func lowestThinkingLevel(for model: String) -> String {
        model.hasPrefix("gemini-") && !model.contains("-pro") ? "minimal" : "low"
    }

    /// The reply; with `onUpdate`, streamed and shown as it arrives.
    private func generate(
        _ generator: any TextGenerator, _ request: TextGenerationRequest, check: VersionCheck,
        onUpdate: (@Sendable (PartialVariationSet) -> Void)?
    ) async throws(GenerationError) -> GenerationResult {
        guard let onUpdate else { return try await generator.respond(to: request) }
        onUpdate(PartialVariationSet())
        let progress = SnapshotBuilder(options: VariationOptions(expected: count), check: check, onUpdate: onUpdate)
        return try await generator.stream(request) { text in progress.add(text) }
    }
}
