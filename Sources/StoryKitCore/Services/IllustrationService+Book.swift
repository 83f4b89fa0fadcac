extension IllustrationService {
    /// The stable id of page `index` (0-based) of a story: `<storyID>-page-<index + 1>`.
    public static func pageID(storyID: String, index: Int) -> String {
        "\(storyID)-page-\(index + 1)"
    }

    /// The stable id of a hero's portrait: `<heroID>-avatar`.
    public static func portraitID(heroID: String) -> String {
        "\(heroID)-avatar"
    }

    /// Draws a whole story, resumably: the hero's portrait first (the avatar the store holds,
    /// or one drawn now and saved as the hero's avatar), then every page without a picture,
    /// each sent with the portrait as its reference and with the same character and style
    /// sentences, `options.concurrency` at a time.
    ///
    /// Pages are saved under stable ids (``pageID(storyID:index:)``) as each one arrives, so
    /// a second call draws only the pages still missing (and those in `options.redraw`), and a
    /// process killed mid-book leaves every finished page saved. A page the service will not
    /// draw (a blocked prompt, `IMAGE_SAFETY`, `NO_IMAGE`, a reply without a picture, or a
    /// 429 or 5xx still failing after the generator's retries) is that page's `failed` issue,
    /// not the book's failure. `heroes`, when given, gets the hero with
    /// ``Hero/avatarIllustrationID`` set to the portrait.
    ///
    ///     let outcome = try await service.illustrateBook(story, hero: hero, heroes: store.heroes) { page in
    ///         print(page.index ?? -1, page.status)
    ///     }
    ///     outcome.requests   // 11 for a 10-page book drawn from nothing
    ///
    /// - Throws: `.invalidArgument` for options the story cannot take (naming `maxImages`,
    ///   `redraw` or `concurrency`) or ids too long, before anything is drawn; `.api` for an
    ///   error that would fail every page (a key refused, a model not found, a request
    ///   rejected), `.io` when a picture cannot be saved, `.cancelled` when the task is
    ///   cancelled: in each case every page saved before stays saved, and the message says
    ///   which.
    public func illustrateBook(
        _ story: Story, hero: Hero, options: BookIllustrationOptions = BookIllustrationOptions(),
        heroes: (any HeroRepository)? = nil, onProgress: (@Sendable (PageIllustration) -> Void)? = nil
    ) async throws(StoryKitError) -> BookIllustrationOutcome {
        try options.check(pageCount: story.pages.count)
        let ids = story.pages.indices.map { Self.pageID(storyID: story.id, index: $0) }
        let portraitID = Self.portraitID(heroID: hero.id)
        // Checks every id before paying for a picture.
        for (index, id) in ids.enumerated() {
            _ = try Illustration(id: id, mimeType: .png, storyID: story.id, pageIndex: index)
        }
        _ = try Illustration(id: portraitID, mimeType: .png)

        let budget = options.maxImages ?? story.pages.count + 1
        var pages: [PageIllustration?] = Array(repeating: nil, count: story.pages.count)
        for index in story.pages.indices where !options.redraw.contains(index) {
            guard let mimeType = try await storedType(ids[index]) else { continue }
            let kept = PageIllustration(
                index: index, status: .kept, id: ids[index],
                illustration: try Illustration(id: ids[index], mimeType: mimeType, storyID: story.id, pageIndex: index))
            pages[index] = kept
            onProgress?(kept)
        }
        let missing = story.pages.indices.filter { pages[$0] == nil }
        var requests = 0
        var reference: PageIllustration?
        var references: [ReferenceImage] = []
        if !missing.isEmpty || options.redrawReference {
            let portrait = try await portrait(
                of: hero, id: portraitID, options: options, budget: budget, heroes: heroes,
                requests: &requests)
            reference = portrait.result
            references = portrait.image.map { [$0] } ?? []
            onProgress?(portrait.result)
        }

        let description = HeroDescription(hero)
        let drawn = try await drawPages(
            missing, of: story, ids: ids, hero: description, references: references, options: options,
            budget: budget, requests: &requests, onProgress: onProgress)
        for page in drawn { pages[page.index ?? 0] = page }
        return BookIllustrationOutcome(
            storyID: story.id, reference: reference, pages: pages.compactMap { $0 }, requests: requests,
            maxImages: budget)
    }

    /// The hero's portrait: kept from the store (the hero's avatar, else a portrait saved by an
    /// earlier call that did not get to update the hero), or drawn now when the budget allows.
    private func portrait(
        of hero: Hero, id: String, options: BookIllustrationOptions, budget: Int, heroes: (any HeroRepository)?,
        requests: inout Int
    ) async throws(StoryKitError) -> (result: PageIllustration, image: ReferenceImage?) {
        if !options.redrawReference {
            for candidate in [hero.avatarIllustrationID, id].compactMap({ $0 }) {
                guard let stored = try await storedImage(candidate) else { continue }
                try await remember(candidate, as: hero, in: heroes)
                let illustration = try Illustration(id: candidate, mimeType: stored.mimeType)
                return (PageIllustration(index: nil, status: .kept, id: candidate, illustration: illustration), stored)
            }
        }
        guard requests < budget else {
            return (PageIllustration(index: nil, status: .skipped, id: id, skipReason: Self.budgetReason(budget)), nil)
        }
        requests += 1
        let prompt = try promptBuilder.avatar(hero: HeroDescription(hero), style: options.style)
        switch await drawOne(prompt, id: id, storyID: nil, pageIndex: nil, references: [], aspectRatio: "1:1") {
        case .drawn(let illustration, let bytes):
            try await remember(id, as: hero, in: heroes)
            return (
                PageIllustration(index: nil, status: .drawn, id: id, illustration: illustration),
                ReferenceImage(bytes: bytes, mimeType: illustration.mimeType)
            )
        case .failed(let issue):
            return (PageIllustration(index: nil, status: .failed, id: id, issue: issue), nil)
        case .fatal(let error):
            throw error
        }
    }

    /// Draws `indexes`, `options.concurrency` at a time, within the budget; reports each page
    /// as it ends.
    private func drawPages(
        _ indexes: [Int], of story: Story, ids: [String], hero: HeroDescription, references: [ReferenceImage],
        options: BookIllustrationOptions, budget: Int, requests: inout Int,
        onProgress: (@Sendable (PageIllustration) -> Void)?
    ) async throws(StoryKitError) -> [PageIllustration] {
        var prompts: [Int: Prompt] = [:]
        for index in indexes {
            prompts[index] = try promptBuilder.illustration(
                hero: hero, pageText: story.pages[index], pageIndex: index, style: options.style,
                hasReference: !references.isEmpty)
        }
        let affordable = Array(indexes.prefix(max(0, budget - requests)))
        requests += affordable.count
        var results: [PageIllustration] = indexes.dropFirst(affordable.count).map { index in
            PageIllustration(index: index, status: .skipped, id: ids[index], skipReason: Self.budgetReason(budget))
        }
        var fatal: StoryKitError?
        let service = self
        await withTaskGroup(of: (Int, PageDrawing).self) { group in
            var next = affordable.makeIterator()
            func launch() {
                guard let index = next.next(), let prompt = prompts[index] else { return }
                group.addTask {
                    let drawing = await service.drawOne(
                        prompt, id: ids[index], storyID: story.id, pageIndex: index, references: references,
                        aspectRatio: options.aspectRatio)
                    return (index, drawing)
                }
            }
            for _ in 0..<options.concurrency { launch() }
            while let (index, drawing) = await group.next() {
                let page: PageIllustration
                switch drawing {
                case .drawn(let illustration, _):
                    page = PageIllustration(index: index, status: .drawn, id: ids[index], illustration: illustration)
                case .failed(let issue):
                    page = PageIllustration(index: index, status: .failed, id: ids[index], issue: issue)
                case .fatal(let error):
                    fatal = fatal ?? error
                    group.cancelAll()
                    continue
                }
                results.append(page)
                onProgress?(page)
                if fatal == nil { launch() }
            }
        }
        if let fatal {
            let saved = results.filter { $0.status == .drawn }.compactMap(\.index).sorted().map { String($0 + 1) }
            throw StoryKitError(
                fatal.code,
                fatal.message
                    + (saved.isEmpty
                        ? "; no page was drawn in this call"
                        : "; pages \(saved.joined(separator: ", ")) were drawn and saved, and a new call draws the rest")
            )
        }
        return results
    }

    /// How one picture went.
    enum PageDrawing: Sendable {
        case drawn(Illustration, bytes: [UInt8])
        case failed(GenerationError)
        case fatal(StoryKitError)
    }

    /// Asks for one picture and saves it under `id`; an error that only this picture has is
    /// `.failed`, one that every picture would have is `.fatal`.
    func drawOne(
        _ prompt: Prompt, id: String, storyID: String?, pageIndex: Int?, references: [ReferenceImage],
        aspectRatio: String?
    ) async -> PageDrawing {
        let result: GenerationResult
        do throws(GenerationError) {
            result = try await generate(prompt, count: 1, references: references, aspectRatio: aspectRatio)
        } catch {
            return Self.stopsTheBook(error) ? .fatal(error.storyKitError) : .failed(error)
        }
        var reasons: [String] = []
        for image in result.images {
            switch image {
            case .image(let bytes, let mimeType):
                do throws(StoryKitError) {
                    let illustration = try Illustration(
                        id: id, mimeType: mimeType, storyID: storyID, pageIndex: pageIndex, prompt: prompt.prompt)
                    try await store.saveImage(bytes, mimeType: mimeType, id: id)
                    return .drawn(illustration, bytes: bytes)
                } catch {
                    return .fatal(StoryKitError(error.code, "\(id) could not be saved: \(error.message)"))
                }
            case .filtered(let reason):
                if let reason { reasons.append(reason) }
            }
        }
        return .failed(
            GenerationError(
                .contentFiltered,
                detail: reasons.isEmpty ? "the service withheld the picture" : reasons.joined(separator: "; ")))
    }

    /// Whether `error` would fail every page alike, so that drawing more only spends time.
    static func stopsTheBook(_ error: GenerationError) -> Bool {
        switch error.kind {
        case .invalidAPIKey, .serviceDisabled, .permissionDenied, .notFound, .invalidRequest, .unsupportedLocation,
            .cancelled:
            true
        default:
            false
        }
    }

    static func budgetReason(_ budget: Int) -> String {
        "the call's budget of maxImages \(budget) was spent; a new call draws it"
    }

    /// The MIME type of the stored image `id`, or nil when there is none.
    private func storedType(_ id: String) async throws(StoryKitError) -> ImageMIMEType? {
        try await storedImage(id)?.mimeType
    }

    private func storedImage(_ id: String) async throws(StoryKitError) -> ReferenceImage? {
        do {
            let stored = try await store.image(id: id)
            return ReferenceImage(bytes: stored.bytes, mimeType: stored.mimeType)
        } catch  where error.code == .notFound {
            return nil
        }
    }

    /// Saves `hero` with `id` as its avatar, when it is not already.
    private func remember(_ id: String, as hero: Hero, in heroes: (any HeroRepository)?) async throws(StoryKitError) {
        guard let heroes, hero.avatarIllustrationID != id else { return }
        var updated = hero
        updated.avatarIllustrationID = id
        try await heroes.save(updated)
    }
}
