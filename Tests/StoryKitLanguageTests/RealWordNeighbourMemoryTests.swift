@testable import StoryKitBase
@testable import StoryKitCore
@testable import StoryKitCorrection
import StoryKitSpanish
import Testing

@Suite struct RealWordNeighbourMemoryTests {
    /// Each language numbers its own words: neighbours remembered for an English word must not
    /// answer for the Spanish word with the same number (they once did, and a later correction
    /// read another list's numbers: wrong words, or a trap past its end).
    @Test func remembersNeighboursPerLanguage() throws {
        let english = LanguagePack.english.words.lexicon, spanish = LanguagePack.spanish.words.lexicon
        let casa = try #require(spanish.index(of: Array("casa".utf8)))
        let model = TypoCostModel.model(for: .qwerty)
        let englishWord = try #require(casa < english.words.count ? english.words[casa] : nil)
        _ = RealWordNeighbours.neighbours(
            of: casa, letters: Array(englishWord.utf8), in: english, layout: .qwerty,
            model: model, maxCost: 16, limit: 4)
        let found = RealWordNeighbours.neighbours(
            of: casa, letters: Array("casa".utf8), in: spanish, layout: .qwerty,
            model: model, maxCost: 16, limit: 4)
        let words = found.map { spanish.words[$0.candidate.word] }
        #expect(words.contains("casas") && words.contains("causa"), "\(words)")
    }
}
