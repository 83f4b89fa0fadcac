@testable import StoryKitCore
import Testing

/// Versions that change what the writer meant are never shown, whatever a letter count
/// allows, and honest echoes always are: crafted cases of each kind of change.
@Suite struct VersionMeaningTests {
    /// Why `version` of `typed` was not shown, as `reason` and words; `nil` when shown.
    func fault(_ typed: String, _ version: String, _ kind: TextVariation.Kind = .direct) -> (String, [String])? {
        let set = VariationSet(variations: [TextVariation(text: version, kind: kind)], source: .json)
        let checked = VersionCheck(typed: typed, strictness: .faithful).check(set)
        guard case .unfaithful(_, let reason, let words)? = checked.issues.first else {
            #expect(checked.variations.first?.origin == .model)
            return nil
        }
        return (reason, words)
    }

    /// Whether a direct version that echoes `typed` is shown, mended or not, once the offline
    /// readings it is scored against are known.
    func echoIsShownScored(_ typed: String) -> Bool {
        let offline = OfflineCorrector()
        let readings = TypedReadings(typed: typed, language: offline.language(of: typed), offline: offline)
        let set = VariationSet(variations: [TextVariation(text: typed, kind: .direct)], source: .json)
        return VersionCheck(typed: typed, strictness: .faithful, offline: offline).reading(readings).check(set)
            .variations.count == 1
    }

    @Test func anotherWordOrderIsDropped() {
        #expect(fault("the dog bit the man", "the man bit the dog")?.0 == "changes the word order")
    }

    @Test func anAddedOrDroppedNegationIsDropped() {
        #expect(fault("I can go to the party", "I can't go to the party")! == ("adds a negation", ["can't"]))
        #expect(fault("do not go to him", "go to him", .refined)! == ("drops a negation", ["not"]))
        #expect(fault("I will go with you.", "I will not go with you.", .refined)! == ("adds a negation", ["not"]))
        #expect(fault("ich komme heute", "ich komme heute nicht", .refined)?.0 == "invents words")
        // A slip of a negation is read as one.
        #expect(fault("I cnat go", "I can't go") == nil)
    }

    @Test func aChangedNumberIsDropped() {
        #expect(fault("it costs 10 dollars", "it costs 1000 dollars")! == ("changes a number", ["1000"]))
        #expect(fault("take 5 pills", "take 50 pills")! == ("changes a number", ["50"]))
        #expect(fault("come at 2pm", "come at 12pm")! == ("changes a number", ["12pm"]))
        #expect(fault("take 5 pills", "take pills")! == ("changes a number", ["5"]))
        #expect(fault("come at 2pm", "come at 2pm") == nil)
    }

    @Test func aRepeatOrAnAddedWordIsDropped() {
        #expect(fault("I love you.", "I love you. I love you.")! == ("repeats words", ["love"]))
        #expect(fault("call me tomorrow", "call me tomorrow Tom")! == ("invents words", ["Tom"]))
        #expect(fault("meet me at the park", "meet me at the park.com")! == ("invents words", ["com"]))
    }

    @Test func symbolsAndScriptsTheTextLacksAreDropped() {
        #expect(fault("I love my cat", "I love my cat 😺")! == ("holds characters the text lacks", ["😺"]))
        #expect(fault("I love my cat", "I love my c\u{0430}t")! == ("holds characters the text lacks", ["\u{0430}"]))
        #expect(fault("I love my cat", "I love my \u{202E}cat")?.0 == "holds characters the text lacks")
        #expect(fault("I love my cat 😺", "I love my cat 😺") == nil)
        #expect(fault("Привет, мир", "Привет, мир!") == nil)
    }

    @Test func aVersionFarLongerThanTheTextIsDroppedUnread() {
        let invented = (0..<8_000).map { "word\($0 % 97)x" }.joined(separator: " ")
        #expect(fault("abcdefghijklmnopqrstuvwxyz", invented)! == ("is too long", []))
    }

    @Test func aListedNameIsNotChangedToAnother() {
        #expect(fault("I met Tom today", "I met Tim today")! == ("changes a name", ["Tom"]))
        #expect(fault("Tom met me today", "Tim met me today") == nil)
    }

    /// The keyboard decides: `w` is beside `e`, so `seimming` is a slip of `swimming`, and
    /// several of `seeking`; `has` for `had` is one key away.
    @Test func aWordTheKeyboardDoesNotExplainIsDropped() {
        let typed = "It's tttoo cold to go seimming today."
        #expect(fault(typed, "It's too cold to go seeking today.")?.0 == "invents words")
        #expect(fault(typed, "It's too cold to go swimming today.") == nil)
        #expect(fault("she has gone home", "she had gone home") == nil)
        #expect(fault("we met last sumn mer", "we met last sumn")! == ("drops words", ["mer"]))
        #expect(
            fault(
                "Sophie shared her lunch woth a hunmgry little ird.",
                "Sophie shared her lunch with a hungry little girl.", .alternative)!
                == ("invents words", ["girl"]))
    }

    /// Letters, poems, lists, dialogue and CR LF texts come back as typed: shown.
    @Test func anHonestEchoIsAlwaysShown() {
        let texts = [
            "Dear Anna,\nThe weather is fine.\nLove, Tom", "Roses are red\nViolets are blue\nSugar is sweet",
            "Shopping:\n- Milk\n- Eggs\n- Bread", "\"Hi,\" said Mia. \"Where is Tom?\"",
            "First line\r\nSecond Line\r\nThird", "Café 😀 Then We left", "one, Two, three\n\nFour",
            "dear anna,\nThe Weather", "Ça va? Très bien, Merci.", "«Oui», dit-il. Puis: «Non»",
            // Trimming the space joins the mark to the letters after it, in both.
            " \u{65E}ree."
        ]
        for text in texts { #expect(fault(text, text) == nil, "\(text.debugDescription)") }
        // Scored as a whole, an echo keeps words the corrector reads otherwise (`grave` as
        // `gave`) and reads worse than its version, and is shown all the same.
        for text in texts + ["He grave me a watch.", "The roo was gutted alive."] {
            #expect(echoIsShownScored(text), "\(text.debugDescription)")
        }
    }

    /// A long echo is checked word by word in one pass.
    @Test func aLongEchoIsShown() {
        let sentence = "The little fox ofund a shiy key undre the old oak tree, and Mia laughed. "
        let text = String(repeating: sentence, count: 400)
        #expect(text.utf8.count > 28_000)
        #expect(fault(text, text) == nil)
        var corrected = text
        corrected.replace("ofund", with: "found")
        #expect(fault(text, corrected) == nil)
    }
}
