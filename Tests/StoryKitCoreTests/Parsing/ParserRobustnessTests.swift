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

    /// Nesting past the depth limit, then a byte that breaks UTF-8: one chunk or two, the
    /// limit comes first in the input and is what the JSON and variation streams report (the
    /// stream fuzz target found one chunk answering the UTF-8 error and two the limit).
    @Test func theFirstProblemInTheInputIsReportedHoweverItIsCut() throws {
        let input = Array("Reply:\n".utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 600) + [0x0A, 0xA1]
        let limits = JSONParserLimits(maxDepth: 512)
        for cut in [input.count, 300, input.count - 1] {
            var json = JSONStream(limits: limits)
            var variations = VariationStream(limits: limits)
            let jsonError = #expect(throws: StoryKitError.self) {
                _ = try Self.feed(input[..<cut], then: input[cut...]) { (bytes) throws(StoryKitError) in
                    _ = try json.feed(utf8: bytes)
                }
            }
            let variationError = #expect(throws: StoryKitError.self) {
                _ = try Self.feed(input[..<cut], then: input[cut...]) { (bytes) throws(StoryKitError) in
                    _ = try variations.feed(utf8: bytes)
                }
            }
            #expect(jsonError?.code == .limit, "cut at \(cut): \(String(describing: jsonError))")
            #expect(variationError?.code == .limit, "cut at \(cut): \(String(describing: variationError))")
        }
        // With nothing wrong before it, the byte that breaks UTF-8 is what fails.
        var shallow = JSONStream(limits: limits)
        let error = #expect(throws: StoryKitError.self) {
            _ = try Self.feed(input[..<8] + [0x5B, 0x0A, 0xA1], then: []) { (bytes) throws(StoryKitError) in
                _ = try shallow.feed(utf8: bytes)
            }
        }
        #expect(error?.code == .parse)
        #expect(error?.message.contains("invalid UTF-8") == true)
    }

    private static func feed(
        _ first: ArraySlice<UInt8>, then second: ArraySlice<UInt8>,
        into feed: (UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> Void
    ) throws(StoryKitError) {
        for part in [first, second] where !part.isEmpty {
            try Array(part).withUnsafeBufferPointer { (buffer) throws(StoryKitError) in try feed(buffer) }
        }
    }

    @Test func longMarkerLineFullOfBracketsStaysALine() throws {
        let line = "1. " + String(repeating: "Note: [x] ", count: 20_000)
        let set = try VariationParser(options: .init(expected: 1)).parse(line)
        #expect(set.source == .list)
        #expect(set.variations.count == 1)
    }
}
