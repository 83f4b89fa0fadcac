import StoryKitCore
import Testing

/// The limits hold at their edges, and finished or failed streams stay so. (That arbitrary input
/// never crashes a parser, and streams split anywhere equal batch parses, is the fuzz targets'
/// work: Tests/Fuzz.)
@Suite struct ParserRobustnessTests {
    @Test func streamInputLimitIsExact() throws {
        var stream = ListStream(maxBytes: 10)
        _ = try stream.feed("1. abcd")
        _ = try stream.feed("efg")
        #expect(throws: StoryKitError(.limit, "the stream's input is over the limit of 10 bytes")) {
            _ = try stream.feed("h")
        }
        // A failed stream keeps failing with its error.
        #expect(throws: StoryKitError(.limit, "the stream's input is over the limit of 10 bytes")) {
            _ = try stream.finish()
        }
    }

    @Test func finishedStreamsRefuseMoreInput() throws {
        var stream = JSONStream()
        _ = try stream.feed("[1]")
        _ = try stream.finish()
        #expect(throws: StoryKitError.self) { _ = try stream.feed("[2]") }
        let error = #expect(throws: StoryKitError.self) { _ = try stream.finish() }
        #expect(error?.code == .state)
    }

    @Test func invalidUTF8SplitAcrossChunksIsFound() throws {
        var stream = VariationStream()
        _ = try [UInt8]([0x31, 0x2E, 0x20, 0xE4, 0xB8]).withUnsafeBufferPointer { (buffer) throws(StoryKitError) in
            try stream.feed(utf8: buffer)
        }
        do {
            _ = try [UInt8]([0x41]).withUnsafeBufferPointer { (buffer) throws(StoryKitError) in
                try stream.feed(utf8: buffer)
            }
            Issue.record("accepted a cut character")
        } catch {
            #expect(error.code == .parse)
            #expect(error.message.contains("(byte 5)"))
        }
        var cut = ListStream()
        _ = try [UInt8]([0x61, 0xE4]).withUnsafeBufferPointer { (buffer) throws(StoryKitError) in
            try cut.feed(utf8: buffer)
        }
        #expect(throws: StoryKitError.self) { _ = try cut.finish() }
    }

    @Test func longMarkerLineFullOfBracketsStaysALine() throws {
        let line = "1. " + String(repeating: "Note: [x] ", count: 20_000)
        let set = try VariationParser(options: .init(expected: 1)).parse(line)
        #expect(set.source == .list)
        #expect(set.variations.count == 1)
    }
}
