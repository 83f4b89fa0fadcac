import CStoryKit
import StoryKitCore

@c @implementation
public func storykit_generate(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ request_json: UnsafePointer<CChar>?,
    _ transport: storykit_transport_fn?,
    _ on_event: storykit_event_fn?,
    _ user_data: UnsafeMutableRawPointer?
) -> storykit_status {
    answerJSON(out_json) { () throws(StoryKitError) in
        var reader = try requestReader(request_json)
        guard transport != nil else { throw StoryKitError(.invalidArgument, "transport is NULL") }
        let parsed = try ProviderRequest.parse(&reader)
        let host = HostCallbacks(transport: transport, onEvent: on_event, userData: user_data)
        let timeout = try ServiceSettings.timeout(&reader, default: parsed.provider == .imagen ? 120 : 60)
        let retrier = try ServiceSettings.retrier(&reader)
        try reader.finish()
        let channel = CallbackTransport(host: host)
        switch parsed.content {
        case .text(let request):
            let generator = try configured { () throws(GenerationError) in
                try RemoteTextGenerator(provider: parsed.provider, model: request.model, transport: channel, apiKey: parsed.apiKey,
                                        baseURL: parsed.baseURL, timeout: timeout, retrier: retrier)
            }
            let stream = parsed.stream
            return try host.runBlocking { () throws(StoryKitError) in
                try await generating { () throws(GenerationError) in
                    guard stream else { return try await generator.respond(to: request).json }
                    return try await generator.stream(request) { text in
                        host.send(event: StreamEvent.delta(index: 0, text: text).json)
                    }.json
                }
            }
        case .image(let request):
            let generator = try configured { () throws(GenerationError) in
                try RemoteImageGenerator(model: request.model, transport: channel, apiKey: parsed.apiKey,
                                         baseURL: parsed.baseURL ?? ImagenCodec.defaultBaseURL, timeout: timeout, retrier: retrier)
            }
            return try host.runBlocking { () throws(StoryKitError) in
                try await generating { () throws(GenerationError) in try await generator.generate(request).json }
            }
        }
    }
}

@c @implementation
public func storykit_correct(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ request_json: UnsafePointer<CChar>?,
    _ transport: storykit_transport_fn?,
    _ on_event: storykit_event_fn?,
    _ user_data: UnsafeMutableRawPointer?
) -> storykit_status {
    answerJSON(out_json) { () throws(StoryKitError) in
        try correction(request_json, transport: transport, onEvent: on_event, userData: user_data)
    }
}

/// `storykit_correct` behind its boundary checks.
private func correction(
    _ request_json: UnsafePointer<CChar>?, transport: storykit_transport_fn?, onEvent on_event: storykit_event_fn?,
    userData user_data: UnsafeMutableRawPointer?
) throws(StoryKitError) -> JSONValue {
    var reader = try requestReader(request_json)
    let text = try reader.string("text")
    let count = try reader.integer("count", in: 1...CorrectionPromptBuilder.maxCount, default: 3)
    let language = try PromptRequest.optionalLanguage(&reader)
    let layout: KeyboardLayout = try reader.choice("layout", default: .qwerty)
    let spelling: SpellingSystem = try reader.choice("spelling", default: .keep)
    let host = HostCallbacks(transport: transport, onEvent: on_event, userData: user_data)
    var generators: [CorrectionBackend: any TextGenerator] = [:]
    var contextTokens = PromptBudget.onDeviceContextTokens
    if var remote = try reader.optionalObject("remote") {
        guard transport != nil else { throw StoryKitError(.invalidArgument, "\(reader.name("remote")) needs a transport, but transport is NULL") }
        let provider: GenerationProvider = try remote.choice("provider")
        // Corrections want the quickest model: Gemini's default for them is Flash-Lite.
        let model = try remote.optionalString("model") ?? ModelDefaults.correction(for: provider)
        let apiKey = try remote.optionalString("apiKey")
        let baseURL = try remote.optionalString("baseURL")
        let structured = try remote.boolean("structured", default: true)
        contextTokens = try remote.integer("contextTokens", in: PromptBudget.contextRange, default: contextTokens)
        let timeout = try ServiceSettings.timeout(&remote, default: 60)
        let retrier = try ServiceSettings.retrier(&remote)
        try remote.finish()
        let generator: RemoteTextGenerator = try configured { () throws(GenerationError) in
            try RemoteTextGenerator(provider: provider, model: model, transport: CallbackTransport(host: host), apiKey: apiKey,
                                    baseURL: baseURL, timeout: timeout, retrier: retrier, acceptsResponseSchema: structured)
        }
        generators[.remote] = generator
    }
    var backends: [CorrectionBackend] = []
    for name in try reader.strings("backends") {
        guard let backend = CorrectionBackend(rawValue: name) else {
            let known = CorrectionBackend.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw StoryKitError(.invalidArgument, "unknown backend \"\(name)\" in \(reader.name("backends")); known: \(known)")
        }
        backends.append(backend)
    }
    try reader.finish()
    let service = CorrectionService(
        backends: backends.isEmpty ? (generators.isEmpty ? [.offline] : [.remote, .offline]) : backends,
        generators: generators, offline: OfflineCorrector(layout: layout, spelling: spelling), count: count, language: language,
        contextTokens: contextTokens)
    var onUpdate: (@Sendable (PartialVariationSet) -> Void)?
    if on_event != nil {
        onUpdate = { snapshot in host.send(event: snapshot.eventJSON) }
    }
    let update = onUpdate
    return try host.runBlocking { () throws(StoryKitError) in
        try await service.correct(text, onUpdate: update).json
    }
}

@c @implementation
public func storykit_illustrate(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ store: OpaquePointer?,
    _ request_json: UnsafePointer<CChar>?,
    _ transport: storykit_transport_fn?,
    _ user_data: UnsafeMutableRawPointer?
) -> storykit_status {
    answerJSON(out_json) { () throws(StoryKitError) in
        let fileStore = try storeHandle(store)
        var reader = try requestReader(request_json)
        guard transport != nil else { throw StoryKitError(.invalidArgument, "transport is NULL") }
        let hero = try PromptRequest.heroDescription(&reader)
        let (pageText, pageIndex) = try PromptRequest.page(&reader)
        let style = try reader.optionalString("style")
        let storyID = try reader.optionalString("storyID")
        let id = try reader.optionalString("id")
        let imageCount = try reader.integer("imageCount", in: 1...ImageGenerationRequest.maxSampleCount, default: 1)
        let aspectRatio = try reader.optionalString("aspectRatio")
        let model = try reader.optionalString("model") ?? RemoteImageGenerator.defaultModel
        let apiKey = try reader.optionalString("apiKey")
        let baseURL = try reader.optionalString("baseURL") ?? GeminiCodec.defaultBaseURL
        let timeout = try ServiceSettings.timeout(&reader, default: 120)
        let retrier = try ServiceSettings.retrier(&reader)
        try reader.finish()
        let host = HostCallbacks(transport: transport, onEvent: nil, userData: user_data)
        let generator = try configured { () throws(GenerationError) in
            try RemoteImageGenerator(model: model, transport: CallbackTransport(host: host), apiKey: apiKey, baseURL: baseURL,
                                     timeout: timeout, retrier: retrier)
        }
        let service = IllustrationService(generator: generator, store: fileStore, aspectRatio: aspectRatio)
        return try host.runBlocking { () throws(StoryKitError) in
            try await service.illustrate(hero: hero, pageText: pageText, pageIndex: pageIndex, style: style,
                                         storyID: storyID, id: id, imageCount: imageCount).json
        }
    }
}

/// Runs a generation, its failure as the library's error (`.api` or `.transport`).
private func generating<Value>(_ body: () async throws(GenerationError) -> Value) async throws(StoryKitError) -> Value {
    do {
        return try await body()
    } catch {
        throw error.storyKitError
    }
}

/// A generator made from a request's settings; a missing key or bad base URL is the
/// caller's argument error.
private func configured<Generator>(_ make: () throws(GenerationError) -> Generator) throws(StoryKitError) -> Generator {
    do {
        return try make()
    } catch {
        throw ServiceSettings.configurationError(error)
    }
}

extension PartialVariationSet {
    /// The `on_event` snapshot of `storykit_correct`.
    var eventJSON: JSONValue {
        ["type": "snapshot",
         "variations": .array(variations.map { variation in
             ["text": variation.text.map(JSONValue.string) ?? .null, "kind": variation.kind.map { .string($0.rawValue) } ?? .null,
              "complete": .bool(variation.isComplete)]
         }),
         "final": .bool(result != nil)]
    }
}
