@testable import StoryKitBase
@testable import StoryKitCore
@testable import StoryKitStorage
@testable import StoryKitCorrection
import Testing

@Suite struct RecordFileNameTests {
    /// Bytes a name may hold: none is an upper-case letter or outside ASCII, so no file system
    /// that ignores case or normalisation can take two names for one.
    private static let nameBytes = Set("abcdefghijklmnopqrstuvwxyz0123456789._-!%=".utf8)

    @Test func plainIdsAreTheirOwnNames() {
        for id in ["hero-1", "s1", "a.b_c", "0f8fad5b-d9cb-469f-a165-70867728950e"] {
            #expect(RecordFileName.encode(id) == id)
            #expect(RecordFileName.decode(id) == id)
        }
    }

    @Test func caseAndOtherBytesAreSpelledOut() {
        #expect(RecordFileName.encode("Hero") == "!hero")
        #expect(RecordFileName.encode("hero") == "hero")
        #expect(RecordFileName.encode("a b") == "a%20b")
        #expect(RecordFileName.encode("!%") == "%21%25")
        #expect(RecordFileName.encode("\u{E9}") == "%c3%a9")
    }

    @Test func canonicallyEquivalentIdsShareOneNameAndCaseDoesNot() {
        #expect(RecordFileName.encode("e\u{301}") == RecordFileName.encode("\u{E9}"))
        #expect(RecordFileName.encode("\u{C9}") != RecordFileName.encode("\u{E9}"))
        #expect(RecordFileName.decode(RecordFileName.encode("e\u{301}")) == "\u{E9}")
    }

    @Test func everyIdRoundTripsWithinTheLengthLimit() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "a", "Z", "7", "-", " ", "!", "%", "=", "\u{E9}", "e\u{301}", "\u{4E2D}", "\u{1F600}", "\u{130}", "\u{DF}"
        ]
        for _ in 0..<2000 {
            var id = ""
            while true {
                let piece = pieces.randomElement(using: &generator)!
                if id.utf8.count + piece.utf8.count > ModelValidation.maxIDBytes { break }
                id += piece
                if Int.random(in: 0..<40, using: &generator) == 0 { break }
            }
            let name = RecordFileName.encode(id)
            #expect(name.utf8.count <= RecordFileName.maxLength, "\(id): \(name.utf8.count) bytes")
            #expect(name.utf8.allSatisfy(Self.nameBytes.contains), "\(name)")
            #expect(RecordFileName.decode(name) == id, "\(id) -> \(name)")
        }
    }

    @Test func theLongestIdsTakeTheBase32Spelling() {
        let id = String(repeating: "\u{4E2D}", count: 42)  // 126 bytes, 378 as %xx
        let name = RecordFileName.encode(id)
        #expect(name.hasPrefix("="))
        #expect(name.utf8.count <= RecordFileName.maxLength)
        #expect(RecordFileName.decode(name) == id)
        #expect(RecordFileName.encode(String(repeating: "A", count: 128)).hasPrefix("="))
    }

    @Test func namesNoSpellingMakesAreNotIds() {
        // Raw ids of older releases, a stray upper case, a bad escape, invalid UTF-8, and a
        // second spelling of a name that has a shorter one.
        for name in ["Hero", "!Hero", "%C3%A9", "%c3", "%zz", "a b", "=ABC", "=1", "=" + "nbswy3dp"] {
            #expect(RecordFileName.decode(name) == nil, "\(name)")
        }
        #expect(RecordFileName.decode("hero") == "hero")
    }
}
