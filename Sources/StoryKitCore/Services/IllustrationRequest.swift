/// An illustration as a JSON host asks for it (`storykit_illustrate`): the hero, the page,
/// the image model and its connection settings, read and checked here so that the C shim only
/// converts and calls.
///
///     {"hero": {"name": "Mia", …}, "pageText": "…", "pageIndex": 0, "imageCount": 1,
///      "aspectRatio": "4:3", "model": "gemini-3.1-flash-image", "timeoutSeconds": 120}
package struct IllustrationRequest: Sendable {
    package var hero: HeroDescription
    package var pageText: String
    package var pageIndex: Int
    package var style: String?
    package var storyID: String?
    package var id: String?
    package var imageCount: Int
    package var aspectRatio: String?
    package var settings: ImageModelSettings

    /// Reads a request.
    package init(_ reader: inout JSONFieldReader) throws(StoryKitError) {
        hero = try PromptRequest.heroDescription(&reader)
        (pageText, pageIndex) = try PromptRequest.page(&reader)
        style = try reader.optionalString("style")
        storyID = try reader.optionalString("storyID")
        id = try reader.optionalString("id")
        imageCount = try reader.integer("imageCount", in: 1...ImageGenerationRequest.maxSampleCount, default: 1)
        aspectRatio = try reader.optionalString("aspectRatio")
        settings = try ImageModelSettings(&reader)
        try reader.finish()
    }

    /// The service that draws the pictures through `transport` and saves them in `store`.
    package func service(transport: any HTTPTransport, store: any IllustrationStore) throws(StoryKitError)
        -> IllustrationService
    {
        IllustrationService(
            generator: try settings.generator(transport: transport), store: store, aspectRatio: aspectRatio)
    }

    /// Draws and saves the illustration.
    package func run(on service: IllustrationService) async throws(StoryKitError) -> IllustrationOutcome {
        try await service.illustrate(
            hero: hero, pageText: pageText, pageIndex: pageIndex, style: style,
            storyID: storyID, id: id, imageCount: imageCount)
    }
}
