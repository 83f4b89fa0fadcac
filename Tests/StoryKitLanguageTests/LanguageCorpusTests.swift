import Foundation
import StoryKitCore
import StoryKitLanguages
import Testing

/// The language packs on the corpora in Tests/Fixtures/Correction: English text is read as
/// English whichever packs are linked, and each language's sentences as that language.
@Suite struct LanguageCorpusTests {
    static let packs = LanguagePack.all
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Correction")

    static func json(_ name: String) throws -> JSONValue {
        try JSONValue(
            parsing: String(decoding: try Data(contentsOf: fixtures.appendingPathComponent(name)), as: UTF8.self))
    }

    static func strings(_ cases: JSONValue?, _ key: String) -> [String] {
        (cases?.arrayValue ?? []).compactMap { $0[key]?.stringValue }
    }

    @Test func englishIsReadAsEnglishWhicheverPacksAreLinked() throws {
        let corpus = try Self.json("tremor-corpus.json")
        let clean = String(
            decoding: try Data(contentsOf: Self.fixtures.appendingPathComponent("clean-sentences.txt")), as: UTF8.self
        )
        .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
        let inputs = Self.strings(corpus["cases"], "typed") + Self.strings(corpus["cases"], "clean") + clean
        #expect(inputs.count > 300)
        let englishOnly = OfflineCorrector(), everyLanguage = OfflineCorrector(packs: Self.packs)
        for input in inputs {
            #expect(try everyLanguage.correct(input) == englishOnly.correct(input), "\(input)")
        }
    }

    /// Per language, measured with the packs' word pairs and French's triples (each floor within two points of it):
    /// correct sentences kept (of 60), and mistyped words fixed. Dutch's pack lost the pairs of
    /// its fitting sets' development and test sentences, a third of its few: 87.6% → 84.8%.
    static let floors: [String: (kept: Int, fixed: Double)] = [
        "es": (58, 0.895), "fr": (59, 0.923), "de": (58, 0.860), "it": (57, 0.847), "pt": (58, 0.897), "nl": (59, 0.830)
    ]

    @Test(arguments: ["es", "fr", "de", "it", "pt", "nl"])
    func eachLanguageIsReadAsItself(_ code: String) throws {
        let floor = try #require(Self.floors[code])
        let cases = try Self.json("language-corpora.json")["languages"]?[code]?["cases"]
        let told = OfflineCorrector(language: LanguageTag(code), packs: Self.packs),
            untold = OfflineCorrector(packs: Self.packs)
        var readAsTold = 0, cleanKept = 0, mistyped = 0, fixed = 0
        for entry in cases?.arrayValue ?? [] {
            let clean = try #require(entry["clean"]?.stringValue), typed = try #require(entry["typed"]?.stringValue)
            if try untold.correct(clean) == told.correct(clean) { readAsTold += 1 }
            if try told.correct(clean).variations.variations[0].text == clean { cleanKept += 1 }
            // Mistyped words fixed, by position (the corpus keeps the word count but for missed spaces).
            let output = try told.correct(typed).variations.variations[0].text.split(separator: " ")
            let expected = clean.split(separator: " ")
            for position in entry["mistyped"]?.arrayValue?.compactMap({ $0.numberValue?.doubleValue }) ?? [] {
                mistyped += 1
                if output.count == expected.count, output[Int(position)] == expected[Int(position)] { fixed += 1 }
            }
        }
        // Measured: 60 of 60 read as told in every language; kept and fixed as in `floors`,
        // 1 to 2 sentences and 2 points above them.
        #expect(readAsTold >= 59, "\(readAsTold) of 60 read as \(code)")
        #expect(cleanKept >= floor.kept, "\(cleanKept) of 60 correct sentences kept")
        #expect(
            mistyped >= 100 && Double(fixed) >= floor.fixed * Double(mistyped),
            "\(fixed) of \(mistyped) mistyped words fixed")
    }
}
