import CStoryKit
import StoryKitCore

@c @implementation
public func storykit_story_write(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ store: OpaquePointer?,
    _ request_json: UnsafePointer<CChar>?,
    _ transport: storykit_transport_fn?,
    _ on_event: storykit_event_fn?,
    _ user_data: UnsafeMutableRawPointer?
) -> storykit_status {
    answerJSON(out_json) { () throws(StoryKitError) in
        var fileStore: FileStore?
        if let store { fileStore = try storeHandle(store) }
        let repository = fileStore?.stories
        var reader = try requestReader(request_json)
        guard transport != nil else { throw StoryKitError(.invalidArgument, "transport is NULL") }
        let request = try StoryWritingRequest(&reader, hasTransport: true)
        let host = HostCallbacks(transport: transport, onEvent: on_event, userData: user_data)
        let service = try request.service(transport: host.httpTransport, packs: allLanguagePacks)
        var onUpdate: (@Sendable (StorySnapshot) -> Void)?
        if on_event != nil {
            onUpdate = { snapshot in host.send(event: snapshot.json) }
        }
        let update = onUpdate
        return try host.runBlocking { () throws(StoryKitError) in
            try await service.write(request.brief, id: request.id, saveTo: repository, onUpdate: update).json
        }
    }
}

@c @implementation
public func storykit_event_enhance(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ request_json: UnsafePointer<CChar>?,
    _ transport: storykit_transport_fn?,
    _ user_data: UnsafeMutableRawPointer?
) -> storykit_status {
    answerJSON(out_json) { () throws(StoryKitError) in
        var reader = try requestReader(request_json)
        guard transport != nil else { throw StoryKitError(.invalidArgument, "transport is NULL") }
        let request = try EventEnhancementRequest(&reader)
        let host = HostCallbacks(transport: transport, onEvent: nil, userData: user_data)
        var service = EventEnhancementService(
            generator: try request.remote.generator(transport: host.httpTransport), contextTokens: request.contextTokens
        )
        service.sampling = request.remote.sampling
        let settings = service
        return try host.runBlocking { () throws(StoryKitError) in
            try await settings.enhance(request.event, language: request.language).json
        }
    }
}

@c @implementation
public func storykit_story_illustrate(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ store: OpaquePointer?,
    _ request_json: UnsafePointer<CChar>?,
    _ transport: storykit_transport_fn?,
    _ on_event: storykit_event_fn?,
    _ user_data: UnsafeMutableRawPointer?
) -> storykit_status {
    drawingInto(out_json, store, request_json, transport, on_event, user_data) {
        (fileStore, reader, host) throws(StoryKitError) in
        let request = try StoryIllustrationRequest(&reader)
        var onProgress: (@Sendable (PageIllustration) -> Void)?
        if on_event != nil {
            onProgress = { page in host.send(event: page.eventJSON) }
        }
        let progress = onProgress
        return try host.runBlocking { () throws(StoryKitError) in
            try await request.run(in: fileStore, transport: host.httpTransport, onProgress: progress).json
        }
    }
}

@c @implementation
public func storykit_hero_avatar(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ store: OpaquePointer?,
    _ request_json: UnsafePointer<CChar>?,
    _ transport: storykit_transport_fn?,
    _ user_data: UnsafeMutableRawPointer?
) -> storykit_status {
    drawingInto(out_json, store, request_json, transport, nil, user_data) {
        (fileStore, reader, host) throws(StoryKitError) in
        let request = try AvatarRequest(&reader)
        return try host.runBlocking { () throws(StoryKitError) in
            try await request.run(in: fileStore, transport: host.httpTransport).json
        }
    }
}

/// The frame of every call that draws into a store: the store, the request and the transport
/// checked in that order, then `body` with the request's reader and the host's callbacks.
func drawingInto(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ store: OpaquePointer?,
    _ request_json: UnsafePointer<CChar>?,
    _ transport: storykit_transport_fn?,
    _ on_event: storykit_event_fn?,
    _ user_data: UnsafeMutableRawPointer?,
    _ body: (FileStore, inout JSONFieldReader, HostCallbacks) throws(StoryKitError) -> JSONValue
) -> storykit_status {
    answerJSON(out_json) { () throws(StoryKitError) in
        let fileStore = try storeHandle(store)
        var reader = try requestReader(request_json)
        guard transport != nil else { throw StoryKitError(.invalidArgument, "transport is NULL") }
        let host = HostCallbacks(transport: transport, onEvent: on_event, userData: user_data)
        return try body(fileStore, &reader, host)
    }
}

extension PageIllustration {
    /// The `on_event` event of `storykit_story_illustrate`: `{"type":"page", …the page}`.
    var eventJSON: JSONValue {
        guard case .object(var object) = json else { return json }
        object["type"] = "page"
        return .object(object)
    }
}
