/// One backend's requests for a story, in either ``StoryShape``: the prompts, the streamed
/// snapshots and the check of each page as it completes. ``StoryService`` decides what to
/// do with a draft.
struct StoryWriter {
    /// A story as far as one try got: its title, its pages, and what is wrong with it.
    struct Draft {
        var title: String?
        var pages: [String]
        var issues: [StoryIssue]
    }

    let generator: any TextGenerator
    let brief: StoryBrief
    let check: StoryCheck
    let sampling: CorrectionSampling
    let contextTokens: Int
    let onUpdate: (@Sendable (StorySnapshot) -> Void)?
    /// The requests made so far.
    private(set) var requests = 0
    /// The issues of each reply refused so far (a whole story, a title or a page), in order.
    private(set) var refusedReplies: [[StoryIssue]] = []

    init(
        generator: any TextGenerator, brief: StoryBrief, check: StoryCheck, sampling: CorrectionSampling,
        contextTokens: Int, onUpdate: (@Sendable (StorySnapshot) -> Void)?
    ) {
        self.generator = generator
        self.brief = brief
        self.check = check
        self.sampling = sampling
        self.contextTokens = contextTokens
        self.onUpdate = onUpdate
    }

    // MARK: The whole story in one request

    /// One request for the whole story as JSON; pages are shown as their strings complete.
    mutating func whole(problems: [String]) async throws(GenerationError) -> Draft {
        let prompt = try prompt { () throws(StoryKitError) in
            try StoryPromptBuilder(contextTokens: contextTokens).build(
                hero: brief.hero, theme: brief.theme, ageGroup: brief.ageGroup, length: brief.length,
                language: brief.language, event: brief.event, problems: problems)
        }
        var request = sampling.applied(
            to: TextGenerationRequest(model: generator.model, prompt: prompt), promptTemperature: prompt.temperature)
        if !generator.acceptsResponseSchema { request.responseSchema = nil }
        let result: GenerationResult
        requests += 1
        if let onUpdate {
            onUpdate(StorySnapshot())
            let progress = WholeStoryProgress(check: check, onUpdate: onUpdate)
            result = try await generator.stream(request) { text in progress.add(text) }
        } else {
            result = try await generator.respond(to: request)
        }
        guard result.finishReason != .maxTokens else {
            return judged(Draft(pages: [], issues: [StoryIssue(.truncated, "the reply was cut at its output limit")]))
        }
        guard let (title, pages) = Self.read(result.text) else {
            return judged(
                Draft(
                    pages: [],
                    issues: [StoryIssue(.unreadable, "the reply holds no story object with a title and pages")]))
        }
        return judged(Draft(title: title, pages: pages, issues: check.issues(title: title, pages: pages)))
    }

    /// The title and pages of a whole-story reply, read by the tolerant parser: the first
    /// object with a string `title` and an array `pages` of strings (or of objects with a
    /// string `text`).
    static func read(_ reply: String) -> (title: String, pages: [String])? {
        guard let repaired = try? TolerantJSONParser().parse(reply), case .object(let object) = repaired.value,
            case .string(let title)? = object["title"], case .array(let items)? = object["pages"]
        else { return nil }
        var pages: [String] = []
        for item in items {
            switch item {
            case .string(let text): pages.append(text)
            case .object(let page):
                guard case .string(let text)? = page["text"] else { return nil }
                pages.append(text)
            default: return nil
            }
        }
        return (title, pages)
    }

    // MARK: A title, then a request a page

    /// The title, then each page; a page the check refuses is asked again once. With
    /// `earlier`, a draft that stopped at a refused page, its title and pages are kept and
    /// the story goes on from that page.
    mutating func byPages(problems: [String], continuing earlier: Draft? = nil) async throws(GenerationError) -> Draft {
        let builder = try prompt { () throws(StoryKitError) in try StoryPagePromptBuilder(contextTokens: contextTokens)
        }
        if let earlier, let title = earlier.title {
            onUpdate?(StorySnapshot(title: title, pages: earlier.pages))
            return try await pages(title: title, from: earlier.pages, builder: builder)
        }
        onUpdate?(StorySnapshot())
        let titlePrompt = try prompt { () throws(StoryKitError) in
            try builder.title(
                hero: brief.hero, theme: brief.theme, ageGroup: brief.ageGroup, language: brief.language,
                event: brief.event, problems: problems)
        }
        let titleResult = try await ask(titlePrompt, stoppingAt: StoryPagePromptBuilder.titleStopSequences)
        guard titleResult.finishReason != .maxTokens else {
            return judged(Draft(pages: [], issues: [StoryIssue(.truncated, "the title was cut at its output limit")]))
        }
        guard let title = StoryPagePromptBuilder.title(fromReply: titleResult.text) else {
            return judged(Draft(pages: [], issues: [StoryIssue(.unreadable, "the reply holds no title")]))
        }
        let titleIssues = check.titleIssues(title)
        guard titleIssues.isEmpty else { return judged(Draft(pages: [], issues: titleIssues)) }
        onUpdate?(StorySnapshot(title: title))
        return try await pages(title: title, from: [], builder: builder)
    }

    /// The pages after `accepted`, each asked again once when refused.
    private mutating func pages(title: String, from accepted: [String], builder: StoryPagePromptBuilder)
        async throws(GenerationError) -> Draft
    {
        var pages = accepted
        for index in accepted.count..<brief.length.pages {
            var pageProblems: [String] = []
            var issues: [StoryIssue] = []
            for _ in 1...2 {
                let pagePrompt = try prompt { () throws(StoryKitError) in
                    try builder.page(
                        index, title: title, pagesSoFar: pages, hero: brief.hero, theme: brief.theme,
                        ageGroup: brief.ageGroup, length: brief.length, language: brief.language, event: brief.event,
                        problems: pageProblems)
                }
                let result = try await ask(pagePrompt, stoppingAt: StoryPagePromptBuilder.pageStopSequences)
                let text = Self.pageText(result.text)
                issues =
                    result.finishReason == .maxTokens
                    ? [StoryIssue(.truncated, page: index, "page \(index + 1) was cut at its output limit")]
                    : check.pageIssues(text, index: index, earlier: pages)
                if issues.isEmpty {
                    pages.append(text)
                    break
                }
                refusedReplies.append(issues)
                pageProblems = issues.map(\.detail)
            }
            guard issues.isEmpty else { return Draft(title: title, pages: pages, issues: issues) }
            onUpdate?(StorySnapshot(title: title, pages: pages))
        }
        return judged(Draft(title: title, pages: pages, issues: check.issues(title: title, pages: pages)))
    }

    /// A page reply as a page: without surrounding space, and without a `Page 2:` label or
    /// quotes around the whole page, which models add though asked not to.
    static func pageText(_ reply: String) -> String {
        var text = Substring(reply).drop(while: \.isWhitespace)
        for label in ["Page ", "page ", "**Page "] where text.hasPrefix(label) {
            let rest = text.dropFirst(label.count)
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            let after = rest.dropFirst(digits.count).drop { $0 == "*" }
            if !digits.isEmpty, let mark = after.first, mark == ":" || mark == "." {
                text = after.dropFirst().drop { $0 == "*" || $0.isWhitespace }
            }
        }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        if text.count >= 2, let first = text.first, let last = text.last,
            (first == "\"" && last == "\"") || (first == "“" && last == "”"),
            !text.dropFirst().dropLast().contains(where: { $0 == first || $0 == last })
        {
            text = text.dropFirst().dropLast()
        }
        return String(text)
    }

    // MARK: Requests

    /// `draft`, its issues recorded as a refused reply's when it has some.
    private mutating func judged(_ draft: Draft) -> Draft {
        if !draft.issues.isEmpty { refusedReplies.append(draft.issues) }
        return draft
    }

    private mutating func ask(_ prompt: Prompt, stoppingAt stopSequences: [String]) async throws(GenerationError)
        -> GenerationResult
    {
        var request = sampling.applied(
            to: TextGenerationRequest(model: generator.model, prompt: prompt), promptTemperature: prompt.temperature)
        request.stopSequences = stopSequences
        requests += 1
        return try await generator.respond(to: request)
    }

    /// A prompt; a brief no prompt can hold is the request's failure, not the backend's.
    private func prompt<Value>(_ build: () throws(StoryKitError) -> Value) throws(GenerationError) -> Value {
        do {
            return try build()
        } catch {
            throw GenerationError(.invalidRequest, detail: error.message)
        }
    }
}
