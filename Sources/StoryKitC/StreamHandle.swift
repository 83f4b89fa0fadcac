import CStoryKit
import StoryKitCore

/// The object behind a `storykit_stream *`: one stream, behind a lock so that calls from
/// several threads are serialised rather than racing, and the events a caller's buffer had no
/// room for, which the next call returns first.
final class StreamHandle: Sendable {
    private struct State {
        var stream: any ChunkStream
        var undelivered: [StreamEvent] = []
    }

    private let state: LockedValue<State>

    init(_ stream: any ChunkStream) {
        state = LockedValue(State(stream: stream))
    }

    /// Feeds `chunk`; its events after any undelivered ones.
    func feed(_ chunk: UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> [StreamEvent] {
        try state.withLock { (state) throws(StoryKitError) -> [StreamEvent] in
            let events = try state.stream.feed(utf8: chunk)
            defer { state.undelivered.removeAll() }
            return state.undelivered.isEmpty ? events : state.undelivered + events
        }
    }

    /// Feeds `chunk` and writes its events (after any undelivered ones) as a JSON array into
    /// `buffer`, NUL-terminated: the bytes written without the NUL, or, when they do not fit,
    /// `nil` and the capacity they need; the events are then kept for the next call.
    func feed(_ chunk: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>) throws(StoryKitError) -> (written: Int?, needed: Int) {
        try state.withLock { (state) throws(StoryKitError) -> (written: Int?, needed: Int) in
            state.undelivered += try state.stream.feed(utf8: chunk)
            let json = StreamEvent.eventArrayUTF8JSON(state.undelivered)
            guard json.count < buffer.count, let base = buffer.baseAddress else { return (nil, json.count + 1) }
            json.withUnsafeBufferPointer { base.update(from: $0.baseAddress!, count: json.count) }
            base[json.count] = 0
            state.undelivered.removeAll()
            return (json.count, json.count + 1)
        }
    }

    /// Ends the input: the result, and the undelivered events and those its end completed.
    func finish() throws(StoryKitError) -> (result: [UInt8], events: [StreamEvent]) {
        try state.withLock { (state) throws(StoryKitError) -> (result: [UInt8], events: [StreamEvent]) in
            var events = state.undelivered
            let result = try state.stream.finishUTF8JSON { events.append($0) }
            state.undelivered.removeAll()
            return (result, events)
        }
    }
}
