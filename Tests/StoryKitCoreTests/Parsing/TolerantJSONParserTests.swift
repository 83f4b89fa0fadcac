import StoryKitCore
import Testing

@Suite struct TolerantJSONParserTests {
    private func repaired(_ text: String) throws(StoryKitError) -> (String, [JSONRepair.Kind]) {
        let result = try TolerantJSONParser().parse(text)
        return (result.value.formatted(), result.repairs.map(\.kind))
    }

    private func failure(_ text: String) -> StoryKitError? {
        do {
            _ = try TolerantJSONParser().parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        (#"The answer is {"a": [1, 2]} as requested."#, #"{"a":[1,2]}"#),
        (#"See {"options": {"b": [3]}} below"#, #"{"options":{"b":[3]}}"#),
        (#"a {"s": "] [1]"} tail"#, #"{"s":"] [1]"}"#),
        ("The list is [1,\n 2] as you asked.", "[1,2]"),
        (#"I think [the answer] is {"a":1}"#, #"{"a":1}"#),
        (#"Use {curly} or [square] brackets, then {"b": 2}."#, #"{"b":2}"#)
    ])
    func aCompleteValueInsideProseIsTheValue(text: String, expected: String) throws {
        let (value, repairs) = try repaired(text)
        #expect(value == expected)
        #expect(repairs.contains(.surroundingText))
    }

    @Test(arguments: [
        #"I think [the answer {"a":1}] is"#,
        #"See [notes: {"a": 1}, more] below"#,
        #"The answer is {"a": [1, 2] and then it stops"#
    ])
    func aValueInsideSkippedProseBracketsIsNeverTaken(_ text: String) {
        // The bracket that opens mid-sentence holds prose, or never closes: nothing inside it
        // may be taken for the value, though it follows a ':' or opens a bracket of its own.
        let error = failure(text)
        #expect(error?.code == .parse)
        #expect(error?.message.contains("no JSON object or array found") == true)
    }

    @Test(arguments: [
        // A bracket that opens no value is released as prose at the end of its line.
        ("Sure [see below\n{\"a\": 1}", #"{"a":1}"#),
        ("Oops :-[ sorry\n{\"a\": 1}", #"{"a":1}"#),
        ("Hmm {sorry about that\n[\"x\"]", #"["x"]"#),
        // References and checkboxes never win over a later object.
        (#"See [1] and the value {"a": 1} here"#, #"{"a":1}"#),
        ("- [ ] todo\n- [x] done\n{\"a\": 1}", #"{"a":1}"#),
        (#"Sure! [see {"x": 1}] then {"y": [2]}"#, #"{"y":[2]}"#),
        // With no other value, an array of numbers in prose is still the value.
        ("values [1, 2] only", "[1,2]")
    ])
    func proseBracketsNeverHideOrOutrankTheValue(text: String, expected: String) throws {
        #expect(try repaired(text).0 == expected)
        // Streamed a byte at a time, the same value.
        var stream = JSONStream()
        for byte in text.utf8 {
            _ = try [byte].withUnsafeBufferPointer { (buffer) throws(StoryKitError) in try stream.feed(utf8: buffer) }
        }
        #expect(try stream.finish().value.formatted() == expected)
    }

    @Test func aValueAfterSkippedProseBracketsIsStillFound() throws {
        let (value, _) = try repaired("Options [see below] are:\n{\"a\": [1]}")
        #expect(value == #"{"a":[1]}"#)
    }

    @Test func strictJSONNeedsNoRepair() throws {
        let (value, repairs) = try repaired(#"{"a": [1, 2.5e3, true, null, "x\ny \u00e9"], "b": {}}"#)
        #expect(value == #"{"a":[1,2.5e3,true,null,"x\ny é"],"b":{}}"#)
        #expect(repairs.isEmpty)
    }

    @Test(arguments: [
        ("```json\n{\"a\": 1}\n```", #"{"a":1}"#, [JSONRepair.Kind.codeFence]),
        ("Sure! Here it is:\n{\"a\": 1}\nHope this helps.", #"{"a":1}"#, [.surroundingText]),
        ("Here you go: [1, 2]", "[1,2]", [.surroundingText]),
        ("[1, 2, ]", "[1,2]", [.trailingComma]),
        (#"{"a": 1,}"#, #"{"a":1}"#, [.trailingComma]),
        ("{'a': 'it''s'}", "", []),
        ("{'a': 'don't stop'}", #"{"a":"don't stop"}"#, [.singleQuotes]),
        ("{“a”: “b ‘c’”}", #"{"a":"b ‘c’"}"#, [.curlyQuotes]),
        ("{a: 1, b_2: 2}", #"{"a":1,"b_2":2}"#, [.unquotedKey]),
        ("{\"a\": 1 // one\n, /* two */ \"b\": 2}", #"{"a":1,"b":2}"#, [.comment]),
        ("[True, False, None]", "[true,false,null]", [.pythonLiteral]),
        ("{\"a\": \"line\nbreak\ttab\"}", #"{"a":"line\nbreak\ttab"}"#, [.rawControlCharacter])
    ])
    func repairsWhatModelsGetWrong(text: String, expected: String, kinds: [JSONRepair.Kind]) throws {
        if expected.isEmpty {
            #expect(failure(text) != nil)
            return
        }
        let (value, repairs) = try repaired(text)
        #expect(value == expected)
        #expect(repairs == kinds)
    }

    @Test(arguments: [
        (#"{"a": "hel"#, #"{"a":"hel"}"#),
        (#"{"a": [1, 2"#, #"{"a":[1,2]}"#),
        (#"{"a": 1, "b""#, #"{"a":1}"#),
        (#"{"a": 1, "b":"#, #"{"a":1}"#),
        (#"{"a": 1, "b": tr"#, #"{"a":1}"#),
        (#"{"a": "x\"#, #"{"a":"x"}"#),
        (#"{"a": "x\u00"#, #"{"a":"x"}"#),
        (#"{"a": 12."#, #"{"a":12}"#),
        (#"{"a": -"#, "{}"),
        (#"{"a": 1.5e"#, #"{"a":1.5}"#),
        (#"[{"a": [true"#, #"[{"a":[true]}]"#),
        (#"{"a": "\uD83D"#, #"{"a":""}"#)
    ])
    func closesTruncatedInput(text: String, expected: String) throws {
        let (value, repairs) = try repaired(text)
        #expect(value == expected)
        #expect(repairs.contains(.truncated))
    }

    @Test func unrepairableErrorsGiveLineAndColumn() throws {
        let error = try #require(failure(#"{"a": [1, 2 x 3]}"#))
        #expect(error.code == .parse)
        #expect(error.message == "line 1, column 13 (byte 12): expected ',' or ']' after an array element, found 'x'")
        #expect(failure("[1,,2]")?.message.contains("expected a value, found ','") == true)
        #expect(failure("{\"a\": hello}")?.message.contains("unexpected word 'hello'") == true)
        #expect(failure("no json here")?.message.contains("no JSON object or array found") == true)
    }

    @Test func surrogatePairsAndLoneSurrogates() throws {
        #expect(try repaired(#"["\uD83D\uDE00", "\uD800x", "\uDC00"]"#).0 == "[\"😀\",\"\u{FFFD}x\",\"\u{FFFD}\"]")
    }

    @Test func depthIsLimited() {
        #expect(failure(String(repeating: "[", count: 600))?.code == .limit)
    }

    @Test func streamingGivesTheBatchResultAtEveryChunkSize() throws {
        let text =
            "Here:\n```json\n{'title': \"Mia \\u00e9 🙂\", pages: [\"Once\", 'upon', 3.5,], // x\n \"done\": True}\n```\nBye"
        let batch = try TolerantJSONParser().parse(text)
        let bytes = Array(text.utf8)
        for size in [1, 2, 3, 7, 64] {
            var stream = JSONStream()
            var partials: [String: String] = [:]
            var values: [String: JSONValue] = [:]
            for start in stride(from: 0, to: bytes.count, by: size) {
                let chunk = Array(bytes[start..<min(start + size, bytes.count)])
                for event in try chunk.withUnsafeBufferPointer({ (buffer) throws(StoryKitError) in
                    try stream.feed(utf8: buffer)
                }) {
                    switch event {
                    case .partial(let path, let text): partials[path, default: ""] += text
                    case .value(let path, let value): values[path] = value
                    default: Issue.record("unexpected event \(event)")
                    }
                }
            }
            #expect(try stream.finish() == batch, "chunk size \(size)")
            #expect(values["/title"] == "Mia é 🙂")
            #expect(partials["/title"].map { $0 == "Mia é 🙂" || "Mia é 🙂".hasPrefix($0) } != false)
            #expect(values["/pages/2"] == .number(JSONNumber("3.5")!))
            #expect(values["/done"] == true)
        }
    }
}
