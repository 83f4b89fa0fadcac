/// An event enhancement as a JSON host asks for it (`storykit_event_enhance`):
/// `{"event":{"title","description","promptSeed"},"language":"en","remote":{…}}`, the remote
/// as `storykit_story_write` takes it.
package struct EventEnhancementRequest: Sendable {
    package var event: EventDescription
    package var language: LanguageTag
    package var remote: CorrectionRequest.Remote
    package var contextTokens: Int

    /// Reads a request, rejecting unknown keys.
    package init(_ reader: inout JSONFieldReader) throws(StoryKitError) {
        event = try PromptRequest.eventDescription(&reader)
        guard let language = try PromptRequest.optionalLanguage(&reader) else { throw reader.missing("language") }
        self.language = language
        guard var settings = try reader.optionalObject("remote") else {
            throw StoryKitError(
                .invalidArgument, "\(reader.name("remote")) is missing: an event is enhanced by a model")
        }
        remote = try CorrectionRequest.Remote(&settings, defaultModel: ModelDefaults.text(for:))
        contextTokens = try settings.integer(
            "contextTokens", in: PromptBudget.contextRange, default: PromptBudget.onDeviceContextTokens)
        try settings.finish()
        try reader.finish()
    }
}
