@testable import StoryKitBase
@testable import StoryKitCore
@testable import StoryKitCorrection
import StoryKitDutchData
import StoryKitEnglishData
import StoryKitFrenchData
import StoryKitGermanData
import StoryKitItalianData
import StoryKitLanguages
import StoryKitPortugueseData
import StoryKitSpanishData
import Testing

@Suite struct LanguagePackTests {
    static let packs = LanguagePack.all
    let corrector = OfflineCorrector(packs: Self.packs)

    /// Every built-in pack passes the checks a pack from outside passes (checksum, every
    /// table): the library reads its own packs with the header checks alone.
    @Test(arguments: ["en", "es", "fr", "de", "it", "pt", "nl"])
    func builtInPacksPassTheFullCheck(_ language: String) throws {
        let function: @convention(c) (UnsafeMutablePointer<Int>?) -> UnsafeRawPointer? =
            switch language {
            case "en": storykit_english_pack
            case "es": storykit_spanish_pack
            case "fr": storykit_french_pack
            case "de": storykit_german_pack
            case "it": storykit_italian_pack
            case "pt": storykit_portuguese_pack
            default: storykit_dutch_pack
            }
        let words = try LanguageWordList(packBytes: LanguageWordList.builtInBytes(function))
        #expect(words.language == language)
        let builtIn = Self.packs.first { $0.language.language == language }!
        #expect(words.wordCount == builtIn.words.wordCount)
        // Every language reads context: English's pairs from CMU Sphinx, the others' from books
        // and CC0 sentences (Dutch's from a few thousand pairs of modern sentences).
        #expect(words.pairs.hasPairs, "\(language) has no word pairs")
    }

    func direct(_ text: String, _ language: String? = nil) throws -> String {
        let corrector = OfflineCorrector(language: language.flatMap(LanguageTag.init), packs: Self.packs)
        return try corrector.correct(text).variations.variations[0].text
    }

    @Test(arguments: [
        ("es", "El perro de mi abuela duerme en el jardín."),
        ("es", "¿Dónde está el gato? Sí, él está aquí."),
        ("fr", "Le petit chat noir dort sur le canapé."),
        ("de", "Der kleine Hund spielt im Garten mit dem Ball."),
        ("it", "Il bambino mangia una mela rossa."),
        ("pt", "O menino comeu o bolo de chocolate."),
        ("nl", "De kleine kat slaapt op de bank."),
        // pyspellchecker's Dutch list has "aan" as rare as a typo; the generator repairs it.
        ("nl", "Hij hing het schilderij aan de muur.")
    ])
    func aCorrectSentenceIsNotChanged(_ language: String, _ sentence: String) throws {
        let versions = try OfflineCorrector(language: LanguageTag(language), packs: Self.packs).correct(sentence)
            .variations.variations
        #expect(versions[0].text == sentence)
        #expect(versions.count == 1 || versions[1].kind != .refined || versions[1].text == sentence)
    }

    /// Slips whose reading the letters leave open and the words around settle, from the language
    /// corpora's tuning halves: without the packs' word pairs they were read as `caña`, `tarde`,
    /// `le le`, `mère` and `a noites`.
    @Test(arguments: [
        ("es", "el monstruoo debajo de la cana era muy timido", "el monstruo debajo de la cama era muy tímido"),
        ("es", "duerme en lq ventana toeas laas tardse", "duerme en la ventana todas las tardes"),
        ("fr", "le monstre sous le lt", "le monstre sous le lit"),
        ("fr", "ils ont traverse la mefr", "ils ont traversé la mer"),
        ("pt", "todas aw noites", "todas as noites")
    ])
    func theWordsAroundSettleAReading(_ language: String, _ typed: String, _ meant: String) throws {
        #expect(try direct(typed, language) == meant)
    }

    @Test(arguments: [
        ("es", "cбafe aβc"), ("de", "İstanbul"), ("fr", "Ærø"), ("es", "Dvořák"), ("es", "Łódź"), ("es", "pH₇"),
        ("es", "km²"), ("es", "µg"), ("it", "s\u{336}aid"), ("es", "a" + String(repeating: "\u{301}", count: 4990)),
        // A mark that spells no letter the language writes, decomposed or precomposed.
        ("es", "ab\u{327}cd"), ("pt", "sa\u{327}id"), ("fr", "\u{1E85}e"), ("fr", "w\u{308}e")
    ])
    func wordsWithLettersThePackDoesNotUseAreKeptAsTyped(_ language: String, _ word: String) throws {
        // As English keeps them: another script, a name's letters, units, combining marks.
        for packLanguage in [language, "en", "nl"] {
            let corrected = try direct(word, packLanguage)
            #expect(corrected == word, "\(packLanguage): \(corrected)")
        }
    }

    @Test func namesKeepTheirCapitalsInEveryPackButAGermanNounsStrayCapitalGoes() throws {
        #expect(
            try direct("Ayer vi a McKnight y a DeShawn en GitHub.", "es") == "Ayer vi a McKnight y a DeShawn en GitHub."
        )
        #expect(try direct("Ich habe McKnight gestern gesehen.", "de") == "Ich habe McKnight gestern gesehen.")
        #expect(try direct("Ich muSs einen TerMin machen.", "de") == "Ich muss einen Termin machen.")
    }

    /// A sentence's first word is read like any other in German, Spanish, Dutch and
    /// Portuguese (the languages where the development splits said so); a name the writer
    /// uses, and English's sentence-initial names, stay.
    @Test(arguments: [
        ("es", "Guerdar los cambios antes de salir.", "Guardar los cambios antes de salir."),
        ("nl", "Netwerp is niet beschikbaar.", "Netwerk is niet beschikbaar."),
        ("de", "Stastiken werden morgen veröffentlicht.", "Statistiken werden morgen veröffentlicht."),
        ("de", "Mia ging nach Hause.", "Mia ging nach Hause."),
        ("es", "Pedro fue a casa.", "Pedro fue a casa."),
        ("en", "Ziri went home.", "Ziri went home.")
    ])
    func aSentencesFirstWordIsReadLikeAnyWordWhereMeasuredSo(_ language: String, _ typed: String, _ meant: String)
        throws
    {
        #expect(try direct(typed, language) == meant)
    }

    /// A key pressed twice in a capitalised word is a slip in packs without a name list, read
    /// as the word, where before it was kept as another spelling of a name (from the train
    /// splits: `Cependantt`, `Regoolamento`, `Esttados`).
    @Test(arguments: [
        ("fr", "Cependantt, la manœuvre venait de réussir.", "Cependant, la manœuvre venait de réussir."),
        ("it", "Regoolamento tecnico e le modifiche.", "Regolamento tecnico e le modifiche."),
        ("pt", "Indo para os Esttados Unidos.", "Indo para os Estados Unidos.")
    ])
    func aDoubledKeyInACapitalisedWordIsASlip(_ language: String, _ typed: String, _ meant: String) throws {
        #expect(try direct(typed, language) == meant)
    }

    @Test func aNameTheWriterListsStaysAtASentencesStart() throws {
        let corrector = OfflineCorrector(
            language: LanguageTag("pt"), packs: Self.packs, vocabulary: try Vocabulary(known: ["Mansell"]))
        let direct = try corrector.correct("Mansell venceu a corrida.").variations.variations[0].text
        #expect(direct == "Mansell venceu a corrida.")
    }

    /// A text too short to compare lists on is read in the language that lists its words as
    /// common ones, where English lists none; an English slip stays English.
    @Test(arguments: [
        ("hola", "hola"), ("merci", "merci"), ("grazie", "grazie"), ("danke", "danke"), ("wnat", "want"),
        ("hmoe", "home"), ("teh", "the")
    ])
    func aShortTextInAnotherLanguageIsNotReadAsEnglish(_ typed: String, _ expected: String) throws {
        #expect(try direct(typed) == expected)
    }

    @Test func theLanguageIsToldFromTheText() throws {
        let result = try corrector.correct("Ich mochte nach hasue gehen, weil es draußen kalt ist").variations
        // The slip is read on QWERTZ, German's keyboard, and the noun written with its capital.
        #expect(result.variations[0].text == "Ich möchte nach Hause gehen, weil es draußen kalt ist")
        #expect(!result.issues.contains { if case .language = $0 { true } else { false } })
        // English stays English.
        #expect(try corrector.correct("i wnat to go hmoe").variations.variations[0].text == "i want to go home")
    }

    @Test(arguments: [
        // `met` and `zou` are Dutch, but `Zou` here is a name.
        ("I met Zou todya", "I met Zou today"),
        // `im` is German, and English without its apostrophe.
        ("im going hmoe", "I'm going home"),
        ("yes im sure", "yes I'm sure")
    ])
    func englishWithForeignLookingWordsStaysEnglish(_ typed: String, _ expected: String) throws {
        #expect(try direct(typed) == expected)
    }

    @Test(arguments: [("nl", "Ik zou graag gaan"), ("de", "Was ist das"), ("es", "No es nada"), ("it", "Non lo so")])
    func aShortSentenceInAPackedLanguageIsReadInIt(_ language: String, _ sentence: String) throws {
        #expect(try direct(sentence) == direct(sentence, language))
    }

    @Test(arguments: [
        // A skipped diacritic is a cheap slip.
        ("es", "manana vamos a la plaza", "mañana vamos a la plaza"),
        ("es", "el nino come una manzana", "el niño come una manzana"),
        ("fr", "le garcon est tres content", "le garçon est très content"),
        ("de", "ich mochte ein grosseres stuck", "ich möchte ein größeres Stück"),
        ("pt", "a crianca nao quer dormir", "a criança não quer dormir"),
        ("it", "la citta è molto bella", "la città è molto bella"),
        // Slips are read on the language's keyboard.
        ("es", "Mi abuela duerme en el jardon", "Mi abuela duerme en el jardín"),
        ("fr", "Le petit chqt noir dort sur le canape", "Le petit chat noir dort sur le canapé"),
        ("de", "Der kleine Hunf spielt im Garten", "Der kleine Hund spielt im Garten"),
        ("nl", "De kleine kar slaapt op de bqnk", "De kleine kar slaapt op de bank"),
        // A compound the list lacks is kept; words run together with a function word or a
        // capital are two.
        ("de", "Der Wind trug das Papierboot den Bach hinunter.", "Der Wind trug das Papierboot den Bach hinunter."),
        ("de", "Ich habe einen Liebesbrief geschrieben.", "Ich habe einen Liebesbrief geschrieben."),
        ("nl", "Mijn lievelingsspreuk is kort.", "Mijn lievelingsspreuk is kort."),
        ("nl", "Mijn lievelingsspreuK is kort.", "Mijn lievelingsspreuk is kort."),
        // A word typed with a diacritic, a long press, is meant ("como" is far commoner).
        ("es", "El conejo se comió todas las zanahorias.", "El conejo se comió todas las zanahorias."),
        // Every form of the source's dictionary is a word, however rare.
        ("pt", "As reuniões foram reagendadas", "As reuniões foram reagendadas"),
        ("de", "Wir gehen in denPark", "Wir gehen in den Park"),
        ("de", "Ich esse gernKuchen", "Ich esse gern Kuchen"),
        // A French participle after avoir gets its accent; "à" typed with its accent, or
        // starting the sentence, is no auxiliary; nor is "est".
        ("fr", "il a raconte une histoire", "il a raconté une histoire"),
        ("fr", "elle n'a pas demande", "elle n'a pas demandé"),
        ("fr", "ils ont prefree le gateau", "ils ont préféré le gâteau"),
        ("fr", "il part à cause de moi", "il part à cause de moi"),
        ("fr", "A cause de lui", "A cause de lui"),
        ("fr", "la maison est enfin calme", "la maison est enfin calme"),
        // A rare word without a vowel is a slip (the Spanish list, from web text, has "tl" and
        // "sw" as rare words); a common abbreviation stands, as does any before a full stop.
        ("es", "tl perro duerme en casa", "el perro duerme en casa"),
        ("es", "ella sw fue", "ella se fue"),
        ("es", "caminamos 5 km por el río", "caminamos 5 km por el río"),
        ("es", "caminamos 5 kmm hoy", "caminamos 5 km hoy"),
        ("pt", "o dr. Silva chegou", "o dr. Silva chegou"),
        // A long press that picked the mark beside the one meant is read as the word, written
        // with the mark meant even where the same letters without marks are commoner.
        ("fr", "Lisez les régles du jeu.", "Lisez les règles du jeu."),
        ("de", "Wenn ich Zeit hâtte, käme ich gern.", "Wenn ich Zeit hätte, käme ich gern."),
        ("pt", "Fiquei com medo do mistêrio.", "Fiquei com medo do mistério."),
        ("fr", "Il craignait le probléme.", "Il craignait le problème."),
        // A letter the language does not write keeps its word as typed, precomposed or not,
        // unless the list writes a mark there: then it is a long press gone wrong.
        ("pt", "o ät é bom", "o ät é bom"),
        ("pt", "o a\u{308}t é bom", "o a\u{308}t é bom"),
        ("es", "el gato sölo duerme", "el gato sólo duerme"),
        // Brazil's marks are spellings of the European list's words, never a press gone wrong.
        ("pt", "Peguei o ônibus para jogar tênis com meu bebê.", "Peguei o ônibus para jogar tênis com meu bebê."),
        ("pt", "Ganhou o prêmio econômico.", "Ganhou o prêmio econômico."),
        ("pt", "Nós tambêm sentimos o mesmo.", "Nós também sentimos o mesmo."),
        // A pronoun written onto a verb the list has is a word, not a slip.
        ("it", "Bisogna sempre cercare di migliorarsi.", "Bisogna sempre cercare di migliorarsi."),
        ("it", "Non volli immaginarmi una nuova mamma.", "Non volli immaginarmi una nuova mamma."),
        // A compound of listed words is not read as its listed plural, nor a last letter
        // typed twice as a compound.
        ("de", "Die Nacktschnecke frisst Salat.", "Die Nacktschnecke frisst Salat."),
        ("de", "Ihm lief eine Schweißperle über die Stirn.", "Ihm lief eine Schweißperle über die Stirn."),
        ("nl", "De kleinee olifant spatte.", "De kleine olifant spatte."),
        // An English word borrowed is kept where the language's list lacks it.
        ("it", "Il sito web della community è online.", "Il sito web della community è online."),
        // A mark the list's word does not have at all may be a form it lacks: kept.
        ("it", "Lui aiutò la madre.", "Lui aiutò la madre."),
        // A German sentence's first word is read against its rivals.
        ("de", "Nan wächst mit seinen Aufgaben.", "Man wächst mit seinen Aufgaben.")
    ])
    func theLanguagesRulesReadTheWord(_ language: String, _ typed: String, _ expected: String) throws {
        #expect(try direct(typed, language) == expected)
    }

    @Test func anElidedWordStartingASentenceGetsTheCapitalInRefined() throws {
        let versions = try OfflineCorrector(language: LanguageTag("fr"), packs: Self.packs).correct(
            "c'est vrai. l'ecole est belle"
        ).variations.variations
        #expect(versions.map(\.text) == ["c'est vrai. l'école est belle", "C'est vrai. L'école est belle."])
    }

    @Test func anItalianWordCutShortKeepsItsApostrophe() throws {
        let versions = try OfflineCorrector(language: LanguageTag("it"), packs: Self.packs).correct("un po’ di pane")
            .variations.variations
        #expect(versions.map(\.text) == ["un po’ di pane", "Un po’ di pane."])
    }

    @Test func aWordTypedWithADiacriticTheListLacksIsMeant() throws {
        #expect(try direct("De pinguïn droeg een rode sjaal.", "nl") == "De pinguïn droeg een rode sjaal.")
        // A slip in a word written with a diacritic is still read.
        #expect(try direct("Das Mädchen hat einen Schlüsel", "de") == "Das Mädchen hat einen Schlüssel")
    }

    @Test(arguments: [
        ("Niemand wusste, woher die geheimnisvolle Musik kam.", "Niemand wusste, woher die geheimnisvolle Musik kam."),
        ("El pingüino llevaba uns bufanda roja nmuy bonitq.", "El pingüino llevaba una bufanda roja muy bonita."),
        // Spanish and Italian signs alike ("le", "un", "ll"); Portuguese read as French before.
        (
            "Le stelle brillavano mentre i bambini esprimevano un desiderio.",
            "Le stelle brillavano mentre i bambini esprimevano un desiderio."
        ),
        ("A princesa preferoia subir às arvores xo que dançar.", "A princesa preferia subir às árvores do que dançar."),
        // No signs at all, but words English finds unlikely: every pack is asked.
        ("Hoe laat vbegint de fiplm vanavond?", "Hoe laat begint de film vanavond?"),
        ("me gusta la musica", "me gusta la música")
    ])
    func theLanguageWhoseListFindsTheWordsLikeliestIsRead(_ typed: String, _ expected: String) throws {
        // Signs of two languages ("die" is German and Dutch; "uns" German, "el" Spanish): the
        // list that finds the words likeliest decides.
        #expect(try corrector.correct(typed).variations.variations[0].text == expected)
    }

    @Test func withoutWordPairsOnlyACloseSecondReadingIsOffered() throws {
        // "passion" is a word from "masion" too, but far less likely than "maison".
        let versions = try OfflineCorrector(language: LanguageTag("fr"), packs: Self.packs).correct(
            "je veux aller a la masion"
        ).variations
        #expect(versions.variations.map(\.kind) == [.direct, .refined], "\(versions.variations.map(\.text))")
    }

    @Test func anElidedWordIsKeptAndTheWordAfterItRead() throws {
        #expect(
            try direct("je vais a l'ecole avec l’amie de ma soeur", "fr") == "je vais a l'école avec l’amie de ma soeur"
        )
    }

    @Test func aSpanishQuestionEndsWithItsMark() throws {
        let versions = try OfflineCorrector(language: LanguageTag("es"), packs: Self.packs).correct(
            "¿donde esta el gato"
        ).variations.variations
        #expect(versions.last?.text.hasSuffix("?") == true)
    }

    @Test(arguments: ["Я хочу пойти домой", "今日は公園に行きたい", "Chciałbym pójść do domu, bo jest zimno"])
    func textInALanguageWithoutAPackComesBackAsTyped(_ text: String) throws {
        let result = try corrector.correct(text).variations
        #expect(result.variations.map(\.text) == [text])
    }

    @Test func aLanguageAskedForWithoutItsPackComesBackAsTyped() throws {
        let englishOnly = OfflineCorrector(language: LanguageTag("es"))
        let result = try englishOnly.correct("el perrp duerme").variations
        #expect(result.variations.map(\.text) == ["el perrp duerme"])
        #expect(result.issues.contains(.language(detected: "es")))
    }

    @Test func eachPackNamesItsLanguageAndKeyboard() {
        #expect(LanguagePack.german.defaultLayout == .qwertz)
        #expect(LanguagePack.french.defaultLayout == .azerty)
        #expect(Self.packs.map(\.language.tag) == ["en", "es", "fr", "de", "it", "pt", "nl"])
        #expect(LanguagePack.spanish.words.wordCount > 50_000)
    }

    /// A model without triples (German's, Portuguese's) is searched first-order: on lattices of
    /// random readings, with tied slips, two-word readings, words outside the lexicon and
    /// broken context, it finds the paths and scores the second-order search finds.
    @Test(arguments: ["de", "pt"])
    func aFirstOrderSearchFindsWhatASecondOrderOneFinds(_ language: String) throws {
        let words = try #require(Self.packs.first { $0.language.language == language }).words
        #expect(!words.pairs.hasTriples)
        // A fixed linear congruential sequence: the same lattices every run.
        var state: UInt64 = 0x5eed
        func draw(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        // Frequent words, whose pairs are listed, so that context decides between readings;
        // words outside the lexicon score a whole number, so that paths tie.
        func word() -> Int { draw(3) == 0 ? -1 : draw(400) }
        for _ in 0..<300 {
            let positions = 1 + draw(7)
            var options: [CorrectionLattice.Option] = []
            for start in 0..<positions {
                for _ in 0..<(1 + draw(4)) {
                    let span = start + 1 < positions && draw(4) == 0 ? 2 : 1
                    let count = draw(5) == 0 ? 2 : 1
                    options.append(
                        CorrectionLattice.Option(
                            start: start, span: span, words: ReadingWords((0..<count).map { _ in word() }),
                            channel: -Float(draw(3)), isIdentity: draw(2) == 0))
                }
            }
            // The generator appends a two-word reading after the next word's readings: the
            // search must not depend on the options' order.
            for index in options.indices.reversed() { options.swapAt(index, draw(index + 1)) }
            let breaks = (0..<positions).map { $0 == 0 || draw(5) == 0 }
            let afterBreak = [Int32](repeating: -1, count: positions)
            let first = CorrectionLattice(
                positions: positions, options: options, breaksContext: breaks, contextAfterBreak: afterBreak,
                model: words.pairs)
            let second = CorrectionLattice(
                positions: positions, options: options, breaksContext: breaks, contextAfterBreak: afterBreak,
                model: words.pairs, searchesSecondOrder: true)
            #expect(first.path() == second.path())
            #expect(!first.path().isEmpty)
            for option in options.indices {
                #expect(first.bestScore(through: option) == second.bestScore(through: option))
                #expect(first.path(through: option) == second.path(through: option))
            }
        }
    }
}
