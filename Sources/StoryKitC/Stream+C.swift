import CStoryKit
import StoryKitCore

/// What the C stream functions need of a stream: bytes in, events out, and the result as
/// the JSON its batch function returns (as UTF-8), with the events the end of the input
/// completes.
protocol ChunkStream: Sendable {
    mutating func feed(utf8 chunk: UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> [StreamEvent]
    mutating func finishUTF8JSON(events: (StreamEvent) -> Void) throws(StoryKitError) -> [UInt8]
}

extension ListStream: ChunkStream {
    mutating func finishUTF8JSON(events: (StreamEvent) -> Void) throws(StoryKitError) -> [UInt8] {
        try withoutActuallyEscaping(events) { (events) throws(StoryKitError) in try finishJSON(events: events) }
    }
}

extension VariationStream: ChunkStream {
    mutating func finishUTF8JSON(events: (StreamEvent) -> Void) throws(StoryKitError) -> [UInt8] {
        try withoutActuallyEscaping(events) { (events) throws(StoryKitError) in try finish(events: events).utf8JSON() }
    }
}

extension JSONStream: ChunkStream {
    mutating func finishUTF8JSON(events: (StreamEvent) -> Void) throws(StoryKitError) -> [UInt8] {
        try withoutActuallyEscaping(events) { (events) throws(StoryKitError) in try finishRepairJSON(events: events) }
    }
}

extension GenerationStream: ChunkStream {
    mutating func finishUTF8JSON(events: (StreamEvent) -> Void) throws(StoryKitError) -> [UInt8] {
        try withoutActuallyEscaping(events) { (events) throws(StoryKitError) in
            try finish(events: events).json.utf8Bytes()
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
        let parser: any ChunkStream
        switch try stringArgument(kind, "kind") {
        case "list":
            try listOptions(options_json)
            parser = ListStream()
        case "variations":
            parser = VariationStream(options: try variationOptions(options_json))
        case "json":
            try listOptions(options_json)
            parser = JSONStream(writingAnswerWithin: .wrappedValue, reportsEvents: true)
        case "gemini-sse":
            parser = try GenerationStream(provider: .gemini, httpStatus: generationStreamOptions(options_json))
        case "openai-sse":
            parser = try GenerationStream(provider: .openai, httpStatus: generationStreamOptions(options_json))
        case let other:
            throw StoryKitError(
                .invalidArgument,
                "unknown stream kind \"\(other)\"; expected \"list\", \"variations\", \"json\", \"gemini-sse\" or \"openai-sse\""
            )
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
        output.pointee = try outputString(handle.feed(bytes))
    }
}

@c @implementation
public func storykit_stream_feed_into(
    _ stream: OpaquePointer?,
    _ buffer: UnsafeMutablePointer<CChar>?,
    _ capacity: Int,
    _ out_length: UnsafeMutablePointer<Int>?,
    _ chunk: UnsafePointer<CChar>?,
    _ len: Int
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        guard let length = out_length else { throw StoryKitError(.invalidArgument, "out_length is NULL") }
        length.pointee = 0
        let handle = try streamHandle(stream)
        guard capacity >= 0 else {
            throw StoryKitError(
                .invalidArgument,
                "capacity \(UInt(bitPattern: capacity)) is larger than any buffer (at most SIZE_MAX / 2)")
        }
        guard buffer != nil || capacity == 0 else {
            throw StoryKitError(.invalidArgument, "buffer is NULL but its capacity is \(capacity)")
        }
        let bytes = try inputBytes(chunk, len, "chunk")
        let target = UnsafeMutableBufferPointer(
            start: UnsafeMutableRawPointer(buffer)?.assumingMemoryBound(to: UInt8.self), count: capacity)
        let (written, needed, failure) = try handle.feed(bytes, into: target)
        guard let written else {
            length.pointee = needed
            throw StoryKitError(
                .limit,
                "the events need a buffer of \(needed) bytes, and buffer holds \(capacity); they are kept for the next call"
            )
        }
        length.pointee = written
        if let failure { throw failure }
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
        output.pointee = try outputString(handle.finish(dropsEvents: true).result)
    }
}

@c @implementation
public func storykit_stream_finish_events(
    _ stream: OpaquePointer?,
    _ out_result_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ out_events_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let resultOutput = try requireOutput(out_result_json, "out_result_json")
        let eventsOutput = try requireOutput(out_events_json, "out_events_json")
        let handle = try streamHandle(stream)
        let (result, events) = try handle.finish()
        let resultString = try outputString(result)
        do throws(StoryKitError) {
            eventsOutput.pointee = try outputString(events)
        } catch {
            storykit_string_free(resultString)
            throw error
        }
        resultOutput.pointee = resultString
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
