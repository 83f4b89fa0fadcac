@testable import StoryKitCorrection
import Testing

/// How the corrector's versions are compared: by the words they read.
@Suite struct CorrectionRendererTests {
    /// ASCII text is keyed byte by byte; any other text character by character. The two must
    /// agree on the ASCII parts.
    @Test func theWordKeyOfASCIITextAgreesWithTheKeyReadByCharacters() {
        let texts = [
            "I want to go home.", "i want to go home", "  Don't, DO it -- 3pm!\r\nok?", "'Yes' said\tthe\u{0B}dog",
            "", "...", "A", "x1 Y2\n\nz3 '", "ho me... 'yes'no "
        ]
        for text in texts {
            let ascii = CorrectionRenderer.wordKey(text)
            // A letter outside ASCII at the end takes the other path and adds itself as a word.
            let other = CorrectionRenderer.wordKey(text + " é")
            #expect(other == (ascii.isEmpty ? "é" : ascii + " é"), "\(text)")
        }
        #expect(CorrectionRenderer.wordKey("I want to go home.") == "i want to go home")
        #expect(CorrectionRenderer.wordKey("  Don't, DO it -- 3pm!\r\nok?") == "don't do it 3pm ok")
        #expect(CorrectionRenderer.wordKey("Ça VA, très bien") == "ça va très bien")
    }
}
