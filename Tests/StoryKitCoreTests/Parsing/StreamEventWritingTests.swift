import StoryKitCore
import Testing

/// The C stream functions write their events straight to bytes; those bytes must be the
/// events' JSON tree, written.
@Suite struct StreamEventWritingTests {
    static let events: [StreamEvent] = [
        .itemStart(index: 0, number: nil), .itemStart(index: 12, number: -3), .variationStart(index: 2, kind: .refined),
        .variationStart(index: 1_000_000, kind: nil), .delta(index: 0, text: "I wa\"nt\n\u{1}é🐉"),
        .done(index: Int.max, text: ""), .value(path: "/a/0", value: ["x": [1, 2.5, nil, true], "y": "z"]),
        .partial(path: "/a~1b/1", text: "Onc\\e"), .itemStart(index: Int.min, number: 0)
    ]

    @Test func writtenEventsAreTheTreeWritten() {
        for count in 0...Self.events.count {
            let events = Array(Self.events.prefix(count))
            let tree = JSONValue.object(["events": .array(events.map(\.json))]).utf8Bytes()
            #expect(StreamEvent.eventsUTF8JSON(events) == tree, "\(events)")
        }
    }

    @Test func everyStreamsEventsOnTheReplyCorpusAreWrittenAsTheirTree() throws {
        let reply =
            #"{"directCorrection": "I want \"to\" go", "refinedPhrasing": "I want to go home.", "alternativeInterpretation": "é"}"#
        var stream = VariationStream()
        var all: [StreamEvent] = []
        for chunk in reply.utf8.chunked(7) {
            let events = try Array(chunk).withUnsafeBufferPointer { (bytes) throws(StoryKitError) in
                try stream.feed(utf8: bytes)
            }
            #expect(
                StreamEvent.eventsUTF8JSON(events)
                    == JSONValue.object(["events": .array(events.map(\.json))]).utf8Bytes())
            all += events
        }
        #expect(!all.isEmpty)
    }
}

private extension Sequence {
    func chunked(_ size: Int) -> [[Element]] {
        var chunks: [[Element]] = [], current: [Element] = []
        for element in self {
            current.append(element)
            if current.count == size { chunks.append(current); current = [] }
        }
        if !current.isEmpty { chunks.append(current) }
        return chunks
    }
}
