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

    /// A two-word reading gives the next word its triple context once: where the triple is not
    /// listed, the context's back-off weight is added to the pair's probability once, as
    /// `WordContextModel` defines it, not once more for the pair score the lattice keeps.
    @Test func aTwoWordReadingBacksOffOnceToTheNextWordsPair() throws {
        let words = try LanguageWordList(packBytes: Self.testPack)
        let model = words.pairs
        func index(_ word: String) throws -> Int32 { Int32(try #require(words.lexicon.index(of: word.utf8))) }
        let went = try index("went"), to = try index("to"), house = try index("house")
        // "went to" lists triples, but not one ending in "house": its score backs off.
        #expect(words.lexicon.pack.tripleTable?.context(first: Int(went), second: Int(to)) != nil)
        let options = [
            CorrectionLattice.Option(
                start: 0, span: 1, words: ReadingWords([Int(went), Int(to)]), channel: 0, isIdentity: true),
            CorrectionLattice.Option(start: 1, span: 1, words: ReadingWords(house), channel: 0, isIdentity: true)
        ]
        let lattice = CorrectionLattice(
            positions: 2, options: options, breaksContext: [true, false], contextAfterBreak: [-1, -1], model: model)
        let expected =
            model.logProbability(of: went, after: -1) + model.logProbability(of: to, after: went)
            + model.logProbability(of: house, after: to, earlier: went)
        #expect(lattice.path() == [0, 1])
        #expect(abs(lattice.bestScore(through: 1) - expected) < 1e-4)
    }

    /// Every context of the English pack's triples is found by its two words, and by its first
    /// word's run then its second word; each run holds its first word's contexts and no other.
    @Test func everyTripleContextIsFoundByItsWordsAndItsFirstWordsRun() throws {
        let triples = try #require(LanguageWordList.english.lexicon.pack.tripleTable)
        #expect(triples.contextCount > 100_000)
        var context = 0
        while context < triples.contextCount {
            let first = triples.words(ofContext: context).first
            let run = triples.contexts(first: first)
            #expect(run.lowerBound == context)
            for member in run {
                let words = triples.words(ofContext: member)
                #expect(words.first == first)
                #expect(triples.context(second: words.second, among: run) == member)
                #expect(triples.context(first: first, second: words.second) == member)
            }
            #expect(run.upperBound == triples.contextCount || triples.words(ofContext: run.upperBound).first != first)
            // A word between two with contexts has an empty run where the next one starts.
            if run.upperBound < triples.contextCount, triples.words(ofContext: run.upperBound).first > first + 1 {
                #expect(triples.contexts(first: first + 1) == run.upperBound..<run.upperBound)
            }
            context = max(run.upperBound, context + 1)
        }
        // A pair never listed as a context, and a word with no contexts, find none.
        let last = triples.words(ofContext: triples.contextCount - 1)
        #expect(triples.context(first: last.first, second: last.second + 1) == nil)
        #expect(triples.contexts(first: last.first + 1).isEmpty)
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

    /// The 32-bit fields of a section set as an attacker would set them: 0, the maximum, one
    /// below the field before (a start that falls), equal to it (an empty or overlapping
    /// range), and one above the field after. Every result is refused or read without a trap.
    @Test(arguments: ["STAT", "EDGE", "FREQ", "HIST", "SPEL", "PAIR", "TRIP", "VARS", "RULE", "META"])
    func everyFieldOfASectionSetToAnEdgeValueIsRefusedOrReadSafely(_ tag: String) throws {
        let (offset, count) = section(tag)
        func field(_ bytes: [UInt8], _ at: Int) -> UInt32 {
            guard at >= offset, at + 4 <= offset + count else { return 0 }
            return bytes[at..<(at + 4)].reversed().reduce(0) { $0 << 8 | UInt32($1) }
        }
        var refused = 0, read = 0
        for at in stride(from: offset, to: offset + count - 3, by: 4) {
            let before = field(Self.testPack, at - 4), after = field(Self.testPack, at + 4)
            for value in [0, UInt32.max, before &- 1, before, after &+ 1, UInt32(Self.testPack.count)] {
                var bytes = Self.testPack
                withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(at..<(at + 4), with: $0) }
                guard let words = try? LanguageWordList(packBytes: Self.resealed(bytes)) else {
                    refused += 1
                    continue
                }
                read += 1
                for index in 0..<words.wordCount {
                    _ = words.lexicon.words[index]
                    _ = words.lexicon.spellings(of: index)
                    _ = words.pairs.logProbability(of: Int32(index), after: 0, earlier: Int32(index))
                }
                let text = "the hpuse went ot the garden a cafe"
                let corrected = try OfflineCorrector(packs: [LanguagePack(words: words)]).correct(text)
                for version in corrected.variations.variations {
                    #expect(version.text.utf8.count <= OfflineCorrector.maxOutputBytes(forInput: text.utf8.count))
                }
            }
        }
        #expect(refused + read > 0)
    }

    /// A spelling that is not its word's letters is refused: a pack can add a diacritic or a
    /// capital, never write another word, a control character or a direction override.
    @Test func aSpellingThatIsNotItsWordIsRefused() throws {
        let (offset, count) = section("SPEL")
        let spel = Array(Self.testPack[offset..<(offset + count)])
        // The replacements' text follows the header and the replacement records.
        let replacements = Int(spel[4]) | Int(spel[5]) << 8
        let textStart = offset + 16 + 4 * replacements
        #expect(Self.testPack[textStart] == UInt8(ascii: "S"))
        for substitute: UInt8 in [UInt8(ascii: "D"), 0x0A, 0x1B] {
            var bytes = Self.testPack
            // The first replacement is the capital of "Straße": make it another letter, a line
            // break or an escape. The section still holds together; only what it spells is wrong.
            bytes[textStart] = substitute
            #expect(message(loading: Self.resealed(bytes)) == "language pack: section SPEL is malformed")
        }
    }

    /// A RULE section's names are read apart, as bytes, when well formed: sorted when listed
    /// out of order, and otherwise refused with the reason the rule's check gives.
    @Test func aPacksNamesAreReadAsBytesAndCheckedTheSameWay() throws {
        func section(_ rules: [(String, [String])]) -> [UInt8] {
            var bytes: [UInt8] = []
            for (name, values) in rules {
                bytes += Array(name.utf8) + [0, UInt8(values.count & 0xFF), UInt8(values.count >> 8)]
                for value in values { bytes += Array(value.utf8) + [0] }
            }
            return bytes
        }
        func read(_ bytes: [UInt8]) throws -> LanguagePack.Rules {
            let (values, names) = try bytes.withUnsafeBytes { try WordPack.ruleValues(in: $0) }
            return try LanguagePack.Rules(values: values, names: names)
        }
        func refusal(_ bytes: [UInt8]) -> String? {
            do {
                _ = try read(bytes)
                return nil
            } catch { return (error as? StoryKitError)?.message ?? "\(error)" }
        }
        let listed = try read(section([("never-last", ["the"]), ("names", ["zoe", "ada", "paris"])]))
        #expect(listed.names.strings == ["ada", "paris", "zoe"] && listed.isName("paris") && !listed.isName("par"))
        #expect(listed.neverLast == ["the"])
        #expect(try read(section([("names", ["ada", "zoe"])])).names.strings == ["ada", "zoe"])
        #expect(try read(section([("names", [])])).names.isEmpty)
        #expect(
            refusal(section([("names", ["ada", "Paris"])]))
                == "language pack: rule names holds \"Paris\", not a lower-case word")
        #expect(
            refusal(section([("names", ["ada", String(repeating: "a", count: 65)])]))?.contains("over the limit of 64")
                == true)
        #expect(refusal(section([("names", ["ada", "a\u{202E}b"])]))?.contains("holds U+202E") == true)
        #expect(
            refusal(section([("names", ["ada"]), ("names", ["zoe"])])) == "language pack: section RULE is malformed")
        #expect(
            refusal(Array(section([("names", ["ada", "zoe"])]).dropLast()))
                == "language pack: section RULE is malformed")
    }

    /// Rule values are bounded and checked: a rule cannot turn a letter into megabytes, list a
    /// word as a letter, or make a contraction that writes another word.
    @Test func rulesThatStretchOrRewriteTextAreRefused() throws {
        func refusal(_ rules: [String: [String]]) -> String? {
            do {
                _ = try LanguagePack.Rules(values: rules)
                return nil
            } catch { return error.message }
        }
        #expect(refusal(["contractions": ["dont don't", "im I'm"], "single-letter-words": ["a", "i", "a"]]) == nil)
        #expect(
            try LanguagePack.Rules(values: ["single-letter-words": ["a", "i", "a"]]).singleLetterWords
                == Array("ai".utf8))
        #expect(
            refusal(["contractions": ["a " + String(repeating: "a", count: 100)]])?.contains("over the limit of 64")
                == true)
        #expect(refusal(["contractions": ["cat dog"]]) == "language pack: rule contractions is malformed")
        #expect(refusal(["contractions": ["cat c'a't'"]]) == "language pack: rule contractions is malformed")
        #expect(refusal(["written-contractions": ["won't", "she'd"]]) == nil)
        for malformed in ["wont", "'em", "won'"] {
            #expect(
                refusal(["written-contractions": [malformed]])
                    == "language pack: rule written-contractions is malformed")
        }
        #expect(
            try LanguagePack.Rules(values: ["capitalised-contractions": ["I'll"]]).capitalisedContractions == [
                Array("ill".utf8): 1
            ])
        let names = try LanguagePack.Rules(values: ["names": ["paris", "ada", "zoe"]])
        #expect(names.names.strings == ["ada", "paris", "zoe"] && names.isName("zoe") && !names.isName("pari"))
        let sortedNames = try LanguagePack.Rules(values: ["names": ["ada", "paris", "zoe"]])
        #expect(
            sortedNames.names.strings == ["ada", "paris", "zoe"] && sortedNames.isName("ada")
                && !sortedNames.isName("zo"))
        // A contraction listed before several words is one form with one ending.
        let listedTwice = try LanguagePack.Rules(values: ["surely-contracted-before": ["its it's a", "its it's not"]])
        #expect(listedTwice.contractionEndingsByStem == [Array("it'".utf8): [Array("s".utf8)]])
        #expect(listedTwice.surelyContractedBefore["its"]?.followers == ["a", "not"])
        #expect(refusal(["names": ["Paris"]]) == "language pack: rule names holds \"Paris\", not a lower-case word")
        for malformed in ["Ill", "'em", "ill'", "I'l'l", "ñ'a"] {
            #expect(
                refusal(["capitalised-contractions": [malformed]])
                    == "language pack: rule capitalised-contractions is malformed")
        }
        #expect(refusal(["enclitics": ["lo", "si"], "enclitic-hosts": ["are ar", "ndo ndo"]]) == nil)
        for malformed in ["are", "are ar ar", "Are ar", "are  ar", "ä a"] {
            #expect(refusal(["enclitic-hosts": [malformed]]) == "language pack: rule enclitic-hosts is malformed")
        }
        #expect(
            refusal(["enclitics": ["lo", "Si"]])
                == "language pack: rule enclitics holds \"Si\", not a lower-case word")
        #expect(refusal(["regional-marks": ["éêmn", "óô"]]) == nil)
        #expect(
            try LanguagePack.Rules(values: ["regional-marks": ["éêmn"]]).regionalMarks
                == [LanguagePack.Rules.RegionalMark("éêmn")!])
        // The same letter twice, an unmarked letter, two base letters, a capital after them.
        for malformed in ["éé", "eê", "éô", "é", "éêM"] {
            #expect(refusal(["regional-marks": [malformed]]) == "language pack: rule regional-marks is malformed")
        }
        #expect(
            refusal(["contracted-before": ["its", "dog", "a"]]) == "language pack: rule contracted-before is malformed")
        let surely = try LanguagePack.Rules(values: ["surely-contracted-before": ["ill I'll go", "ill I'll tell"]])
        #expect(surely.surelyContractedBefore["ill"]?.written == "I'll")
        #expect(surely.surelyContractedBefore["ill"]?.followers == ["go", "tell"])
        // Two parts, letters that are not the word's, a capital in the typed word or the follower,
        // and a second contraction for one word.
        for malformed in [
            ["ill I'll"], ["ill we'll go"], ["Ill I'll go"], ["ill I'll Go"], ["its it's a", "its it'ss a"]
        ] {
            #expect(
                refusal(["surely-contracted-before": malformed])
                    == "language pack: rule surely-contracted-before is malformed")
        }
        let swapped = try LanguagePack.Rules(values: ["swapped-endings-before": ["it'd it's not", "it's it'd be"]])
        #expect(swapped.swappedEndingsBefore == ["it'd": ["not": "it's"], "it's": ["be": "it'd"]])
        // Another word, no apostrophe, the same contraction twice, a capital in the follower.
        for malformed in ["he'd it's not", "itd it's not", "it's it's not", "it'd it's Not", "it'd it's"] {
            #expect(
                refusal(["swapped-endings-before": [malformed]])
                    == "language pack: rule swapped-endings-before is malformed")
        }
        #expect(
            refusal(["surely-contracted-before": ["ill I'll\u{200B}go"]])
                == "language pack: a value of rule surely-contracted-before holds U+200B, which no rule may")
        #expect(
            refusal(["single-letter-words": ["ab"]])
                == "language pack: rule single-letter-words holds \"ab\", not one letter")
        #expect(refusal(["inflection-endings": Array(repeating: "s", count: 5000)])?.contains("5000 values") == true)
        #expect(refusal(["titles": ["Dr\u{202E}"]])?.contains("U+202E") == true)
        #expect(refusal(["never-last": ["the\nrm -rf"]])?.contains("U+A") == true)
    }

    @Test func aHostileEdgeThatLeadsBackIsRefused() throws {
        var bytes = Self.testPack
        let (offset, _) = section("EDGE")
        // The first edge of the root leads to state 0: a cycle.
        bytes[offset] = 0
        #expect(message(loading: Self.resealed(bytes))?.hasPrefix("language pack: ") == true)
    }
}
