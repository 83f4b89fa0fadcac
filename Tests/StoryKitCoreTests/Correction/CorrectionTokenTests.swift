@testable import StoryKitBase
@testable import StoryKitCore
@testable import StoryKitCorrection
import Testing

/// How the offline corrector splits text into words it may change and everything it keeps.
@Suite struct CorrectionTokenTests {
    /// ASCII text is split byte by byte; any other text character by character. The two must
    /// agree on the ASCII parts.
    @Test func tokenizingASCIIAgreesWithTokenizingCharacters() {
        func describe(_ tokens: [CorrectionToken]) -> [String] {
            tokens.map { "\($0.kind):\($0.text):\($0.startsSentence)" }
        }
        let ascii = "Hi  ben,\tsee www.x.org at 3pm!\r\nok? i'm ho me... 'yes'\u{0B}no "
        let tokens = CorrectionToken.tokenize(ascii)
        #expect(tokens.map(\.text).joined() == ascii)
        // A character outside ASCII at the end takes the other path; it stays one kept token.
        let other = CorrectionToken.tokenize(ascii + "café")
        #expect(describe(Array(other.dropLast())) == describe(tokens))
        #expect(other.last?.kind == .kept && other.last?.text == "café")
        // White space beyond ASCII still separates words.
        #expect(CorrectionToken.tokenize("hmoe\u{A0}now").map(\.kind) == [.word, .space, .word])
    }

    /// A first capital is read from the first byte in ASCII, and agrees with the character's
    /// case there, a combining mark after it included.
    @Test func aCapitalAtTheStartIsTheFirstCharactersCase() {
        for text in ["Ben", "ben", "A\u{301}na", "a\u{301}na", "1st", "'Tis", "Élan", "élan", "Ωmega", "ωmega", "", "x"]
        {
            let token = CorrectionToken(kind: .word, text: text)
            #expect(token.startsWithCapital == (text.first?.isUppercase == true), "\(text)")
        }
    }
}
