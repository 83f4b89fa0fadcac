@testable import StoryKitBase
@testable import StoryKitCore
@testable import StoryKitCorrection
import Testing

/// The C ABI's json_repair and "json" stream write the repaired value as they read it, never
/// building a tree; the answer must be byte for byte the built tree's, errors included, and
/// a stream's events must be the same.
@Suite struct WrittenRepairTests {
    private static func built(_ bytes: [UInt8]) -> Result<[UInt8], StoryKitError> {
        Result { () throws(StoryKitError) in
            try bytes.withUnsafeBufferPointer { (buffer) throws(StoryKitError) in
                try TolerantJSONParser().parse(utf8: buffer).json.utf8Bytes()
            }
        }
    }

    private static func written(_ bytes: [UInt8]) -> Result<[UInt8], StoryKitError> {
        Result { () throws(StoryKitError) in
            try bytes.withUnsafeBufferPointer { (buffer) throws(StoryKitError) in
                try TolerantJSONParser().parseToUTF8JSON(buffer)
            }
        }
    }

    /// Inputs that exercise every repair and every way a value can be cut off.
    private static func inputs() throws -> [[UInt8]] {
        var texts = [
            #"{"a": [1, {"b": [true, null, "x"]}, []], "c": {}}"#, "[[[]],[{}],{\"k\":[1,2]}]",
            "```json\n{'a': 'b', c: True, /* x */ \"d\": [1, 2,],}\n```\nDone.", #"{"a": {"b": [1, 2"#,
            #"{"a": 1, "b""#, #"{"a": 1, "b":"#, #"[1, tr"#, #"{"x": "unterminated \u00"#, #"[1.5e"#,
            "Sure: {\"a\": [\"x\", {\"y\": 2}], \"a\": 3}", "{“a”: ‘b’}", #"{"a": [1, 2 x 3]}"#, "[{\"a\":[{\"b\":",
            #"The answer is {"a": [1, 2]} as requested."#, "{\"k\": \"v\" // comment\n}", "[None, False]"
        ]
        for (name, bytes) in try Fixtures.jsonTestSuite(prefix: "") {
            _ = name; texts.append(String(decoding: bytes, as: UTF8.self))
        }
        var inputs = texts.map { Array($0.utf8) }
        // Every prefix of a few rich ones: truncation at each byte.
        for text in texts.prefix(6) {
            let bytes = Array(text.utf8)
            for end in 0..<bytes.count { inputs.append(Array(bytes[..<end])) }
        }
        return inputs
    }

    @Test func theWrittenAnswerIsTheBuiltOne() throws {
        for input in try Self.inputs() {
            switch (Self.built(input), Self.written(input)) {
            case (.success(let tree), .success(let text)):
                #expect(
                    tree == text,
                    "\(String(decoding: input, as: UTF8.self)):\n\(String(decoding: tree, as: UTF8.self))\n\(String(decoding: text, as: UTF8.self))"
                )
            case (.failure(let treeError), .failure(let textError)):
                #expect(treeError == textError, "\(String(decoding: input, as: UTF8.self))")
            case (let tree, let text):
                Issue.record("\(String(decoding: input, as: UTF8.self)): built \(tree), written \(text)")
            }
        }
    }

    @Test func aWrittenStreamReportsTheSameEvents() throws {
        for input in try Self.inputs().prefix(40) where input.count > 2 {
            var events: ([StreamEvent], [StreamEvent]) = ([], [])
            var building = JSONStream()
            var writing = JSONStream(writingAnswerWithin: .default, reportsEvents: true)
            let cut = input.count / 2
            var failures: (StoryKitError?, StoryKitError?) = (nil, nil)
            for piece in [Array(input[..<cut]), Array(input[cut...])] {
                piece.withUnsafeBufferPointer { buffer in
                    do throws(StoryKitError) { events.0 += try building.feed(utf8: buffer) } catch {
                        failures.0 = failures.0 ?? error
                    }
                    do throws(StoryKitError) { events.1 += try writing.feed(utf8: buffer) } catch {
                        failures.1 = failures.1 ?? error
                    }
                }
            }
            let built = Result { () throws(StoryKitError) in
                try building.finish { events.0.append($0) }.json.utf8Bytes()
            }
            let written = Result { () throws(StoryKitError) in try writing.finishRepairJSON { events.1.append($0) } }
            #expect(failures.0 == failures.1, "\(String(decoding: input, as: UTF8.self))")
            #expect(built == written, "\(String(decoding: input, as: UTF8.self))")
            #expect(events.0 == events.1, "\(String(decoding: input, as: UTF8.self))")
        }
    }
}
