import StoryKitCore
import Testing

/// The public JSON conformance suite (Tests/Fixtures/JSONTestSuite, MIT): `y_` files must be
/// accepted, `n_` files rejected, and `i_` files must not crash.
@Suite struct JSONTestSuiteTests {
    @Test func acceptsEveryYesCase() throws {
        let cases = try Fixtures.jsonTestSuite(prefix: "y_")
        #expect(cases.count == 95)
        for (name, bytes) in cases {
            #expect(throws: Never.self, "\(name)") { _ = try JSONValue(parsingUTF8: bytes) }
            #expect(throws: Never.self, "\(name)") {
                try bytes.withUnsafeBufferPointer { try JSONValue.validate(utf8: $0) }
            }
        }
    }

    @Test func rejectsEveryNoCase() throws {
        let cases = try Fixtures.jsonTestSuite(prefix: "n_")
        #expect(cases.count == 188)
        for (name, bytes) in cases {
            #expect(throws: JSONParseError.self, "\(name)") { _ = try JSONValue(parsingUTF8: bytes) }
            #expect(throws: JSONParseError.self, "\(name)") {
                try bytes.withUnsafeBufferPointer { try JSONValue.validate(utf8: $0) }
            }
        }
    }

    /// Implementation-defined cases: no crash, and validation agrees with parsing.
    @Test func decidesEveryImplementationDefinedCaseConsistently() throws {
        let cases = try Fixtures.jsonTestSuite(prefix: "i_")
        #expect(cases.count == 35)
        for (name, bytes) in cases {
            let parsed = Result { try JSONValue(parsingUTF8: bytes) }
            let validated = Result { try bytes.withUnsafeBufferPointer { try JSONValue.validate(utf8: $0) } }
            switch (parsed, validated) {
            case (.success, .success), (.failure, .failure): break
            default: Issue.record("\(name): parse and validate disagree")
            }
        }
    }

    /// Every accepted document writes out as text that parses back to the same value.
    @Test func everyAcceptedDocumentRoundTrips() throws {
        for (name, bytes) in try Fixtures.jsonTestSuite(prefix: "y_") + Fixtures.jsonTestSuite(prefix: "i_") {
            guard let value = try? JSONValue(parsingUTF8: bytes) else { continue }
            for options in [JSONWritingOptions.compact, JSONWritingOptions(indent: 2, sortKeys: true)] {
                let written = value.utf8Bytes(options)
                let reparsed = try JSONValue(parsingUTF8: written)
                if options.sortKeys {
                    #expect(reparsed.utf8Bytes(options) == written, "\(name)")
                } else {
                    #expect(reparsed == value, "\(name)")
                }
            }
        }
    }

    /// Re-writing straight from the text (storykit_json_format) gives the bytes of the parsed
    /// tree written, and fails where parsing fails, with the same error.
    @Test func reformattingFromTheTextIsTheTreeWritten() throws {
        let documents =
            try Fixtures.jsonTestSuite(prefix: "y_") + Fixtures.jsonTestSuite(prefix: "i_")
            + Fixtures.jsonTestSuite(prefix: "n_")
            + [
                Array(#"{"a": [], "b": {}, "c": [{}, [[]], {"d": [1, "e\u00e9\/"]}], "a": null}"#.utf8),
                Array(#"["\u0022\u005c\u001f\u0008\u000A\ud83d\ude00\ud800x\udc00\/\"\\\b\f\n\r\t\u0041é"]"#.utf8),
                Array(#"{"\u006b\"ey": "\ud83d", "\u00e9": "\ud83d\u0041"}"#.utf8)
            ].map { ("written", $0) }
        for (name, bytes) in documents {
            for options in [
                JSONWritingOptions.compact, JSONWritingOptions(indent: 3), JSONWritingOptions(indent: 1, sortKeys: true)
            ] {
                let tree = Result { () throws(StoryKitError) in
                    try bytes.withUnsafeBufferPointer { (buffer) throws(StoryKitError) in
                        try JSONValue.parsed(utf8: buffer).utf8Bytes(options)
                    }
                }
                let direct = Result { () throws(StoryKitError) in
                    try bytes.withUnsafeBufferPointer { (buffer) throws(StoryKitError) in
                        do throws(JSONParseError) {
                            return try JSONValue.canonicalText(utf8: buffer, options: options)
                        } catch { throw StoryKitError(error) }
                    }
                }
                switch (tree, direct) {
                case (.success(let expected), .success(let written)): #expect(written == expected, "\(name)")
                case (.failure(let expected), .failure(let error)): #expect(error == expected, "\(name)")
                default: Issue.record("\(name): the tree and the direct writing disagree")
                }
            }
        }
    }
}
