import StoryKitCore
import Testing

@Suite struct OfflineCorrectorTests {
    let corrector = OfflineCorrector()

    func texts(_ input: String) throws -> [String] {
        try corrector.correct(input).variations.variations.map(\.text)
    }

    @Test(arguments: [
        ("i wnat to go hmoe", "i want to go home"),
        ("Teh dragn flew ovr the castel", "The dragon flew over the castle"),
        ("Mia and Tom went to the parrk yesterdya", "Mia and Tom went to the park yesterday"),
        ("hOme is where teh heart is", "home is where the heart is"),
        ("iwant to pla y with my freind", "i want to play with my friend"),
        // The words around a slip decide between readings.
        ("Could you help me with te shopping", "Could you help me with the shopping"),
        ("The forset was dark and quiet", "The forest was dark and quiet"),
        ("Every night thex moon was bright", "Every night the moon was bright"),
        ("We sailed acros the ocaen", "We sailed across the ocean"),
        // Missed spaces with a slip in one part, two missed spaces, an extra space.
        ("The dog wanted tobr fed", "The dog wanted to be fed"),
        ("The parcel arrivedthismorning", "The parcel arrived this morning"),
        ("I want to go ho me now", "I want to go home now"),
        // A missed space between two words one of which has a slip of its own.
        ("It was lovely to sereyou", "It was lovely to see you"),
    ])
    func directCorrectsTremorSlips(_ input: String, _ expected: String) throws {
        #expect(try texts(input).first == expected)
    }

    @Test func seeksTwoSlipSplitsOnlyWhenNoSingleSlipWordFits() throws {
        // "blankets" is one slip from "blakets"; "blake its" would need a missed space and a slip.
        let blankets = try #require(try corrector.correct("We folded the blakets").words?.last)
        #expect(blankets.corrected == "blankets")
        #expect(!blankets.alternatives.contains { $0.contains(" ") }, "\(blankets.alternatives)")
        // No word is one slip from "fogrow", so a missed space with a slip is sought.
        let grow = try #require(try corrector.correct("The seeds fogrow").words?.last)
        #expect(grow.corrected == "to grow")
    }

    @Test func leavesNamesAndTitlesAlone() throws {
        // Known words when lower case, names when capitalised, even at a sentence start.
        #expect(try texts("Ben painted a picture")[0] == "Ben painted a picture")
        #expect(try texts("Dr Patel said the results look good")[0] == "Dr Patel said the results look good")
    }

    @Test func neverOffersProfanityForASlip() throws {
        let readings = try corrector.correct("The fox found a shiy key")
        let offered = readings.variations.variations.map(\.text) + (readings.words ?? []).flatMap { [$0.corrected] + $0.alternatives }
        #expect(!offered.contains { $0.split(separator: " ").contains("shit") }, "\(offered)")
        // Typed as it is, the word stays: the corrector does not censor.
        #expect(try texts("what a load of crap")[0] == "what a load of crap")
    }

    @Test func leavesProtectedTextAlone() throws {
        let input = "Email Zorblax at zorb@example.com or https://example.org/xyzq before 5pm, NASA says"
        #expect(try texts(input).first == input)
    }

    @Test func threeKindsThatDifferInMoreThanPunctuation() throws {
        for input in ["i wnat to go hmoe", "I dont know whta to do", "I want to go home.", "the cat sat"] {
            let set = try corrector.correct(input).variations
            #expect(set.source == .offline)
            #expect(set.variations.map(\.kind) == [.direct, .refined, .alternative], "\(input)")
            let keys = set.variations.map { $0.text.filter { $0.isLetter || $0 == "'" } }
            #expect(Set(keys).count == 3, "\(input): \(set.variations.map(\.text))")
            #expect(set.issues.isEmpty)
        }
    }

    @Test func refinedFormatsTheSentence() throws {
        #expect(try texts("i dont know whta to do")[1] == "I don't know what to do.")
        #expect(try texts("where is teh dog")[1] == "Where is the dog?")
    }

    @Test func refinedKeepsLineBreaksAndTidiesSpaces() throws {
        #expect(try texts("i want  to go home , now")[1] == "I want to go home, now.")
        // The question is the last line's, whichever line break ends the line before.
        #expect(try texts("I am here.\nwhere is teh dog")[1] == "I am here.\nWhere is the dog?")
        #expect(try texts("I am here.\r\nwhere is teh dog")[1] == "I am here.\r\nWhere is the dog?")
        #expect(try texts("we ate at the café ho me")[1] == "We ate at the café home.")
    }

    @Test func reportsPerWordConfidence() throws {
        let words = try #require(try corrector.correct("i wnat it").words)
        #expect(words.map(\.original) == ["i", "wnat", "it"])
        #expect(words[1].corrected == "want" && words[1].changed)
        #expect(words[1].confidence > 0.3 && words[1].confidence <= 1)
        #expect(words[0].confidence == 1 && !words[0].changed)
    }

    @Test func reportsWordsOnlyWhenAsked() throws {
        let plain = try corrector.correct("i wnat it", includingWords: false)
        #expect(plain.words == nil)
        #expect(plain.json.objectValue?["words"] == nil)
        let detailed = try corrector.correct("i wnat it")
        #expect(plain.variations == detailed.variations)
        #expect(detailed.json.objectValue?["words"]?.arrayValue?.count == 3)
    }

    @Test func enforcesItsInputLimit() {
        #expect(throws: StoryKitError.self) { try corrector.correct(String(repeating: "a ", count: OfflineCorrector.maxInputBytes / 2 + 1)) }
        #expect((try? corrector.correct(String(repeating: "a", count: OfflineCorrector.maxInputBytes))) != nil)
    }

    @Test func layoutsChangeWhichKeysAreNeighbours() {
        #expect(KeyboardLayout.qwerty.distance(from: "g", to: "h") == 1)
        #expect(KeyboardLayout.qwertz.distance(from: "t", to: "z") == 1)
        #expect(KeyboardLayout.azerty.distance(from: "a", to: "z") == 1)
        #expect((KeyboardLayout.qwerty.distance(from: "q", to: "m") ?? 0) > 5)
    }
}
