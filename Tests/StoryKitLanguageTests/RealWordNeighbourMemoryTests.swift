import Foundation
@testable import StoryKitBase
@testable import StoryKitCore
@testable import StoryKitCorrection
import StoryKitEnglishData
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
        _ = english.realWordNeighbours.neighbours(
            of: casa, letters: Array(englishWord.utf8), in: english, layout: .qwerty,
            model: model, maxCost: 16, limit: 4)
        let found = spanish.realWordNeighbours.neighbours(
            of: casa, letters: Array("casa".utf8), in: spanish, layout: .qwerty,
            model: model, maxCost: 16, limit: 4)
        let words = found.map { spanish.words[$0.candidate.word] }
        #expect(words.contains("casas") && words.contains("causa"), "\(words)")
    }

    /// A pack replaced while correcting: pack A (a copy of English) corrects and is freed, then
    /// pack B (20 words) is loaded twice and corrects. B's word list may land where A's was;
    /// neighbours remembered for A once answered for B there, and B's list was read past its
    /// end (a trap, or under the address sanitizer a report). The cache now dies with its list.
    @Test func aReplacedPackNeverReadsTheRivalsOfThePackBefore() throws {
        let englishBytes = LanguageWordList.builtInBytes(storykit_english_pack)
        let smallBytes = LanguagePackFormatFixture.testPack
        try #require(!smallBytes.isEmpty)
        for _ in 0..<6 {
            do {
                let a = LanguagePack(words: try LanguageWordList(packBytes: englishBytes))
                // Real words typed right: their rivals are looked up and remembered.
                let corrected = try OfflineCorrector(language: LanguageTag("en"), packs: [a])
                    .correct("the house is near the river and the cat sat there")
                #expect(corrected.variations.variations[0].text == "the house is near the river and the cat sat there")
            }
            for _ in 0..<2 {
                let b = LanguagePack(words: try LanguageWordList(packBytes: smallBytes))
                let corrector = OfflineCorrector(language: LanguageTag("zz"), packs: [b])
                let corrected = try corrector.correct("the house the hpuse the house")
                #expect(corrected.variations.variations[0].text == "the house the house the house")
                #expect(corrected.words?.count == 6)
            }
        }
    }
}

/// The small test pack (`Tests/Fixtures/Packs/test.skpack`), read here without the core tests' helpers.
enum LanguagePackFormatFixture {
    static let testPack: [UInt8] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        return (try? Array(Data(contentsOf: root.appendingPathComponent("Fixtures/Packs/test.skpack")))) ?? []
    }()
}
