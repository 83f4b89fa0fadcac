/// A whole book's illustration as a JSON host asks for it (`storykit_story_illustrate`): the
/// story, its hero, the options and the image model, read and checked here so that the C
/// shim only converts and calls.
///
///     {"storyID": "s1", "heroID": "h1", "style": "paper cut-outs", "maxImages": 11,
///      "redraw": [2], "redrawReference": false, "concurrency": 2, "aspectRatio": "4:3",
///      "model": "gemini-3.1-flash-image", "timeoutSeconds": 120}
///
/// The hero is `"heroID"` (a hero of the store), else `"hero"` (a description, whose portrait
/// is kept as `<storyID>-hero-avatar`), else the story's own `heroID`.
package struct StoryIllustrationRequest: Sendable {
    package var storyID: String
    package var heroID: String?
    package var hero: HeroDescription?
    package var options: BookIllustrationOptions
    package var settings: ImageModelSettings

    /// Reads a request.
    package init(_ reader: inout JSONFieldReader) throws(StoryKitError) {
        storyID = try reader.string("storyID")
        try ModelValidation.id(storyID, field: "storyID")
        heroID = try reader.optionalString("heroID")
        if let heroID { try ModelValidation.id(heroID, field: "heroID") }
        hero = reader.contains("hero") ? try PromptRequest.heroDescription(&reader) : nil
        if heroID != nil, hero != nil {
            throw StoryKitError(.invalidArgument, "give \"heroID\" or \"hero\", not both")
        }
        options = BookIllustrationOptions(
            style: try reader.optionalString("style"),
            aspectRatio: try reader.optionalString("aspectRatio"),
            maxImages: try reader.optionalInteger("maxImages", in: 1...BookIllustrationOptions.maxImagesLimit),
            redraw: Set(try reader.integers("redraw", in: 0...(Story.maxPages - 1))),
            redrawReference: try reader.boolean("redrawReference", default: false),
            concurrency: try reader.integer(
                "concurrency", in: 1...BookIllustrationOptions.maxConcurrency,
                default: BookIllustrationOptions.defaultConcurrency))
        settings = try ImageModelSettings(&reader)
        try reader.finish()
    }

    /// Draws the book of `records`' story through `transport`, saving pictures and the hero's
    /// avatar there.
    package func run(
        in records: RecordStore, transport: any HTTPTransport, onProgress: (@Sendable (PageIllustration) -> Void)?
    ) async throws(StoryKitError) -> BookIllustrationOutcome {
        let story = try await Self.record(storyID, field: "storyID") { () throws(StoryKitError) in
            try await records.stories.record(id: storyID)
        }
        let (hero, heroes) = try await resolveHero(for: story, in: records)
        let service = IllustrationService(generator: try settings.generator(transport: transport), store: records)
        return try await service.illustrateBook(
            story, hero: hero, options: options, heroes: heroes, onProgress: onProgress)
    }

    /// The hero to draw, and the repository that keeps its avatar (none for a described hero).
    private func resolveHero(for story: Story, in records: RecordStore) async throws(StoryKitError)
        -> (Hero, (any HeroRepository)?)
    {
        if let hero {
            let described = try Hero(
                id: "\(story.id)-hero", name: hero.name, traits: hero.traits, appearance: hero.appearance)
            return (described, nil)
        }
        let field = heroID == nil ? "the story's heroID" : "heroID"
        guard let id = heroID ?? story.heroID else {
            throw StoryKitError(
                .invalidArgument, "story \"\(story.id)\" has no hero: give \"heroID\" or \"hero\" in the request")
        }
        let record = try await Self.record(id, field: field) { () throws(StoryKitError) in
            try await records.heroes.record(id: id)
        }
        return (record, records.heroes)
    }

    /// A record read from the store, a missing one named by the field that asked for it.
    static func record<Record>(
        _ id: String, field: String, _ read: () async throws(StoryKitError) -> Record
    ) async throws(StoryKitError) -> Record {
        do {
            return try await read()
        } catch  where error.code == .notFound {
            throw StoryKitError(.notFound, "\(field) \"\(id)\": the store holds no such record")
        }
    }
}
