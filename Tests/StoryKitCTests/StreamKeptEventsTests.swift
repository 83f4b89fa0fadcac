import CStoryKit
import StoryKitC
import StoryKitCore
import Testing

/// Events that `storykit_stream_feed_into` kept because the caller's buffer was too small:
/// never lost, never re-written on every call, and bounded.
@Suite struct StreamKeptEventsTests {
    private func stream(_ kind: String = "list") throws -> OpaquePointer {
        var stream: OpaquePointer?
        #expect(storykit_stream_create(&stream, kind, nil) == STORYKIT_OK)
        return try #require(stream)
    }

    /// Feeds `chunk` into a buffer of `capacity` bytes: the status, the length and the text.
    private func feedInto(_ stream: OpaquePointer, _ chunk: [UInt8], capacity: Int) -> (storykit_status, Int, String) {
        var buffer = [CChar](repeating: 0, count: max(capacity, 1))
        var length = 0
        let status = chunk.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                storykit_stream_feed_into(stream, &buffer, capacity, &length, $0.baseAddress, chunk.count)
            }
        }
        let text = status == STORYKIT_OK || lastError().contains("are in buffer") ? String(cString: buffer) : ""
        return (status, length, text)
    }

    @Test func keptEventsAreNotDroppedByFinish() throws {
        let stream = try stream()
        defer { storykit_stream_free(stream) }
        let (status, needed, _) = feedInto(stream, Array("1. Rest\n2. Drink\n".utf8), capacity: 4)
        #expect(status == STORYKIT_E_LIMIT && needed > 4)
        var result: UnsafeMutablePointer<CChar>?
        #expect(storykit_stream_finish(stream, &result) == STORYKIT_E_STATE)
        #expect(lastError().contains("have not been taken"), "\(lastError())")
        // The stream stayed open: the events are still there, then the result.
        let (taken, _, events) = feedInto(stream, [], capacity: needed)
        #expect(taken == STORYKIT_OK)
        #expect(events.contains("Rest") && events.contains("Drink"))
        #expect(storykit_stream_finish(stream, &result) == STORYKIT_OK)
        storykit_string_free(result)
    }

    @Test func keptEventsComeWithTheEndsEventsFromFinishEvents() throws {
        let stream = try stream()
        defer { storykit_stream_free(stream) }
        #expect(feedInto(stream, Array("1. Rest\n2. Drink\n".utf8), capacity: 4).0 == STORYKIT_E_LIMIT)
        var result: UnsafeMutablePointer<CChar>?
        var events: UnsafeMutablePointer<CChar>?
        #expect(storykit_stream_finish_events(stream, &result, &events) == STORYKIT_OK)
        defer { storykit_string_free(result); storykit_string_free(events) }
        let parsed = try JSONValue(parsing: String(cString: try #require(events)))
        let texts = parsed["events"]?.arrayValue?.compactMap { $0["text"]?.stringValue } ?? []
        #expect(texts.contains("Rest") && texts.contains("Drink"), "\(texts)")
    }

    @Test func keptEventsAreDeliveredWhenTheNextChunkFails() throws {
        let stream = try stream()
        defer { storykit_stream_free(stream) }
        let (status, needed, _) = feedInto(stream, Array("1. Rest\n".utf8), capacity: 4)
        #expect(status == STORYKIT_E_LIMIT)
        let (failed, length, events) = feedInto(stream, [0xFF, 0xFE], capacity: needed + 16)
        #expect(failed == STORYKIT_E_PARSE)
        #expect(lastError().contains("kept from an earlier call are in buffer"), "\(lastError())")
        #expect(length == events.utf8.count && events.contains("Rest"))
    }

    @Test func aBufferThatStaysTooSmallEndsTheStreamOnceItsEventsPassTheBound() throws {
        let stream = try stream()
        defer { storykit_stream_free(stream) }
        let line = Array("- an item of a list that a host never has room for\n".utf8)
        var status = STORYKIT_E_LIMIT
        var calls = 0
        while status == STORYKIT_E_LIMIT, lastError().contains("they are kept") || calls == 0, calls < 400_000 {
            status = feedInto(stream, line, capacity: 2).0
            calls += 1
        }
        #expect(status == STORYKIT_E_LIMIT)
        #expect(lastError().contains("never held"), "\(lastError())")
        // Kept events are bounded: the stream stopped after about 8 MiB of them.
        #expect(calls < 200_000)
        #expect(feedInto(stream, line, capacity: 1 << 20).0 == STORYKIT_E_LIMIT)
    }

    @Test func aCapacityLargerThanAnyBufferIsNamedAsSuch() throws {
        let stream = try stream()
        defer { storykit_stream_free(stream) }
        var byte: CChar = 0
        var length = 0
        #expect(
            storykit_stream_feed_into(stream, &byte, Int(bitPattern: UInt.max), &length, "x", 1)
                == STORYKIT_E_INVALID_ARGUMENT)
        #expect(lastError().contains("capacity") && !lastError().contains("NULL"), "\(lastError())")
    }
}
