import StoryKitCore
import Testing

/// Arbitrary input never crashes a parser, and the limits hold at their edges.
@Suite struct ParserRobustnessTests {
    @Test func randomBytesNeverCrashAnyParser() {
        var generator = SplitMix(seed: 2026)
        let alphabet = Array("{}[]\",:'0123456789-+.eE tfnTFN\n\r\t\\u/*#`)(".utf8) + [0xC3, 0xA9, 0xE2, 0x80, 0x9C, 0x9D, 0xFF, 0x00]
        for _ in 0..<2000 {
            let length = Int(generator.next() % 80)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            bytes.withUnsafeBufferPointer { buffer in
                _ = try? ListParser().parse(utf8: buffer)
                _ = try? VariationParser().parse(utf8: buffer)
                _ = try? TolerantJSONParser().parse(utf8: buffer)
                var stream = VariationStream()
                for start in stride(from: 0, to: buffer.count, by: 3) {
                    _ = try? stream.feed(utf8: UnsafeBufferPointer(rebasing: buffer[start..<min(start + 3, buffer.count)]))
                }
                _ = try? stream.finish()
            }
        }
    }

    @Test func streamInputLimitIsExact() throws {
        var stream = ListStream(maxBytes: 10)
        _ = try stream.feed("1. abcd")
        _ = try stream.feed("efg")
        #expect(throws: StoryKitError(.limit, "the stream's input is over the limit of 10 bytes")) { _ = try stream.feed("h") }
        // A failed stream keeps failing with its error.
        #expect(throws: StoryKitError(.limit, "the stream's input is over the limit of 10 bytes")) { _ = try stream.finish() }
    }

    @Test func finishedStreamsRefuseMoreInput() throws {
        var stream = JSONStream()
        _ = try stream.feed("[1]")
        _ = try stream.finish()
        #expect(throws: StoryKitError.self) { _ = try stream.feed("[2]") }
        do {
            _ = try stream.finish()
        } catch {
            #expect(error.code == .state)
        }
    }

    @Test func invalidUTF8SplitAcrossChunksIsFound() throws {
        var stream = VariationStream()
        _ = try [UInt8]([0x31, 0x2E, 0x20, 0xE4, 0xB8]).withUnsafeBufferPointer { (buffer) throws(StoryKitError) in try stream.feed(utf8: buffer) }
        do {
            _ = try [UInt8]([0x41]).withUnsafeBufferPointer { (buffer) throws(StoryKitError) in try stream.feed(utf8: buffer) }
            Issue.record("accepted a cut character")
        } catch {
            #expect(error.code == .parse)
            #expect(error.message.contains("(byte 5)"))
        }
        var cut = ListStream()
        _ = try [UInt8]([0x61, 0xE4]).withUnsafeBufferPointer { (buffer) throws(StoryKitError) in try cut.feed(utf8: buffer) }
        #expect(throws: StoryKitError.self) { _ = try cut.finish() }
    }

    @Test func longMarkerLineFullOfBracketsStaysALine() throws {
        let line = "1. " + String(repeating: "Note: [x] ", count: 20_000)
        let set = try VariationParser(options: .init(expected: 1)).parse(line)
        #expect(set.source == .list)
        #expect(set.variations.count == 1)
    }
}
