import Foundation
@testable import StoryKitBase
@testable import StoryKitCore
@testable import StoryKitCorrection
import StoryKitEnglishData
import Testing

/// The language pack format (docs/language-pack-format.md): the built-in English pack passes
/// every check a pack from outside must pass; a pack read from bytes or a file corrects text
/// with its own words and rules; a damaged, truncated, foreign or hostile pack is refused with
/// an error that says why, and never read.
@Suite struct LanguagePackFormatTests {
    static let testPack =
        (try? Array(Data(contentsOf: Fixtures.root.appendingPathComponent("Packs/test.skpack")))) ?? []

    /// `bytes` with the checksum recomputed, as a hostile pack would have it.
    static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        let sum = bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[WordPack.headerSize...])) }
        withUnsafeBytes(of: sum.littleEndian) { bytes.replaceSubrange(24..<28, with: $0) }
        return bytes
    }

    func message(loading bytes: [UInt8]) -> String? {
        do {
            _ = try LanguageWordList(packBytes: bytes)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func theBuiltInEnglishPackPassesTheFullCheck() throws {
        let bytes = LanguageWordList.builtInBytes(storykit_english_pack)
        let copy = try LanguageWordList(packBytes: bytes)
        #expect(copy.language == "en")
        #expect(copy.wordCount == LanguageWordList.english.wordCount)
        #expect(copy.lexicon.index(of: "house".utf8) == LanguageWordList.english.lexicon.index(of: "house".utf8))
    }

    @Test func checksumsMatchPythonsZlib() {
        // zlib.crc32(b"123456789") == 0xCBF43926, the CRC-32 check value.
        let sum = Array("123456789".utf8).withUnsafeBytes { CRC32.checksum($0) }
        #expect(sum == 0xCBF4_3926)
        #expect([UInt8]().withUnsafeBytes { CRC32.checksum($0) } == 0)
    }

    @Test func aLoadedPackCorrectsWithItsOwnWordsAndRules() throws {
        let words = try LanguageWordList(packBytes: Self.testPack)
        #expect(words.language == "zz")
        #expect(words.wordCount == 20)
        let pack = LanguagePack(words: words)
        #expect(pack.defaultLayout == .qwertz)
        let corrector = OfflineCorrector(language: LanguageTag("zz"), packs: [pack])
        #expect(try corrector.correct("the hpuse").variations.variations[0].text == "the house")
        // Spellings come from the pack; a word never suggested is kept when typed, never offered.
        #expect(try corrector.correct("the cafe").variations.variations[0].text == "the cafe")
        #expect(words.lexicon.spellings(of: words.lexicon.index(of: "strasse".utf8)!) == ["Straße"])
        #expect(words.lexicon.suggestibleIndex(of: "zorp".utf8) == nil)
        #expect(words.lexicon.index(of: "zorp".utf8) != nil)
        #expect(
            words.variants.areVariants(words.lexicon.index(of: "colour".utf8)!, words.lexicon.index(of: "color".utf8)!))
        #expect(words.pairs.hasPairs)
    }

    @Test func aPacksTriplesReadATypedWordByTheTwoWordsBeforeIt() throws {
        let corrector = OfflineCorrector(
            language: LanguageTag("zz"), packs: [LanguagePack(words: try LanguageWordList(packBytes: Self.testPack))])
        // "nouse" is one slip from "house" and from "mouse": the pair "the house" decides
        // after "the" alone, the triple "to the mouse" after "to the".
        #expect(try corrector.correct("the nouse").variations.variations[0].text == "the house")
        #expect(try corrector.correct("went to the nouse").variations.variations[0].text == "went to the mouse")
        // Punctuation breaks context: the triple no longer applies.
        #expect(try corrector.correct("went to. the nouse").variations.variations[0].text == "went to. the house")
    }

    @Test func aPackIsReadFromAFile() throws {
        let path = Fixtures.root.appendingPathComponent("Packs/test.skpack").path
        #expect(try LanguageWordList(packFile: path).language == "zz")
        #expect(throws: StoryKitError(.notFound, "language pack: no file at /nonexistent/pack.skpack")) {
            try LanguageWordList(packFile: "/nonexistent/pack.skpack")
        }
        #expect(throws: StoryKitError(.io, "language pack: \(Fixtures.root.path) is not a regular file")) {
            try LanguageWordList(packFile: Fixtures.root.path)
        }
    }

    @Test func damagedOrForeignBytesAreRefusedWithTheReason() throws {
        var pack = Self.testPack
        #expect(message(loading: []) == "language pack: shorter than its 32-byte header")
        #expect(
            message(loading: Array(pack.prefix(500)))
                == "language pack: its header says \(pack.count) bytes, but it has 500")
        #expect(
            message(loading: Array("{\"not\":\"a pack, but long enough to hold a header\"}".utf8))
                == "language pack: not a StoryKit language pack (wrong magic number)")
        pack[700] ^= 0x10
        #expect(message(loading: pack) == "language pack: checksum mismatch: the pack is damaged")
        var newer = Self.testPack
        newer[8] = 2
        #expect(message(loading: newer) == "language pack: format version 2; this library reads version 1")
        // Text-mode newline translation breaks the magic number's CR LF.
        var translated = Self.testPack
        translated.remove(at: 6)
        #expect(message(loading: translated) == "language pack: not a StoryKit language pack (wrong magic number)")
    }

    /// A section's offset within the test pack.
    func section(_ tag: String) -> (offset: Int, count: Int) {
        let pack = Self.testPack
        let sections = Int(pack[12])
        for position in 0..<sections {
            let entry = 32 + 16 * position
            if String(decoding: pack[entry..<(entry + 4)], as: UTF8.self) == tag {
                let offset = pack[(entry + 8)..<(entry + 12)].reversed().reduce(0) { $0 << 8 | Int($1) }
                let count = pack[(entry + 12)..<(entry + 16)].reversed().reduce(0) { $0 << 8 | Int($1) }
                return (offset, count)
            }
        }
        Issue.record("no section \(tag)")
        return (0, 0)
    }

    @Test(arguments: ["STAT", "EDGE", "FREQ", "HIST", "SPEL", "PAIR", "TRIP", "VARS", "RULE", "META"])
    func everyByteOfASectionChangedIsRefusedOrReadSafely(_ tag: String) throws {
        // A pack with a valid checksum but a byte of a table changed: whatever it says, reading
        // it must not trap, and tables that no longer hold together are refused.
        let (offset, count) = section(tag)
        var refused = 0
        for position in offset..<(offset + count) {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var bytes = Self.testPack
                bytes[position] ^= flip
                guard let words = try? LanguageWordList(packBytes: Self.resealed(bytes)) else {
                    refused += 1
                    continue
                }
                // Read every word, its spellings, its pairs and a correction.
                for index in 0..<words.wordCount {
                    _ = words.lexicon.words[index]
                    _ = words.lexicon.spellings(of: index)
                    _ = words.pairs.logProbability(of: Int32(index), after: 0)
                    _ = words.pairs.logProbability(of: Int32(index), after: 0, earlier: Int32(index))
                }
                _ = try? OfflineCorrector(packs: [LanguagePack(words: words)]).correct("the hpuse went ot the garden")
            }
        }
        // The structural tables refuse most changes; counts (FREQ) and rule texts may read.
        if ["STAT", "EDGE", "TRIP"].contains(tag) { #expect(refused > count) }
    }

    @Test func aHostileEdgeThatLeadsBackIsRefused() throws {
        var bytes = Self.testPack
        let (offset, _) = section("EDGE")
        // The first edge of the root leads to state 0: a cycle.
        bytes[offset] = 0
        #expect(message(loading: Self.resealed(bytes))?.hasPrefix("language pack: ") == true)
    }
}
