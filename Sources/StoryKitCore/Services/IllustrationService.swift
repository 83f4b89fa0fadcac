/// Illustrates a story page end to end: builds the illustration prompt, asks the image
/// generator, and saves each image through the ``IllustrationStore`` under
/// `<id>.<extension of its MIME type>` (the file store puts it in `Illustrations/`).
///
///     let service = IllustrationService(generator: imagen, store: try FileStore(root: ".storykit"))
///     let outcome = try await service.illustrate(hero: hero, pageText: page, pageIndex: 0, storyID: story.id)
///     outcome.illustrations.map(\.fileName)   // ["s1-page-1.png"]
public struct IllustrationService: Sendable {
    /// Makes the images.
    public var generator: any ImageGenerator
    /// Keeps the images.
    public var store: any IllustrationStore
    /// Builds the prompts.
    public var promptBuilder: ImagePromptBuilder
    /// The aspect ratio asked for, such as `"4:3"`; `nil` leaves the service's default.
    public var aspectRatio: String?

    /// Creates a service.
    public init(
        generator: any ImageGenerator, store: any IllustrationStore,
        promptBuilder: ImagePromptBuilder = ImagePromptBuilder.standard, aspectRatio: String? = nil
    ) {
        self.generator = generator
        self.store = store
        self.promptBuilder = promptBuilder
        self.aspectRatio = aspectRatio
    }

    /// Draws page `pageIndex` (0-based) and saves `imageCount` images. The first image's id
    /// is `id` (by default `<storyID>-page-<n>`, or `page-<n>`), the next ones add `-2`, `-3`.
    ///
    /// - Throws: `.invalidArgument` for a bad id, page or count; `.api` / `.transport` when
    ///   the generator fails (every image filtered is `.api` with the service's reasons);
    ///   `.io` when an image cannot be saved (images saved before it stay saved, and the
    ///   message names their files). A service that sends more than `imageCount` images has
    ///   only the first `imageCount` saved.
    public func illustrate(
        hero: HeroDescription, pageText: String, pageIndex: Int, style: String? = nil,
        storyID: String? = nil, id: String? = nil, imageCount: Int = 1
    ) async throws(StoryKitError) -> IllustrationOutcome {
        guard (1...ImageGenerationRequest.maxSampleCount).contains(imageCount) else {
            throw StoryKitError(
                .invalidArgument,
                "imageCount must be from 1 to \(ImageGenerationRequest.maxSampleCount), not \(imageCount)")
        }
        let prompt = try promptBuilder.illustration(hero: hero, pageText: pageText, pageIndex: pageIndex, style: style)
        let baseID = id ?? (storyID.map { "\($0)-page-\(pageIndex + 1)" } ?? "page-\(pageIndex + 1)")
        let ids = (1...imageCount).map { $0 == 1 ? baseID : "\(baseID)-\($0)" }
        // Checks every id before paying for images, so no image is made that cannot be kept.
        for id in ids { _ = try Illustration(id: id, mimeType: .png, storyID: storyID, pageIndex: pageIndex) }

        return try await draw(
            prompt, ids: ids, storyID: storyID, pageIndex: pageIndex, references: [], aspectRatio: aspectRatio)
    }

    /// Asks for `ids.count` images of `prompt` and saves them under `ids`, in order.
    func draw(
        _ prompt: Prompt, ids: [String], storyID: String?, pageIndex: Int?, references: [ReferenceImage],
        aspectRatio: String?
    ) async throws(StoryKitError) -> IllustrationOutcome {
        let result: GenerationResult
        do throws(GenerationError) {
            result = try await generate(prompt, count: ids.count, references: references, aspectRatio: aspectRatio)
        } catch {
            throw error.storyKitError
        }
        var illustrations: [Illustration] = []
        var filtered: [String?] = []
        for image in result.images {
            switch image {
            case .image(let bytes, let mimeType):
                // A service that sends more images than asked for does not get more files.
                guard illustrations.count < ids.count else { continue }
                let illustration = try Illustration(
                    id: ids[illustrations.count], mimeType: mimeType,
                    storyID: storyID, pageIndex: pageIndex, prompt: prompt.prompt)
                do {
                    try await store.saveImage(bytes, mimeType: mimeType, id: illustration.id)
                } catch {
                    let saved = illustrations.map(\.fileName).joined(separator: ", ")
                    throw StoryKitError(
                        error.code,
                        "image \(illustrations.count + 1) of \(ids.count) could not be saved: \(error.message)"
                            + (saved.isEmpty ? "" : "; already saved: \(saved)"))
                }
                illustrations.append(illustration)
            case .filtered(let reason):
                filtered.append(reason)
            }
        }
        return IllustrationOutcome(illustrations: illustrations, filteredReasons: filtered, prompt: prompt)
    }

    /// One generator call for `count` images of `prompt`.
    func generate(_ prompt: Prompt, count: Int, references: [ReferenceImage], aspectRatio: String?)
        async throws(GenerationError) -> GenerationResult
    {
        var request = ImageGenerationRequest(model: generator.model, prompt: prompt.prompt)
        request.sampleCount = count
        request.aspectRatio = aspectRatio
        request.referenceImages = references
        return try await generator.generate(request)
    }
}
