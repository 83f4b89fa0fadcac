import StoryKitCore
import Testing

@Suite struct JSONParserTests {
    private func parseError(_ bytes: [UInt8], limits: JSONParserLimits = .default) -> JSONParseError? {
        do {
            _ = try JSONValue(parsingUTF8: bytes, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func numbersKeepTheirExactText() throws {
        let value = try JSONValue(parsing: "[12345678901234567890, 1.0e5, -0, 0.1, 1E+2, -12.50e-3]")
        let texts = value.arrayValue?.compactMap { $0.numberValue?.text }
        #expect(texts == ["12345678901234567890", "1.0e5", "-0", "0.1", "1E+2", "-12.50e-3"])
        #expect(value.formatted() == "[12345678901234567890,1.0e5,-0,0.1,1E+2,-12.50e-3]")
    }

    @Test func objectMembersKeepOrderAndDuplicates() throws {
        let value = try JSONValue(parsing: #"{"z": 1, "a": 2, "z": 3}"#)
        #expect(value.objectValue?.keys == ["z", "a", "z"])
        #expect(value["z"] == 3)
        #expect(value.formatted() == #"{"z":1,"a":2,"z":3}"#)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try JSONValue(parsing: #"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u4E2D", "\uD83D\uDE00", "é🙂"]"#)
        #expect(value[0] == "a\"b\\c/d\u{8}\u{C}\n\r\t")
        #expect(value[1] == "é中")
        #expect(value[2] == "😀")
        #expect(value[3] == "é🙂")
    }

    @Test(arguments: [
        (#"["\uD800"]"#, "\u{FFFD}"),
        (#"["\uDC00\uD800"]"#, "\u{FFFD}\u{FFFD}"),
        (#"["\uD800x"]"#, "\u{FFFD}x"),
        (#"["\uD800\u0041"]"#, "\u{FFFD}A"),
        (#"["\uD83D\uD83D\uDE00"]"#, "\u{FFFD}😀")
    ])
    func loneSurrogatesBecomeReplacementCharacters(text: String, expected: String) throws {
        #expect(try JSONValue(parsing: text)[0] == .string(expected))
    }

    @Test func depthLimitAllowsTheLimitAndRejectsOneMore() throws {
        let limits = JSONParserLimits(maxDepth: 512)
        let atLimit = Array(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)).map {
            UInt8($0.asciiValue!)
        }
        #expect(throws: Never.self) { _ = try JSONValue(parsingUTF8: atLimit, limits: limits) }
        let overLimit = Array(String(repeating: "[", count: 513) + String(repeating: "]", count: 513)).map {
            UInt8($0.asciiValue!)
        }
        let error = try #require(parseError(overLimit, limits: limits))
        #expect(error.kind == .depthLimit)
        #expect(error.byteOffset == 512)
        #expect(StoryKitError(error).code == .limit)
    }

    @Test func hugeNestingIsALimitErrorNotACrash() throws {
        let error = try #require(parseError(Array(repeating: UInt8(ascii: "["), count: 1_000_000)))
        #expect(error.kind == .depthLimit)
        let objects = try #require(parseError(Array(String(repeating: #"{"a":"#, count: 100_000).utf8)))
        #expect(objects.kind == .depthLimit)
    }

    @Test func sizeLimitIsEnforced() throws {
        let limits = JSONParserLimits(maxBytes: 10)
        #expect(throws: Never.self) { _ = try JSONValue(parsingUTF8: Array("[1,2,3,45]".utf8), limits: limits) }
        let error = try #require(parseError(Array("[1,2,3,456]".utf8), limits: limits))
        #expect(error.kind == .sizeLimit)
    }

    @Test func errorsGiveLineColumnAndOffset() throws {
        let error = try #require(parseError(Array("{\n  \"a\": 1,\n  \"é\": [1 2]\n}".utf8)))
        #expect(error.kind == .syntax)
        #expect(error.line == 3)
        #expect(error.column == 11)
        #expect(error.byteOffset == 23)
        #expect(
            error.description == "line 3, column 11 (byte 23): expected ',' or ']' after an array element, found '2'")
    }

    @Test func invalidUTF8GivesTheByteOffset() throws {
        let error = try #require(parseError([0x5B, 0x22, 0x61, 0xC3, 0x28, 0x22, 0x5D]))
        #expect(error.kind == .invalidUTF8)
        #expect(error.byteOffset == 4)
        #expect(error.description.contains("byte 4"))
        #expect(StoryKitError(error).code == .parse)
    }

    @Test(
        arguments: [
            [0x22, 0xC0, 0x80, 0x22],  // overlong NUL
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // encoded surrogate
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
            [0x22, 0xE2, 0x82, 0x22],  // cut short
            [0x22, 0xFF, 0x22],
            [0x22, 0xE4, 0xB8]  // cut off by the end
        ] as [[UInt8]])
    func rejectsMalformedUTF8(bytes: [UInt8]) throws {
        let error = try #require(parseError(bytes))
        #expect(error.kind == .invalidUTF8)
    }

    @Test(arguments: [
        ("", "expected a value, found the end of input"),
        ("[1,]", "expected a value, found ']'"),
        (#"{"a" 1}"#, "expected ':' after an object key, found '1'"),
        ("[01]", "a number may not have a leading zero"),
        ("[1.]", "expected a digit in a number, found ']'"),
        ("[tru]", "expected 'true', found ']'"),
        ("\u{FEFF}{}", "a byte order mark is not allowed before JSON text"),
        (#"["a\x"]"#, "invalid escape '\\x'"),
        ("[\"a\tb\"]", "a control character (U+0009) must be escaped in a string"),
        (#"["abc"#, "a string is not closed before the end of input"),
        ("[] []", "unexpected '[' after the JSON value"),
        (#"{"a":1,}"#, "expected a string key after ',', found '}'")
    ])
    func reportsWhatIsWrong(text: String, reason: String) throws {
        let error = try #require(parseError(Array(text.utf8)))
        #expect(error.reason == reason)
    }

    /// Validation and parsing share one scanner: they agree on every prefix of a document.
    @Test func validateAgreesWithParseOnEveryPrefix() throws {
        let document = Array(
            #"{"title": "Mia \u00e9 🙂", "pages": [1, -2.5e3, true, null, {"x": []}], "a\"b": "c"}"#.utf8)
        for end in 0...document.count {
            let prefix = Array(document[..<end])
            let parsed = Result { try JSONValue(parsingUTF8: prefix) }
            let validated = Result { try prefix.withUnsafeBufferPointer { try JSONValue.validate(utf8: $0) } }
            switch (parsed, validated) {
            case (.success, .success): #expect(end == document.count)
            case (.failure(let a as JSONParseError), .failure(let b as JSONParseError)): #expect(a == b)
            default: Issue.record("disagreement at prefix length \(end)")
            }
        }
    }

    /// The eight-byte string scanner finds specials at every position in a word.
    @Test func findsSpecialBytesAtEveryAlignment() throws {
        for position in 0..<20 {
            for special in ["\\n", "é", "\\\"", "🙂"] {
                let text =
                    "[\"" + String(repeating: "a", count: position) + special
                    + String(repeating: "b", count: 20 - position) + "\"]"
                let value = try JSONValue(parsing: text)
                let expected =
                    String(repeating: "a", count: position)
                    + (special == "\\n" ? "\n" : special == "\\\"" ? "\"" : special)
                    + String(repeating: "b", count: 20 - position)
                #expect(value[0] == .string(expected))
            }
            var bytes = Array(("[\"" + String(repeating: "a", count: position)).utf8)
            bytes.append(0x01)
            bytes.append(contentsOf: Array("zzzzzzzzzz\"]".utf8))
            let error = try #require(parseError(bytes))
            #expect(error.byteOffset == position + 2)
        }
    }
}
