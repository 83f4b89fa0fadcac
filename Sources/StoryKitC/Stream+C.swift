import CStoryKit
import StoryKitCore

/// What the C stream functions need of a stream: bytes in, events out, and the result as
/// the JSON its batch function returns.
protocol ChunkStream: Sendable {
    mutating func feed(utf8 chunk: UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> [StreamEvent]
    mutating func finishJSON() throws(StoryKitError) -> JSONValue
}

extension ListStream: ChunkStream {
    mutating func finishJSON() throws(StoryKitError) -> JSONValue { try finish().json }
}

extension VariationStream: ChunkStream {
    mutating func finishJSON() throws(StoryKitError) -> JSONValue { try finish().json }
}

extension JSONStream: ChunkStream {
    mutating func finishJSON() throws(StoryKitError) -> JSONValue { try finish().json }
}

extension GenerationStream: ChunkStream {
    mutating func finishJSON() throws(StoryKitError) -> JSONValue { try finish().json }
}

/// The object behind a `storykit_stream *`: one stream, behind a lock so that calls from
/// several threads are serialised rather than racing.
final class StreamHandle: Sendable {
    private let stream: LockedValue<any ChunkStream>

    init(_ stream: any ChunkStream) {
        self.stream = LockedValue(stream)
    }

    func feed(_ chunk: UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> [StreamEvent] {
        try stream.withLock { (stream) throws(StoryKitError) -> [StreamEvent] in try stream.feed(utf8: chunk) }
    }

    func finish() throws(StoryKitError) -> JSONValue {
        try stream.withLock { (stream) throws(StoryKitError) -> JSONValue in try stream.finishJSON() }
    }
}

@c @implementation
public func storykit_stream_create(
    _ out: UnsafeMutablePointer<OpaquePointer?>?,
    _ kind: UnsafePointer<CChar>?,
    _ options_json: UnsafePointer<CChar>?
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let output = try requireOutput(out, "out")
        let parser: any ChunkStream
        switch try stringArgument(kind, "kind") {
        case "list":
            try listOptions(options_json)
            parser = ListStream()
        case "variations":
            parser = VariationStream(options: try variationOptions(options_json))
        case "json":
            try listOptions(options_json)
            parser = JSONStream(limits: .wrappedValue)
        case "gemini-sse":
            parser = try GenerationStream(provider: .gemini, httpStatus: generationStreamOptions(options_json))
        case "openai-sse":
            parser = try GenerationStream(provider: .openai, httpStatus: generationStreamOptions(options_json))
        case let other:
            throw StoryKitError(.invalidArgument, "unknown stream kind \"\(other)\"; expected \"list\", \"variations\", \"json\", \"gemini-sse\" or \"openai-sse\"")
        }
        output.pointee = OpaquePointer(Unmanaged.passRetained(StreamHandle(parser)).toOpaque())
    }
}

@c @implementation
public func storykit_stream_feed(
    _ stream: OpaquePointer?,
    _ out_events_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ chunk: UnsafePointer<CChar>?,
    _ len: Int
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let output = try requireOutput(out_events_json, "out_events_json")
        let handle = try streamHandle(stream)
        let bytes = try inputBytes(chunk, len, "chunk")
        let events = try handle.feed(bytes)
        output.pointee = try outputString(JSONValue.object(["events": .array(events.map(\.json))]).utf8Bytes())
    }
}

@c @implementation
public func storykit_stream_finish(
    _ stream: OpaquePointer?,
    _ out_result_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let output = try requireOutput(out_result_json, "out_result_json")
        let handle = try streamHandle(stream)
        output.pointee = try outputString(handle.finish().utf8Bytes())
    }
}

@c @implementation
public func storykit_stream_free(_ stream: OpaquePointer?) {
    guard let stream else { return }
    Unmanaged<StreamHandle>.fromOpaque(UnsafeRawPointer(stream)).release()
}

private func streamHandle(_ stream: OpaquePointer?) throws(StoryKitError) -> StreamHandle {
    guard let stream else { throw StoryKitError(.invalidArgument, "stream is NULL") }
    return Unmanaged<StreamHandle>.fromOpaque(UnsafeRawPointer(stream)).takeUnretainedValue()
}
