/// A hero's avatar as a JSON host asks for it (`storykit_hero_avatar`): the stored hero, the
/// user's wishes and the image model.
///
///     {"heroID": "h1", "customPrompt": "a green raincoat", "style": "crayon", "imageCount": 1,
///      "model": "gemini-3.1-flash-image"}
package struct AvatarRequest: Sendable {
    package var heroID: String
    package var customPrompt: String
    package var style: String?
    package var imageCount: Int
    package var aspectRatio: String?
    package var settings: ImageModelSettings

    /// Reads a request.
    package init(_ reader: inout JSONFieldReader) throws(StoryKitError) {
        heroID = try reader.string("heroID")
        try ModelValidation.id(heroID, field: "heroID")
        customPrompt = try reader.optionalString("customPrompt") ?? ""
        style = try reader.optionalString("style")
        imageCount = try reader.integer("imageCount", in: 1...ImageGenerationRequest.maxSampleCount, default: 1)
        aspectRatio = try reader.optionalString("aspectRatio")
        settings = try ImageModelSettings(&reader)
        try reader.finish()
    }

    /// Draws the avatar and saves it, with the hero naming it, in `records`.
    package func run(in records: RecordStore, transport: any HTTPTransport) async throws(StoryKitError)
        -> IllustrationOutcome
    {
        let hero = try await StoryIllustrationRequest.record(heroID, field: "heroID") { () throws(StoryKitError) in
            try await records.heroes.record(id: heroID)
        }
        let service = IllustrationService(
            generator: try settings.generator(transport: transport), store: records, aspectRatio: aspectRatio)
        return try await service.drawAvatar(
            of: hero, customPrompt: customPrompt, style: style, imageCount: imageCount, heroes: records.heroes)
    }
}
