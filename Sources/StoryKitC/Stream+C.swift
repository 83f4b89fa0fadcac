import CStoryKit
import StoryKitCore
import Synchronization

/// The object behind a `storykit_stream *`: one parser stream, behind a lock so that calls
/// from several threads are serialised rather than racing.
final class StreamHandle: Sendable {
    enum Parser: Sendable {
        case list(ListStream)
        case variations(VariationStream)
        case json(JSONStream)
        case generation(GenerationStream)
    }

    private let parser: Mutex<Parser>

    init(_ parser: Parser) {
        self.parser = Mutex(parser)
    }

    func feed(_ chunk: UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> [StreamEvent] {
        try parser.withLock { (parser) throws(StoryKitError) -> [StreamEvent] in
            switch parser {
            case .list(var stream):
                defer { parser = .list(stream) }
                return try stream.feed(utf8: chunk)
            case .variations(var stream):
                defer { parser = .variations(stream) }
                return try stream.feed(utf8: chunk)
            case .json(var stream):
                defer { parser = .json(stream) }
                return try stream.feed(utf8: chunk)
            case .generation(var stream):
                defer { parser = .generation(stream) }
                return try stream.feed(utf8: chunk)
            }
        }
    }

    func finish() throws(StoryKitError) -> JSONValue {
        try parser.withLock { (parser) throws(StoryKitError) -> JSONValue in
            switch parser {
            case .list(var stream):
                defer { parser = .list(stream) }
                return try stream.finish().json
            case .variations(var stream):
                defer { parser = .variations(stream) }
                return try stream.finish().json
            case .json(var stream):
                defer { parser = .json(stream) }
                return try stream.finish().json
            case .generation(var stream):
                defer { parser = .generation(stream) }
                return try stream.finish().json
            }
        }
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
        guard let kind else { throw StoryKitError(.invalidArgument, "kind is NULL") }
        let parser: StreamHandle.Parser
        switch String(cString: kind) {
        case "list":
            try listOptions(options_json)
            parser = .list(ListStream())
        case "variations":
            parser = .variations(VariationStream(options: try variationOptions(options_json)))
        case "json":
            try listOptions(options_json)
            parser = .json(JSONStream())
        case "gemini-sse":
            parser = .generation(try GenerationStream(provider: .gemini, httpStatus: generationStreamOptions(options_json)))
        case "openai-sse":
            parser = .generation(try GenerationStream(provider: .openai, httpStatus: generationStreamOptions(options_json)))
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
