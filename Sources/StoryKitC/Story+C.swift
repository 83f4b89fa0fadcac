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
