import CStoryKit
import StoryKitCore

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

    /// Ends the input: the result, and the events its end completed.
    func finish() throws(StoryKitError) -> (result: [UInt8], events: [StreamEvent]) {
        try stream.withLock { (stream) throws(StoryKitError) -> (result: [UInt8], events: [StreamEvent]) in
            var events: [StreamEvent] = []
            let result = try stream.finishUTF8JSON { events.append($0) }
            return (result, events)
        }
    }
}
