/// A story as a JSON host asks for it (`storykit_story_write`): the story prompt's fields,
/// the model to ask, and what to record, read and checked here so that the C shim only
/// converts and calls.
///
///     {"hero": {"name": "Mia", "traits": ["brave"], "appearance": "red boots"}, "heroID": "h1",
///      "theme": "a lost kite", "ageGroup": "4-6", "length": "short", "language": "en",
///      "event": {"title": "First day at school"}, "eventID": "e1",
///      "remote": {"provider": "openai", "baseURL": "http://127.0.0.1:8080/v1", "model": "smollm2"},
///      "shape": "pages", "id": "s1", "avoidWords": ["scary"]}
///
/// `ageGroup` defaults to `"4-6"`, `length` to `"short"`; `remote` is required (a story needs
/// a model), as are `hero`, `theme` and `language`.
package struct StoryWritingRequest: Sendable {
    package var brief: StoryBrief
    package var id: String?
    package var remote: CorrectionRequest.Remote
    package var shape: StoryShape?
    package var contextTokens: Int

    /// Reads a request; `hasTransport` says whether the host can send the model's requests.
    package init(_ reader: inout JSONFieldReader, hasTransport: Bool) throws(StoryKitError) {
        let hero = try PromptRequest.heroDescription(&reader)
        let heroID = try reader.optionalString("heroID")
        let theme = try reader.string("theme")
        let ageText = try reader.optionalString("ageGroup") ?? "4-6"
        guard let ageGroup = AgeGroup(ageText) else {
            throw StoryKitError(
                .invalidArgument,
                "\(reader.name("ageGroup")) must be an age or a range of ages from 2 to 12 such as \"4-6\", not \"\(ageText)\""
            )
        }
        let length: StoryLength = try reader.choice("length", default: .short)
        guard let language = try PromptRequest.optionalLanguage(&reader) else { throw reader.missing("language") }
        let event = reader.contains("event") ? try PromptRequest.eventDescription(&reader) : nil
        let eventID = try reader.optionalString("eventID")
        let avoidWords = try reader.strings("avoidWords")
        id = try reader.optionalString("id")
        if let id { try ModelValidation.id(id, field: "id") }
        shape = try reader.optionalChoice("shape")
        brief = try StoryBrief(
            hero: hero, heroID: heroID, theme: theme, ageGroup: ageGroup, length: length, language: language,
            event: event, eventID: eventID, avoidWords: avoidWords)
        guard var settings = try reader.optionalObject("remote") else {
            throw StoryKitError(
                .invalidArgument, "\(reader.name("remote")) is missing: a story is written by a model")
        }
        guard hasTransport else {
            throw StoryKitError(.invalidArgument, "\(reader.name("remote")) needs a transport, but transport is NULL")
        }
        remote = try CorrectionRequest.Remote(&settings, defaultModel: ModelDefaults.text(for:))
        contextTokens = try settings.integer(
            "contextTokens", in: PromptBudget.contextRange, default: PromptBudget.onDeviceContextTokens)
        try settings.finish()
        try reader.finish()
    }

    /// The service for this request, reading languages with `packs`.
    package func service(transport: any HTTPTransport, packs: [LanguagePack]) throws(StoryKitError) -> StoryService {
        var service = StoryService(
            backends: [.remote], generators: [.remote: try remote.generator(transport: transport)], shape: shape,
            contextTokens: contextTokens, languageTeller: OfflineCorrector(packs: packs))
        service.sampling = remote.sampling
        return service
    }
}
