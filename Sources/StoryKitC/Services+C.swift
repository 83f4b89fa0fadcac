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
        let timeout = try ServiceSettings.timeout(
            &reader,
            default: parsed.provider == .imagen
                ? RemoteImageGenerator.defaultTimeout : RemoteTextGenerator.defaultTimeout)
        let retrier = try ServiceSettings.retrier(&reader)
        try reader.finish()
        let channel = host.httpTransport
        switch parsed.content {
        case .text(let request):
            let generator = try ServiceSettings.configured { () throws(GenerationError) in
                try RemoteTextGenerator(
                    provider: parsed.provider, model: request.model, transport: channel, apiKey: parsed.apiKey,
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
            let generator = try ServiceSettings.configured { () throws(GenerationError) in
                try RemoteImageGenerator(
                    model: request.model, transport: channel, apiKey: parsed.apiKey,
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
    var reading = try CorrectionRequest(&reader, hasTransport: transport != nil)
    reading.packs = allLanguagePacks
    let request = reading
    let host = HostCallbacks(transport: transport, onEvent: on_event, userData: user_data)
    let service = try request.service(transport: transport == nil ? nil : host.httpTransport)
    var onUpdate: (@Sendable (PartialVariationSet) -> Void)?
    if on_event != nil {
        onUpdate = { snapshot in host.send(event: snapshot.eventJSON) }
    }
    let update = onUpdate
    return try host.runBlocking { () throws(StoryKitError) in
        try await service.correct(request.text, onUpdate: update).json
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
    drawingInto(out_json, store, request_json, transport, nil, user_data) {
        (fileStore, reader, host) throws(StoryKitError) in
        let request = try IllustrationRequest(&reader)
        let service = try request.service(transport: host.httpTransport, store: fileStore)
        return try host.runBlocking { () throws(StoryKitError) in try await request.run(on: service).json }
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

extension PartialVariationSet {
    /// The `on_event` snapshot of `storykit_correct`.
    var eventJSON: JSONValue {
        [
            "type": "snapshot",
            "variations": .array(
                variations.map { variation in
                    var member: JSONObject = [
                        "text": variation.text.map(JSONValue.string) ?? .null,
                        "kind": variation.kind.map { .string($0.rawValue) } ?? .null,
                        "complete": .bool(variation.isComplete)
                    ]
                    if let issue = variation.issue { member["issue"] = issue.json }
                    return .object(member)
                }),
            "final": .bool(result != nil)
        ]
    }
}
