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
            #expect(throws: Never.self, "\(name)") { try bytes.withUnsafeBufferPointer { try JSONValue.validate(utf8: $0) } }
        }
    }

    @Test func rejectsEveryNoCase() throws {
        let cases = try Fixtures.jsonTestSuite(prefix: "n_")
        #expect(cases.count == 188)
        for (name, bytes) in cases {
            #expect(throws: JSONParseError.self, "\(name)") { _ = try JSONValue(parsingUTF8: bytes) }
            #expect(throws: JSONParseError.self, "\(name)") { try bytes.withUnsafeBufferPointer { try JSONValue.validate(utf8: $0) } }
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
}
