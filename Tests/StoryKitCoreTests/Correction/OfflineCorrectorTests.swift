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
        ("It was lovely to sereyou", "It was lovely to see you")
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

    @Test func readsAMissedSpaceWithASlipOnEachSide() throws {
        #expect(try texts("a littkedpg barked at the cat").first == "a little dog barked at the cat")
        #expect(try texts("the quivkbrpwn fox").first == "the quick brown fox")
        // A long word misspelt is not two words each a slip away ("jesse carry", "area is").
        #expect(try texts("nesseccary").allSatisfy { !$0.contains(" ") })
        #expect(try texts("arraies").first == "arrays")
    }

    @Test func refinedKeepsAMarkCarriedByASpace() throws {
        // U+06D7 after a space belongs to the space's character; tidying the space lost it.
        let versions = try texts("Please pick \u{6D7}bread on two")
        #expect(versions.allSatisfy { $0.unicodeScalars.contains("\u{6D7}") }, "\(versions)")
    }

    @Test func leavesALoneLetterThatIsNoSlipAlone() throws {
        for typed in ["the x marks the spot", "plan b is fine", "take vitamin c daily"] {
            #expect(try texts(typed).first == typed)
        }
        // A lone letter beside the key of "i" or "a" is still that word.
        #expect(try texts("o want to go home").first == "i want to go home")
        #expect(try texts("s cat sat on the mat").first == "a cat sat on the mat")
        #expect(try texts("xx").allSatisfy { !$0.lowercased().contains("xxx") })
    }

    @Test func readsALongWordMisspeltBySound() throws {
        #expect(try texts("a garuantee").first == "a guarantee")
        #expect(try texts("it was seramonial").first == "it was ceremonial")
        #expect(try texts("the reciepents").first == "the recipients")
    }

    @Test func readsASyllableTypedTwice() throws {
        #expect(try texts("the documument").first == "the document")
        #expect(try texts("to implemememnt it").first == "to implement it")
        // A word with a repeat of its own is a word, not a stutter.
        #expect(try texts("a banana").first == "a banana")
    }

    @Test func readsAnEndingSpeltAsItSoundsAndKeepsTheTypedEnding() throws {
        #expect(try texts("the babys").first == "the babies")
        #expect(try texts("she walkes to school").first == "she walks to school")
        #expect(try texts("he needes help").first == "he needs help")
        // Frequency alone would pick the singular or the past: the typed ending decides.
        #expect(try texts("he buiilds it").first == "he builds it")
        #expect(try texts("two bullevards").first == "two boulevards")
        #expect(try texts("it cacluates").first == "it calculates")
    }

    @Test func keepsAnUnknownWordRatherThanSplitItIntoRareWords() throws {
        // "ale chemist" and "mai tai nance" are within reach but far-fetched.
        #expect(try texts("the alechmist").first == "the alechmist")
        #expect(try texts("maitainance").first == "maitainance")
        // A missed space between two common words is still read as one.
        #expect(try texts("on her noseand").first == "on her nose and")
    }

    @Test func readsAPunctuationKeyHitInsideAWord() throws {
        #expect(try texts("i wou.d like that").first == "i would like that")
        #expect(try texts("the treatm,ent worked").first == "the treatment worked")
        // The semicolon key is beside the apostrophe's.
        #expect(try texts("i don;t know, it;s late").first == "i don't know, it's late")
        #expect(try texts("I;m sure we;ll see the week;s end").first == "I'm sure we'll see the week's end")
        #expect(try texts("stop; then go").first == "stop; then go")
        // Abbreviations, domains and two words joined by a mark are not slips.
        for typed in ["Ph.D students", "the U.S army", "see example.com now", "I went home,then I slept", "e.g. this"] {
            #expect(try texts(typed).first == typed)
        }
    }

    @Test func mendsAContractionsEndingTypedWithASlip() throws {
        // The ending's key pressed beside the one meant, where one ending alone fits.
        #expect(try texts("I don'y know, I'k sure It'z late")[0] == "I don't know, I'm sure It's late")
        #expect(try texts("something'x wrong and it wasn'f me")[0] == "something's wrong and it wasn't me")
        // Endings of two letters, and a letter pressed twice.
        #expect(try texts("they'de sure I'ce seen it")[0] == "they're sure I've seen it")
        #expect(try texts("they'kl come, I don'tt know")[0] == "they'll come, I don't know")
        // Where `s` ties with another ending it is read; a pronoun takes its own endings only.
        #expect(try texts("it'e odd, she'e here, they'x come")[0] == "it's odd, she's here, they'd come")
        // `d` typed for `s` beside it, or `s` for `d`, where the next word calls for the other
        // ending; where both fit (`it'd be`, `he's better`), as typed.
        #expect(
            try texts("It'd a shame, he's be there, IT'D THE end")[0] == "It's a shame, he'd be there, IT'S THE end")
        #expect(try texts("it’d not fair")[0] == "it’s not fair")
        let swapped = try #require(try corrector.correct("it'd not fair").words)
        #expect(swapped.contains { $0.original == "it'd" && $0.corrected == "it's" && $0.changed })
        for typed in ["it'd be fine", "he's better now", "it'd all-time"] {
            #expect(try texts(typed)[0] == typed)
        }
        // The apostrophe typed after the word instead of inside it.
        #expect(try texts("Thats' fine, dont' go")[0] == "That's fine, don't go")
        // Endings that are endings and plural possessives stay as typed; a quoted word keeps
        // the apostrophe that closes its quotation.
        for typed in ["Let'd go", "the cabins' doors", "one'd think so", "Tom'll come", "rock'n'roll"] {
            #expect(try texts(typed)[0] == typed)
        }
        #expect(try texts("he said 'thats' loudly")[0] == "he said 'that's' loudly")
        // A possessive's word typed with a slip is read like any word; a name's stays.
        #expect(try texts("the dgo's bone and the techer’s desk")[0] == "the dog's bone and the teacher’s desk")
        #expect(try texts("Yanni's car")[0] == "Yanni's car")
        // A possessive whose ending was mended stays whole, so the mend is reported with it.
        let mended = try #require(try corrector.correct("the walonriv'e river").words)
        #expect(mended.contains { $0.original == "walonriv'e" && $0.corrected == "walonriv's" && $0.changed })
        // A slip before the apostrophe, where those letters are no word.
        #expect(try texts("u'm sure whp'd come, I coulden't go")[0] == "I'm sure who'd come, I couldn't go")
        #expect(try texts("Ted's car and the kid's toy")[0] == "Ted's car and the kid's toy")
        // Contractions whose letters are no word are restored.
        #expect(try texts("whod do that? itd be fine")[0] == "who'd do that? it'd be fine")
        // The apostrophe typed a letter early or late.
        #expect(try texts("Wer'e sure they do'nt know")[0] == "We're sure they don't know")
        // A possessive's apostrophe typed after its `s`, where the plural is no word; a
        // plural's possessive and a word before a quotation's closing apostrophe stay.
        #expect(try texts("John stole Jessicas' wallet")[0] == "John stole Jessica's wallet")
        #expect(try texts("the men's and womens' finals")[0] == "the men's and women's finals")
        for typed in ["the ministers' hotel room", "we visited the Smiths' house", "he said 'I am the bosss' and left"]
        {
            #expect(try texts(typed)[0].contains("s' "), "\(typed)")
        }
        // A word before an apostrophe is not read as a rival that drops the `s`.
        #expect(try texts("my mothers' mother")[0] == "my mothers' mother")
        // Contractions whose letters are also a word: mended when typed with their apostrophe
        // (the ending slipped, or the apostrophe typed late), never restored without it.
        #expect(try texts("I won'g go, she said shed' call")[0] == "I won't go, she said she'd call")
        #expect(try texts("Its' late and Lets' go")[0] == "It's late and Let's go")
        #expect(try texts("we found the old shed")[0] == "we found the old shed")
        #expect(try texts("he said 'the shed' twice")[0] == "he said 'the shed' twice")
        // What was typed is kept in the word's report.
        let words = try corrector.correct("I don'y know").words ?? []
        #expect(words.first { $0.corrected == "don't" }?.original == "don'y")
    }

    @Test func restoresAPossessivesMissingApostrophe() throws {
        // A common word's possessive before another word, with the text's apostrophe.
        #expect(try texts("the childrens play was at Marys house")[0] == "the children's play was at Mary's house")
        #expect(try texts("I don’t like his wifes car")[0] == "I don’t like his wife’s car")
        // A text that types both apostrophes gets the ASCII one, as a restored contraction does.
        #expect(
            try texts("I don’t like his wifes car, it's red, I dont care")[0]
                == "I don’t like his wife's car, it's red, I don't care")
        // A family's name after an article, a rare word's plural, a slip of a likelier word,
        // and a word at the end stay as they are read otherwise.
        for typed in ["we met the Jacksons today", "she loves loquats and figs", "it was the childrens"] {
            #expect(try texts(typed)[0] == typed.replacingOccurrences(of: "childrens", with: "children"), "\(typed)")
        }
        #expect(try texts("it sems fine")[0] == "it seems fine")
        // The writer's own word stays as typed.
        let vocabulary = try Vocabulary(known: ["Wifes"])
        let corrected = try OfflineCorrector(vocabulary: vocabulary).correct("we saw Wifes play")
        #expect(corrected.variations.variations[0].text == "we saw Wifes play")
    }

    @Test func aMarkOnTheLastSpaceSurvivesTheRefinedVersion() throws {
        // A combining mark after a space is one character with it: trimming the space at the
        // end would drop the mark (a corrector fuzz finding).
        let text = "we met him \u{65F}"
        for version in try corrector.correct(text).variations.variations {
            #expect(version.text.unicodeScalars.contains("\u{65F}"), "\(version.kind.map { "\($0)" } ?? "?")")
        }
    }

    @Test func readsALongCapitalisedSlipAtASentenceStartAsTheWord() throws {
        // A long word a slip from a listed one is seldom a name, even with its sentence's capital.
        #expect(try texts("Rememberikng is more satisfying than forgetting.")[0].hasPrefix("Remembering is"))
        #expect(try texts("Originalyl, I knew nothing about it.")[0] == "Originally, I knew nothing about it.")
        // A short one may be a name.
        #expect(try texts("Frida went home.")[0] == "Frida went home.")
    }

    @Test func readsACapitalWordWithLettersNoWordHasAsTheWord() throws {
        // `qp` after `j` is in no English word: a slip, not a name, even mid-sentence.
        #expect(try texts("He is quite ignorant of things Jqpanese.")[0] == "He is quite ignorant of things Japanese.")
        // A name with letters of its own and no listed word a slip away stays.
        #expect(try texts("I met Yitzhak there.")[0] == "I met Yitzhak there.")
    }

    @Test func readsALongCapitalisedSlipOfANameInsideASentence() throws {
        // Inside a sentence, a long capital word near a slip from a name of the pack is the name.
        #expect(try texts("Judge Praker had no chance to win.")[0] == "Judge Parker had no chance to win.")
        // A name a slip from no name of the pack stays.
        #expect(try texts("We met Vincenzi at the station.")[0] == "We met Vincenzi at the station.")
    }

    @Test func writesASlipReadAsANameWithItsCapital() throws {
        // A name of the pack's capitalised words, where the text writes capitals.
        #expect(try texts("We flew to ustralia in Octobr.")[0] == "We flew to Australia in October.")
        // A writer who types no capital gets none in `direct`; `refined` gives it.
        #expect(try texts("we flew to ustralia") == ["we flew to australia", "We flew to Australia."])
        // A name typed as it is stays as typed: it may be another word (`lind`, `les`).
        #expect(try texts("we met in paris")[1] == "We met in paris.")
        // A word that is also a common lower-case word is no name (`may`, `china`).
        #expect(try texts("we met in mya")[1] == "We met in may.")
    }

    @Test func restoresAContractionTypedWithACapitalAndNoApostrophe() throws {
        // `I`'s capital makes `Ill` and `Id` contractions anywhere; a sentence's, `Lets`.
        #expect(
            try texts("Ill come at noon and I think Id like it.")[0] == "I'll come at noon and I think I'd like it.")
        #expect(try texts("Lets go. Hes late.")[0] == "Let's go. He's late.")
        #expect(try texts("I’m sure Ill come")[0] == "I’m sure I’ll come")
        let mended = try #require(try corrector.correct("Ill come").words)
        #expect(mended.contains { $0.original == "Ill" && $0.corrected == "I'll" && $0.changed })
        // In lower case they are words.
        let typed = "he felt ill and she lets me in with my id card"
        #expect(try texts(typed)[0] == typed)
    }

    @Test func writesAContractionTypedAsAWordBeforeAWordThatCallsForIt() throws {
        // Before these words the sources all but never write the word: `its a` is `it's a`.
        #expect(try texts("Its not easy, its a mess.")[0] == "It's not easy, it's a mess.")
        #expect(try texts("You wont get it and ill tell you why")[0] == "You won't get it and I'll tell you why")
        #expect(try texts("I think its nto fair")[0] == "I think it's not fair")
        #expect(try texts("Its a cat’s toy")[0] == "It’s a cat’s toy")
        let mended = try #require(try corrector.correct("its a secret").words)
        #expect(mended.contains { $0.original == "its" && $0.corrected == "it's" && $0.changed })
        // The word where the next one does not call for the contraction, or starts a hyphened word.
        for typed in [
            "The dog wagged its tail.", "As was his wont, he left.", "He was wont to sing.", "She felt ill today.",
            "its all-time high"
        ] {
            #expect(try texts(typed)[0] == typed)
        }
    }

    @Test func readsWordsAroundAPhonesSmartPunctuation() throws {
        // A phone types `’` and `“ ”` for `'` and `"`: the words beside them are read, and a
        // contraction restored is written with the text's apostrophe.
        #expect(try texts("She said “I wnat to go hmoe.”")[0] == "She said “I want to go home.”")
        #expect(try texts("I don’y know, Thats’ fine")[0] == "I don’t know, That’s fine")
        #expect(try texts("I dont’ know")[0] == "I don’t know")
        #expect(try texts("Wait… I wnat it — now")[0] == "Wait… I want it — now")
        // Other letters than English's are still kept as typed.
        #expect(try texts("a café’s menu is naïve")[0] == "a café’s menu is naïve")
    }

    @Test func restoresASkippedCapitalWithTheFirstLetter() throws {
        // The sentence's first letter skipped was its capital, where the text writes capitals.
        #expect(try texts("He left. orwegian cheese is good.")[0] == "He left. Norwegian cheese is good.")
        #expect(try texts("witching to Linux is fine.")[0] == "Switching to Linux is fine.")
        // A text without capitals keeps none in its direct version.
        #expect(try texts("witching to linux is fine.")[0] == "switching to linux is fine.")
    }

    @Test func readsAShortPartOfAHyphenedWordAsTyped() throws {
        // A prefix or syllable before or after a hyphen is meant, not a listed word a slip away.
        for typed in ["This game supports co-op multiplayer.", "She met her ex-lover.", "A sci-fi writer"] {
            #expect(try texts(typed)[0] == typed)
        }
        // A longer part is read like any word.
        #expect(try texts("a well-knwon story")[0] == "a well-known story")
    }

    @Test func leavesNamesAndTitlesAlone() throws {
        // Known words when lower case, names when capitalised, even at a sentence start.
        #expect(try texts("Ben painted a picture")[0] == "Ben painted a picture")
        #expect(try texts("Dr Patel said the results look good")[0] == "Dr Patel said the results look good")
    }

    @Test func neverOffersProfanityForASlip() throws {
        let readings = try corrector.correct("The fox found a shiy key")
        let offered =
            readings.variations.variations.map(\.text)
            + (readings.words ?? []).flatMap { [$0.corrected] + $0.alternatives }
        #expect(!offered.contains { $0.split(separator: " ").contains("shit") }, "\(offered)")
        // Typed as it is, the word stays: the corrector does not censor.
        #expect(try texts("what a load of crap")[0] == "what a load of crap")
    }

    @Test func leavesProtectedTextAlone() throws {
        let input = "Email Zorblax at zorb@example.com or https://example.org/xyzq before 5pm, NASA says"
        #expect(try texts(input).first == input)
    }

    @Test func offersOnlyVersionsAWriterCouldMean() throws {
        // The README's example: "what" or "to to" would be versions made up only to differ.
        let set = try corrector.correct("I wnat to go hmoe").variations
        #expect(set.source == .offline)
        #expect(set.variations.map(\.text) == ["I want to go home", "I want to go home."])
        #expect(set.variations.map(\.kind) == [.direct, .refined])
        #expect(set.issues == [.count(expected: 3, found: 2)])
        // Polish that changes nothing leaves one version.
        let one = try corrector.correct("I want to go home.").variations
        #expect(one.variations.map(\.text) == ["I want to go home."])
        #expect(one.issues == [.count(expected: 3, found: 1)])
    }

    @Test func offersAnAlternativeWhereTheInputIsAmbiguous() throws {
        // "stor" is a slip for "story" (one letter dropped) or "store" (one letter dropped too);
        // the likelier word in context leads ("went to the store", a triple English's pack
        // lists), the other is the alternative.
        let set = try corrector.correct("i went to the stor").variations
        try #require(set.variations.map(\.kind) == [.direct, .refined, .alternative], "\(set.variations.map(\.text))")
        #expect(set.variations[1].text == "I went to the store.")
        #expect(set.variations[2].text == "I went to the story.")
        #expect(set.issues.isEmpty)
        // "nwo" could be "now" or "two", but only "now" fits: no alternative.
        let clear = try corrector.correct("what time is it nwo").variations
        #expect(clear.variations.map(\.text) == ["what time is it now", "What time is it now?"])
        // "nto" after "its" could be "into", but "not" leads, and "its not" is "it's not".
        let butter = try corrector.correct("i cant beleive its nto butter").variations
        #expect(
            butter.variations.prefix(2).map(\.text) == [
                "i can't believe it's not butter", "I can't believe it's not butter."
            ])
    }

    @Test func refinedIsDirectPolishedNeverOtherWords() throws {
        func words(_ text: String) -> [String] {
            text.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" }).map(String.init)
        }
        for entry in TremorCorpusTests.cases {
            let versions = try corrector.correct(entry.typed).variations.variations
            guard let refined = versions.first(where: { $0.kind == .refined }) else { continue }
            let direct = words(versions[0].text), polished = words(refined.text)
            #expect(direct.count == polished.count, "\(entry.typed): \(versions.map(\.text))")
            // Only "its" may become "it's", where the next word calls for it.
            for (typed, written) in zip(direct, polished) where typed != written {
                #expect(typed == "its" && written == "it's", "\(entry.typed): \(versions.map(\.text))")
            }
        }
    }

    @Test func neverChangesAWordOfACorrectlyTypedSentenceInDirectOrRefined() throws {
        let sentences = try Fixtures.text("Correction/clean-sentences.txt").split(separator: "\n").filter {
            !$0.hasPrefix("#")
        }
        #expect(sentences.count >= 60)
        var alternatives = 0
        for sentence in sentences.map(String.init) {
            let versions = try corrector.correct(sentence).variations.variations
            #expect(versions[0].text == sentence, "\(versions.map(\.text))")
            if let refined = versions.first(where: { $0.kind == .refined }) {
                #expect(refined.text.lowercased() == sentence.lowercased(), "\(versions.map(\.text))")
            }
            if versions.contains(where: { $0.kind == .alternative }) { alternatives += 1 }
        }
        // An alternative reads a correctly typed word as another: rare by design.
        #expect(alternatives * 12 <= sentences.count, "\(alternatives) of \(sentences.count)")
    }

    @Test func returnsTextInAnotherLanguageAsTypedAndSaysWhy() throws {
        let rows = try Fixtures.text("Correction/other-languages.txt").split(separator: "\n")
            .filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t", maxSplits: 2).map(String.init) }
        let seen = rows.filter { $0[1] == "seen" }
        #expect(seen.count >= 70)
        for row in seen {
            let set = try corrector.correct(row[2]).variations
            #expect(set.variations.map(\.text) == [row[2]], "\(row)")
            if row[0] != "ja", row[0] != "ru" {
                #expect(set.issues.contains(.language(detected: row[0])), "\(row): \(set.issues)")
                #expect(set.issues.contains(.count(expected: 3, found: 1)))
            }
        }
        // The per-word report keeps every word as typed.
        let words = try #require(try corrector.correct("Ich mochte nach hasue").words)
        #expect(words.map(\.corrected) == ["Ich", "mochte", "nach", "hasue"] && words.allSatisfy { $0.confidence == 1 })
    }

    @Test func theCallerMaySayWhichLanguageTheTextIsIn() throws {
        let english = OfflineCorrector(language: LanguageTag("en-GB"))
        #expect(try english.correct("Ich mochte nach hasue").variations.variations[0].text != "Ich mochte nach hasue")
        let german = try OfflineCorrector(language: LanguageTag("de")).correct("i wnat to go hmoe").variations
        #expect(
            german.variations.map(\.text) == ["i wnat to go hmoe"] && german.issues.contains(.language(detected: "de")))
    }

    @Test func neverTakesEnglishForAnotherLanguage() throws {
        var texts = try Fixtures.text("Correction/clean-sentences.txt").split(separator: "\n").filter {
            !$0.hasPrefix("#")
        }.map(String.init)
        let corpus = try Fixtures.json("Correction/tremor-corpus.json")
        texts += (corpus["cases"]?.arrayValue ?? []).compactMap { $0["typed"]?.stringValue }
        texts += [
            "Zoë went to the café", "I love chili con carne", "The plants will die without water",
            "see you at the fiesta"
        ]
        #expect(texts.count > 200)
        for text in texts {
            let issues = try corrector.correct(text, includingWords: false).variations.issues
            #expect(!issues.contains { if case .language = $0 { true } else { false } }, "\(text)")
        }
    }

    @Test func leavesRareCorrectWordsAlone() throws {
        // Inflections and recent words ("brayed", "emoji") that the frequency lists lack: SCOWL's.
        let rareWords = try Fixtures.text("Correction/rare-words.txt").split(separator: "\n").filter {
            !$0.hasPrefix("#")
        }.map(String.init)
        #expect(rareWords.count == 400)
        let changed = try rareWords.filter { try texts($0).first != $0 }
        // A rare word one slip from a far commoner one may still be read as it ("natters").
        #expect(changed.count <= rareWords.count / 20, "\(changed)")
        for sentence in ["The donkey brayed loudly", "She sent me an emoji", "He swiveled in his chair"] {
            #expect(try texts(sentence).first == sentence)
        }
    }

    // "yay" at a sentence's start was read as "gay" while the word list had it as rare.
    @Test(arguments: [
        "yay we won the game", "yay i did it", "lol that was funny", "idk what to do", "omg really",
        "pls call me back", "the vlogger filmed everything"
    ])
    func keepsWordsTypedInMessages(_ sentence: String) throws {
        #expect(try texts(sentence).first == sentence)
    }

    @Test(arguments: [
        "favorite", "favourite", "color", "colour", "theater", "theatre", "gray", "grey", "organize",
        "organise", "traveled", "travelled", "behavior", "behaviour", "neighbors", "jewelry", "mom"
    ])
    func keepsBritishAndAmericanSpellings(_ word: String) throws {
        let sentence = "My \(word) is here"
        #expect(try texts(sentence)[0] == sentence)
        #expect(try OfflineCorrector(spelling: .keep).correct(sentence).variations.variations[1].text == sentence + ".")
    }

    @Test func spellingOptionRewritesRefinedOnly() throws {
        let input = "my favourite colour is grey and i love teh theatre"
        let american = try OfflineCorrector(spelling: .american).correct(input).variations.variations
        #expect(american[0].text == "my favourite colour is grey and i love the theatre")
        #expect(american[1].text == "My favorite color is gray and I love the theater.")
        let british = try OfflineCorrector(spelling: .british).correct("My favorite color is gray").variations
            .variations
        #expect(british[0].text == "My favorite color is gray")
        #expect(british[1].text == "My favourite colour is grey.")
    }

    @Test func itsBecomesItIsOnlyBeforeAVerbPhrase() throws {
        #expect(try texts("its not fair")[1] == "It's not fair.")
        #expect(try texts("i think its a cat")[1] == "I think it's a cat.")
        #expect(try texts("the dog wagged its tail")[1] == "The dog wagged its tail.")
        #expect(try texts("its raining")[1] == "It's raining.")
    }

    @Test func restoresApostrophesInDirect() throws {
        #expect(try texts("im happy")[0] == "I'm happy")
        #expect(try texts("Dont go")[0] == "Don't go")
        #expect(try texts("we cant stay")[0] == "we can't stay")
    }

    @Test func keepsNamesAndWordsThatAreWords() throws {
        // A capitalised word outside the lexicon may be a name: only a common word one slip
        // away replaces it ("Teh"), and mid-sentence only a long one ("Tueday").
        #expect(try texts("Rao said no.")[0] == "Rao said no.")
        #expect(try texts("Milly and Zou ran home.")[0] == "Milly and Zou ran home.")
        #expect(try texts("Juppe went home.")[0] == "Juppe went home.")
        #expect(try texts("Teh cat sat.")[0] == "The cat sat.")
        #expect(try texts("See you on Tueday at the Secutity desk.")[0] == "See you on Tuesday at the Security desk.")
        // Two words typed as words stay two ("day to day" is not "day today").
        #expect(try texts("We work day to day.")[0] == "We work day to day.")
        // A word's other form is grammar, not a slip.
        #expect(try texts("He told a funny joke at lunch.")[0] == "He told a funny joke at lunch.")
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
        #expect(throws: StoryKitError.self) {
            try corrector.correct(String(repeating: "a", count: OfflineCorrector.maxTextBytes + 1))
        }
        #expect((try? corrector.correct(String(repeating: "a", count: OfflineCorrector.maxInputBytes))) != nil)
    }

    /// A record per word costs far more than the text: past 1 MiB a correction with its words
    /// is refused before any work, naming the option (without them it is read piece by piece,
    /// as the test below shows of a shorter text).
    @Test func aCorrectionWithItsWordsHasItsOwnLimit() throws {
        let text = String(repeating: "I wnat to go hmoe. ", count: OfflineCorrector.maxBytesWithWords / 19 + 1)
        #expect(text.utf8.count > OfflineCorrector.maxBytesWithWords)
        #expect {
            try corrector.correct(text, includingWords: true)
        } throws: { error in
            (error as? StoryKitError)?.code == .limit && String(describing: error).contains("words: ")
        }
    }

    /// A text longer than one piece is read piece by piece: each piece reads as it would on its
    /// own, the pieces join with the text's own spacing, and nothing is lost.
    @Test func aLongTextIsCorrectedPieceByPiece() throws {
        let paragraph = "I wnat to go hmoe now. The cat sat on teh mat and we went to the park.\n\n"
        let text = String(repeating: paragraph, count: 800)  // about 58 KB
        #expect(text.utf8.count > OfflineCorrector.maxInputBytes)
        var reported: [Int] = []
        let correction = try corrector.correct(text, includingWords: true) { done, total in
            #expect(total == text.utf8.count)
            reported.append(done)
        }
        let single = try corrector.correct(paragraph, includingWords: true)
        let direct = single.variations.variations[0].text
        #expect(direct.hasSuffix("park.\n\n"))
        let versions = correction.variations.variations
        #expect(versions[0].text == String(repeating: direct, count: 800))
        #expect(versions[0].kind == .direct)
        #expect(correction.words?.count == 800 * (single.words?.count ?? 0))
        #expect(reported.count > 1 && reported == reported.sorted() && reported.last == text.utf8.count)
        // A word longer than a piece is kept as typed, the rest corrected.
        let long = String(repeating: "x", count: OfflineCorrector.maxInputBytes + 10)
        let mixed = try corrector.correct("I wnat it. " + long + " I wnat it.")
        #expect(mixed.variations.variations[0].text == "I want it. " + long + " I want it.")
    }

    @Test func layoutsChangeWhichKeysAreNeighbours() {
        #expect(KeyboardLayout.qwerty.distance(from: "g", to: "h") == 1)
        #expect(KeyboardLayout.qwertz.distance(from: "t", to: "z") == 1)
        #expect(KeyboardLayout.azerty.distance(from: "a", to: "z") == 1)
        #expect((KeyboardLayout.qwerty.distance(from: "q", to: "m") ?? 0) > 5)
    }
}
