import CStoryKit
import StoryKitCore

/// The object behind a `storykit_stream *`: one stream, behind a lock so that calls from
/// several threads are serialised rather than racing, and the events a caller's buffer had no
/// room for, which the next call returns first.
///
/// Kept events are held already written as JSON (the elements of an array), so a buffer that
/// stays too small costs each call only its own events, and at most ``maxKeptBytes`` of them
/// are kept before the stream fails.
final class StreamHandle: Sendable {
    private struct State {
        var stream: any ChunkStream
        /// Events not yet delivered, as comma-separated JSON array elements.
        var kept: [UInt8] = []
        var keptCount = 0
        /// The failure every later call reports, once the kept events outgrew their bound.
        var failure: StoryKitError?

        /// The capacity a buffer needs for the kept events: `[`, `]` and the NUL around them.
        var neededCapacity: Int { kept.count + 3 }
    }

    /// The most bytes of events kept for a buffer that has no room for them.
    static let maxKeptBytes = 8 << 20

    private let state: LockedValue<State>

    init(_ stream: any ChunkStream) {
        state = LockedValue(State(stream: stream))
    }

    /// Feeds `chunk`; `{"events":[…]}` with its events after any kept ones.
    func feed(_ chunk: UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> [UInt8] {
        try state.withLock { (state) throws(StoryKitError) -> [UInt8] in
            try Self.feed(chunk, &state)
            defer { Self.deliver(&state) }
            return StreamEvent.eventsUTF8JSON(elements: state.kept)
        }
    }

    /// Feeds `chunk` and writes its events (after any kept ones) as a JSON array into
    /// `buffer`, NUL-terminated: the bytes written without the NUL, or, when they do not fit,
    /// `nil` and the capacity they need; the events are then kept for the next call. When the
    /// chunk fails, events kept from earlier calls are written all the same (`written`), and
    /// `failure` is the error, saying so.
    func feed(
        _ chunk: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>
    ) throws(StoryKitError) -> (written: Int?, needed: Int, failure: StoryKitError?) {
        try state.withLock { (state) throws(StoryKitError) -> (written: Int?, needed: Int, failure: StoryKitError?) in
            do throws(StoryKitError) {
                try Self.feed(chunk, &state)
            } catch {
                // Deliver what was kept rather than lose it with the stream.
                guard state.keptCount > 0 else { throw error }
                let count = state.keptCount
                if let written = Self.write(&state, into: buffer) {
                    let failure = StoryKitError(
                        error.code,
                        "\(error.message); the \(count) events kept from an earlier call are in buffer (\(written) bytes)"
                    )
                    return (written, written + 1, failure)
                }
                throw StoryKitError(
                    error.code,
                    "\(error.message); \(count) events kept from an earlier call did not fit buffer and are lost")
            }
            let needed = state.neededCapacity
            guard let written = Self.write(&state, into: buffer) else {
                guard state.kept.count <= Self.maxKeptBytes else {
                    let failure = StoryKitError(
                        .limit,
                        "the stream kept \(state.kept.count) bytes of events that buffer (\(buffer.count) bytes) never held; it stops here: give a buffer of at least \(needed) bytes"
                    )
                    state.failure = failure
                    state.kept = []
                    throw failure
                }
                return (nil, needed, nil)
            }
            return (written, written + 1, nil)
        }
    }

    /// Ends the input: the result, and `{"events":[…]}` with the kept events and those its end
    /// completed. With `dropsEvents`, the end's own events are not wanted, but kept events are
    /// never dropped: the call fails, leaving the stream open, until they are taken.
    func finish(dropsEvents: Bool = false) throws(StoryKitError) -> (result: [UInt8], events: [UInt8]) {
        try state.withLock { (state) throws(StoryKitError) -> (result: [UInt8], events: [UInt8]) in
            if let failure = state.failure { throw failure }
            if dropsEvents, state.keptCount > 0 {
                throw StoryKitError(
                    .state,
                    "\(state.keptCount) events kept from an earlier call have not been taken: take them with storykit_stream_feed_into (a buffer of \(state.neededCapacity) bytes, a chunk of length 0) or end with storykit_stream_finish_events; the stream stays open"
                )
            }
            var ended: [StreamEvent] = []
            let result = try state.stream.finishUTF8JSON { ended.append($0) }
            StreamEvent.appendElementsUTF8JSON(ended, to: &state.kept)
            defer { Self.deliver(&state) }
            return (result, StreamEvent.eventsUTF8JSON(elements: state.kept))
        }
    }

    private static func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ state: inout State) throws(StoryKitError) {
        if let failure = state.failure { throw failure }
        let events = try state.stream.feed(utf8: chunk)
        StreamEvent.appendElementsUTF8JSON(events, to: &state.kept)
        state.keptCount += events.count
    }

    /// Writes the kept events into `buffer` as `[…]` and a NUL when they fit, and forgets them.
    private static func write(_ state: inout State, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        let length = state.neededCapacity - 1
        guard length < buffer.count, let base = buffer.baseAddress else { return nil }
        base[0] = UInt8(ascii: "[")
        state.kept.withUnsafeBufferPointer { kept in
            if let start = kept.baseAddress { (base + 1).update(from: start, count: kept.count) }
        }
        base[length - 1] = UInt8(ascii: "]")
        base[length] = 0
        deliver(&state)
        return length
    }

    private static func deliver(_ state: inout State) {
        state.kept.removeAll(keepingCapacity: state.kept.count <= 1 << 16)
        state.keptCount = 0
    }
}
