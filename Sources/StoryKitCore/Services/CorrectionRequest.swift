/// A correction as a JSON host asks for it (`storykit_correct`): the text, the offline
/// corrector's settings, an optional remote model and the backends to try, read and checked
/// here so that the C shim only converts and calls.
///
///     {"text": "I wnat to go hmoe", "count": 3, "layout": "qwerty", "spelling": "keep",
///      "remote": {"provider": "gemini", "model": "…", "structured": true, "timeoutSeconds": 60,
///                 "temperature": 0.2, "topP": 0.9, "seed": 7, "maxOutputTokens": 400},
///      "backends": ["remote", "offline"], "check": "faithful",
///      "vocabulary": {"known": ["Zorbax"], "ignored": ["glimmerfrost"]}}
package struct CorrectionRequest: Sendable {
    /// The model to ask, with its connection settings.
    package struct Remote: Sendable {
        package var provider: GenerationProvider
        package var model: String
        package var apiKey: String?
        package var baseURL: String?
        package var structured: Bool
        package var timeout: Duration
        package var retrier: Retrier
        package var sampling: CorrectionSampling

        /// Reads the settings of a `"remote"` object (not its `contextTokens`, which the
        /// caller reads); `defaultModel` names the model when the object does not.
        package init(
            _ settings: inout JSONFieldReader, defaultModel: (GenerationProvider) -> String
        ) throws(StoryKitError) {
            provider = try settings.choice("provider")
            model = try settings.optionalString("model") ?? defaultModel(provider)
            apiKey = try settings.optionalString("apiKey")
            baseURL = try settings.optionalString("baseURL")
            structured = try settings.boolean("structured", default: true)
            sampling = try CorrectionSampling(&settings)
            timeout = try ServiceSettings.timeout(&settings, default: RemoteTextGenerator.defaultTimeout)
            retrier = try ServiceSettings.retrier(&settings)
        }

        /// The generator these settings describe, sending through `transport`.
        package func generator(transport: any HTTPTransport) throws(StoryKitError) -> RemoteTextGenerator {
            try ServiceSettings.configured { () throws(GenerationError) in
                try RemoteTextGenerator(
                    provider: provider, model: model, transport: transport, apiKey: apiKey, baseURL: baseURL,
                    timeout: timeout, retrier: retrier, acceptsResponseSchema: structured)
            }
        }
    }

    package var text: String
    package var count: Int
    package var language: LanguageTag?
    /// `nil`: the keyboard the text's language usually uses.
    package var layout: KeyboardLayout?
    /// The languages the offline corrector reads; the C library sets every pack it carries.
    package var packs: [LanguagePack] = [.english]
    package var spelling: SpellingSystem
    package var remote: Remote?
    /// The backends in the order to try; empty: remote then offline when there is a remote,
    /// offline alone otherwise.
    package var backends: [CorrectionBackend]
    package var contextTokens: Int
    /// How strictly a model's versions are checked (`"check"`): faithful (default), loose or off.
    package var strictness: VersionStrictness
    /// The writer's own words (`"vocabulary"`), read by the offline corrector.
    package var vocabulary: Vocabulary

    /// Reads a request; `hasTransport` says whether the host can send a remote's requests.
    package init(_ reader: inout JSONFieldReader, hasTransport: Bool) throws(StoryKitError) {
        text = try reader.string("text")
        count = try reader.integer("count", in: 1...CorrectionPromptBuilder.maxCount, default: 3)
        language = try PromptRequest.optionalLanguage(&reader)
        layout = try reader.optionalChoice("layout")
        spelling = try reader.choice("spelling", default: .keep)
        strictness = try reader.choice("check", default: .faithful)
        vocabulary = try Vocabulary.read(&reader)
        contextTokens = PromptBudget.onDeviceContextTokens
        if var settings = try reader.optionalObject("remote") {
            guard hasTransport else {
                throw StoryKitError(
                    .invalidArgument, "\(reader.name("remote")) needs a transport, but transport is NULL")
            }
            // Corrections want the quickest model: Gemini's default for them is Flash-Lite.
            remote = try Remote(&settings, defaultModel: ModelDefaults.correction(for:))
            contextTokens = try settings.integer("contextTokens", in: PromptBudget.contextRange, default: contextTokens)
            try settings.finish()
        }
        backends = []
        for name in try reader.strings("backends") {
            guard let backend = CorrectionBackend(rawValue: name) else {
                let known = CorrectionBackend.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw StoryKitError(
                    .invalidArgument, "unknown backend \"\(name)\" in \(reader.name("backends")); known: \(known)")
            }
            backends.append(backend)
        }
        try reader.finish()
    }

    /// The service for this request; `transport` sends the remote model's requests.
    package func service(transport: (any HTTPTransport)?) throws(StoryKitError) -> CorrectionService {
        var generators: [CorrectionBackend: any TextGenerator] = [:]
        if let remote, let transport { generators[.remote] = try remote.generator(transport: transport) }
        var service = CorrectionService(
            backends: backends.isEmpty ? (generators.isEmpty ? [.offline] : [.remote, .offline]) : backends,
            generators: generators,
            offline: OfflineCorrector(
                layout: layout, spelling: spelling, language: language, packs: packs, vocabulary: vocabulary),
            count: count, language: language,
            contextTokens: contextTokens)
        service.strictness = strictness
        if let remote { service.sampling = remote.sampling }
        return service
    }
}
