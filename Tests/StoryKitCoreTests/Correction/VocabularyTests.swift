import StoryKitCore
import Testing

@Suite struct VocabularyTests {
    func direct(_ text: String, _ vocabulary: Vocabulary = Vocabulary()) throws -> String {
        try OfflineCorrector(vocabulary: vocabulary).correct(text).variations.variations[0].text
    }

    @Test func aKnownWordIsReadForItsSlipsAndKeptAsTyped() throws {
        let vocabulary = try Vocabulary(known: ["Zorbax", "glimmerfrost", "Oisín"])
        #expect(
            try direct("Zorbxa the dragon flew over the hils", vocabulary) == "Zorbax the dragon flew over the hills")
        #expect(
            try direct("the glimmerfrost sparkled on the windw", vocabulary)
                == "the glimmerfrost sparkled on the window")
        #expect(try direct("the glimerfrost sparkled", vocabulary) == "the glimmerfrost sparkled")
        // Typed without its diacritic or capital, it is written as the writer writes it.
        #expect(try direct("my grandson Oisin came", vocabulary) == "my grandson Oisín came")
        #expect(try direct("then zorbax slept", vocabulary) == "then Zorbax slept")
        // Without the vocabulary, the slips are left as typed.
        #expect(try direct("the glimerfrost sparkled") == "the glimerfrost sparkled")
        #expect(try direct("Zorbxa the dragon flew over the hils") == "Zorbxa the dragon flew over the hills")
    }

    @Test func anIgnoredWordIsKeptButNeverOffered() throws {
        let vocabulary = try Vocabulary(ignored: ["glimmerfrost", "Zorbax"])
        #expect(try direct("the glimmerfrost sparkled", vocabulary) == "the glimmerfrost sparkled")
        #expect(try direct("Zorbxa flew", vocabulary) == "Zorbxa flew")
    }

    @Test func aPhraseIsKeptWhole() throws {
        let vocabulary = try Vocabulary(known: ["Sir Pounce"])
        #expect(try direct("sir pounce jumped", vocabulary) == "Sir Pounce jumped")
        // One word of a phrase alone is no word of the writer's: read as without the vocabulary.
        #expect(try direct("the sir was kind", vocabulary) == (try direct("the sir was kind")))
    }

    @Test func theTextsOwnWordsAreTheWriters() throws {
        // Typed the same way twice: kept everywhere.
        #expect(
            try direct("the glimmerfrost shone and the glimmerfrost sang")
                == "the glimmerfrost shone and the glimmerfrost sang")
        // A name written earlier is the reading of a later slip.
        #expect(try direct("we met Zorbax today and Zorbxa smiled") == "we met Zorbax today and Zorbax smiled")
        // A habitual slip typed twice is still a slip.
        #expect(try direct("i came becuase it rained becuase") == "i came because it rained because")
    }

    @Test(arguments: [
        ("", "must not be empty"), (String(repeating: "a", count: 65), "65 bytes, over the limit of 64"),
        ("one two three four", "4 words, over the limit of 3"), ("bad\u{7}word", "control character"),
        (" lead", "start or end"), ("trail-", "start or end"),
        // What no typed word can match, as the corrector reads words: named.
        ("R2D2", #"holds "2""#), ("a/b", #"holds "/""#), ("</keep>", #"holds "<""#),
        ("cat😺", "U+1F63A"), ("Zor\u{200D}bax", "holds U+200D"), ("\u{202E}Zorbax", "holds U+202E"),
        ("Zor\u{2028}bax", "holds U+2028")
    ])
    func badWordsAreRefusedByName(word: String, reason: String) throws {
        #expect {
            _ = try Vocabulary(known: ["fine", word])
        } throws: { error in
            String(describing: error).contains(reason)
        }
    }

    @Test func aStoryHeroAndEventGiveTheirOwnWords() throws {
        let hero = try Hero(id: "h1", name: "Zorbax Quill", traits: ["brave", "loves glimmerfrost"])
        #expect(Vocabulary(hero: hero).entries.map(\.text) == ["Zorbax Quill", "Zorbax", "glimmerfrost"])
        let story = try Story(
            id: "s1", title: "Zorbax and the Snorklewhump",
            pages: ["Once upon a time Chiamaka met Zorbax. Bright stars shone.", "The end."])
        #expect(Vocabulary(story: story).entries.map(\.text) == ["Zorbax", "Snorklewhump", "Chiamaka"])
        let event = try CustomEvent(id: "e1", title: "Grandma Adaeze visits", description: "We bake with Adaeze.")
        #expect(Vocabulary(customEvent: event).entries.map(\.text) == ["Adaeze"])
        let vocabulary = Vocabulary(hero: hero).merging(Vocabulary(story: story))
        #expect(try direct("Zorbxa met the Snorklewhmup", vocabulary) == "Zorbax met the Snorklewhump")
    }

    @Test func atMostTenThousandWords() throws {
        let words = (0..<10_000).map {
            "zq\($0)".map { $0.isNumber ? Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(String($0))!)) : $0 }
        }.map { String($0) }
        let full = try Vocabulary(known: words)
        #expect(full.entries.count == Set(words).count)
        // Distinct entries count: the same words again, in capitals, add none.
        #expect(try Vocabulary(known: words, ignored: words.map { $0.uppercased() }).entries.count == 10_000)
        #expect {
            _ = try Vocabulary(known: words + ["zorbax"], ignored: ["more"])
        } throws: { error in
            String(describing: error).contains("at most 10000")
        }
    }
}
