@testable import StoryKitBase
@testable import StoryKitCore
@testable import StoryKitCorrection
import Testing

/// The built-in English pack: every word is found again at its number in the automaton, and
/// the pair model prefers the pairs English uses.
@Suite struct WordListTests {
    let lexicon = WordLexicon.english
    let pairs = WordContextModel.english

    @Test func everyWordIsFoundAtItsIndex() {
        #expect(lexicon.words.count > 100_000)
        var misplaced: [String] = []
        for (index, word) in lexicon.words.enumerated() where lexicon.index(of: Array(word.utf8)) != index {
            misplaced.append(word)
        }
        #expect(misplaced.isEmpty, "\(misplaced.prefix(5))")
        #expect(zip(lexicon.words, lexicon.words.dropFirst()).allSatisfy { $0 < $1 }, "alphabetical, no duplicates")
    }

    @Test func letterRunsAreTheWordsRuns() {
        // Every run of every word is found from the automaton's states; none is made up.
        let trigrams = lexicon.letterTrigrams
        var runs: Set<[UInt8]> = []
        for word in lexicon.words where word.utf8.allSatisfy(\.isASCIILowercase) {
            let letters = Array(word.utf8)
            #expect(!trigrams.hasUnseenRun(letters), "\(word)")
            let bounded = [UInt8(ascii: "^")] + letters + [UInt8(ascii: "$")]
            for start in 0..<(bounded.count - 2) { runs.insert(Array(bounded[start..<(start + 3)])) }
        }
        let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { $0 }
        for first in letters {
            for second in letters {
                // `^xy$` holds the runs `^xy` and `xy$`: unseen exactly when either is.
                let unseen =
                    !runs.contains([UInt8(ascii: "^"), first, second])
                    || !runs.contains([first, second, UInt8(ascii: "$")])
                #expect(trigrams.hasUnseenRun([first, second]) == unseen, "\(first) \(second)")
            }
        }
        #expect(trigrams.hasUnseenRun(Array("jqpanese".utf8)))
        #expect(!trigrams.hasUnseenRun(Array("naïve".utf8)), "runs with other letters are not judged")
    }

    @Test func unknownWordsAndPrefixesAreNotFound() {
        for text in ["", "qzx", "wnat", "hom", "thex"] {
            #expect(lexicon.index(of: Array(text.utf8)) == nil, "\(text)")
        }
        #expect(lexicon.index(of: Array("home".utf8)) != nil)
    }

    @Test func frequenciesAreProbabilities() {
        #expect(lexicon.logProbability.allSatisfy { $0 < 0 && $0 > -12 })
        let the = lexicon.logProbability[lexicon.index(of: Array("the".utf8))!]
        let forest = lexicon.logProbability[lexicon.index(of: Array("forest".utf8))!]
        #expect(the > -2 && the > forest)
    }

    func word(_ text: String) -> Int32 { Int32(lexicon.index(of: Array(text.utf8))!) }

    @Test func pairsPreferWhatEnglishSays() {
        #expect(
            pairs.logProbability(of: word("to"), after: word("want"))
                > pairs.logProbability(of: word("the"), after: word("want")))
        #expect(
            pairs.logProbability(of: word("forest"), after: word("the")) > lexicon.logProbability[Int(word("forest"))])
        // No previous word: the word's own frequency.
        #expect(pairs.logProbability(of: word("forest"), after: -1) == lexicon.logProbability[Int(word("forest"))])
        // A pair never listed keeps a share of the word's own frequency.
        let unlisted = pairs.logProbability(of: word("forest"), after: word("quickly"))
        #expect(
            unlisted < lexicon.logProbability[Int(word("forest"))]
                && unlisted > lexicon.logProbability[Int(word("forest"))] - 1)
        #expect(pairs.logProbability(of: word("to"), after: word("want")) <= 0)
    }

    /// Everyday pairs that a list of book text's commonest pairs lacked, so that context could
    /// not tell `a ted scarf` from `a red scarf`.
    @Test func pairsKnowEverydayPhrases() {
        for (likely, unlikely) in [
            (("very", "shy"), ("very", "stay")), (("red", "scarf"), ("ted", "scarf")),
            (("waved", "to"), ("wave", "to")), (("looked", "for"), ("lord", "for"))
        ] {
            #expect(
                pairs.logProbability(of: word(likely.1), after: word(likely.0))
                    > pairs.logProbability(of: word(unlikely.1), after: word(unlikely.0)) + 0.3, "\(likely) \(unlikely)"
            )
        }
    }

    @Test func candidateSearchFindsSlipsWithTheirCost() {
        let model = TypoCostModel.model(for: .qwerty)
        func cost(_ typed: String, _ meant: String, maxCost: TypoCostModel.Cost = 30) -> TypoCostModel.Cost? {
            lexicon.candidates(for: Array(typed.utf8), maxCost: maxCost, model: model)
                .first { lexicon.words[$0.word] == meant }?.cost
        }
        #expect(cost("home", "home") == 0)
        #expect(cost("hpme", "home") == TypoCostModel.neighbourSubstitution)
        #expect(cost("hoome", "home") == TypoCostModel.doubledPress)
        // An extra neighbour after the key meant, and on the way to it (also before the word).
        #expect(cost("hoime", "home") == TypoCostModel.extraNeighbour)
        #expect(cost("honme", "home") == TypoCostModel.extraNeighbour)
        #expect(cost("jhome", "home") == TypoCostModel.extraNeighbour)
        #expect(cost("hme", "home") == TypoCostModel.droppedLetter)
        #expect(cost("hmoe", "home") == TypoCostModel.swappedLetters)
        // A swap reaches two rows down at once: the row between may be out of reach ("yku").
        #expect(cost("yku", "yuk", maxCost: 14) == TypoCostModel.swappedLetters)
        #expect(cost("hpme", "home", maxCost: 9) == nil)
        #expect(
            cost("hpme", "home", maxCost: 10) == TypoCostModel.neighbourSubstitution,
            "a cost equal to the limit is within it")
        #expect(
            lexicon.candidates(for: Array("Home".utf8), maxCost: 30, model: model).isEmpty, "only lower-case letters")
        #expect(lexicon.candidates(for: [], maxCost: 30, model: model).isEmpty)
    }

    /// The search prunes branches and whole sets of children before computing their rows; it
    /// must find exactly the words that the full table of every word finds.
    @Test(
        arguments: [("hmoe", 20), ("tomorow", 33), ("fogrow", 14), ("yku", 24), ("beautifull", 33), ("xq", 20)]
            as [(String, TypoCostModel.Cost)])
    func candidateSearchMatchesTheFullTable(typed: String, maxCost: TypoCostModel.Cost) {
        let model = TypoCostModel.model(for: .qwerty)
        let letters = Array(typed.utf8)
        let found = Dictionary(
            uniqueKeysWithValues: lexicon.candidates(for: letters, maxCost: maxCost, model: model).map {
                ($0.word, $0.cost)
            })
        // Each letter more or less than typed costs at least a doubled press or a dropped double letter.
        let lengthSlack = Int(maxCost / min(TypoCostModel.doubledPress, TypoCostModel.droppedDoubleLetter))
        var missed: [String] = [], wrong: [String] = []
        for (index, word) in lexicon.words.enumerated() where abs(word.utf8.count - letters.count) <= lengthSlack {
            guard lexicon.suggestibleIndex(of: Array(word.utf8)) != nil else { continue }
            let cost = Self.fullTableCost(Array(word.utf8), letters, model)
            if let searched = found[index] {
                if searched != cost { wrong.append("\(word): \(searched) vs \(cost)") }
            } else if cost <= maxCost {
                missed.append("\(word) (\(cost))")
            }
        }
        #expect(missed.isEmpty, "\(missed.prefix(10))")
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        #expect(found.values.allSatisfy { $0 <= maxCost })
    }

    /// The search finds what a search of the full table along the trie finds, with the same
    /// costs and in the same order, at each of the corrector's budgets and on every layout: for
    /// words typed as they are, and for the slips of them that the tremor corpus makes.
    @Test(arguments: KeyboardLayout.allCases)
    func candidateSearchMatchesTheTableAlongTheTrie(layout: KeyboardLayout) {
        let model = TypoCostModel.model(for: layout)
        var typed: [[UInt8]] = []
        for index in stride(from: 0, to: lexicon.words.count, by: 3001) {
            let word = Array(lexicon.words[index].utf8)
            typed.append(word)
            guard word.count >= 3 else { continue }
            typed.append(Array(word[..<1] + word[2...]))  // a dropped letter
            typed.append(Array(word[..<2] + [word[1]] + word[2...]))  // a doubled press
            typed.append(Array(word[..<1] + [word[2], word[1]] + word[3...]))  // a swap
            typed.append(word.map { $0 == UInt8(ascii: "e") ? UInt8(ascii: "r") : $0 })  // neighbouring keys
            typed.append(Array(word.dropLast()) + [UInt8(ascii: "q"), word[word.count - 1]])  // a far extra key
        }
        // The two-slip budgets on every typed word; the far budgets (a table search there is
        // slow) on every 24th, and on words with doubled and repeated letters.
        let far =
            stride(from: 0, to: typed.count, by: 24).map { typed[$0] }
            + ["yku", "aaaaaaaa", "mississippi", "tomorow", "beautifull"].map { Array($0.utf8) }
        var differing: [String] = []
        for (words, budgets) in [(typed, [14, 16, 20]), (far, [24, 27, 33])] as [([[UInt8]], [TypoCostModel.Cost])] {
            for letters in words {
                let table = tableSearch(letters, maxCost: budgets[budgets.count - 1], model: model)
                for maxCost in budgets
                where lexicon.candidates(for: letters, maxCost: maxCost, model: model)
                    != table.filter({ $0.cost <= maxCost })
                {
                    differing.append("\(String(decoding: letters, as: UTF8.self)) at \(maxCost)")
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(5))")
    }

    /// The full table along the trie: a row per node, a subtree left only when no cell of its
    /// row, nor a swap from the row above, is within `maxCost` (costs never fall).
    func tableSearch(_ typed: [UInt8], maxCost: TypoCostModel.Cost, model: TypoCostModel) -> [WordLexicon.Candidate] {
        let width = typed.count + 1
        var table = [TypoCostModel.Cost](repeating: 0, count: width), word: [UInt8] = []
        Self.fillRow(&table, word: word[...], typed: typed, model)
        var found: [WordLexicon.Candidate] = []
        let automaton = lexicon.pack.automaton
        func visit(_ node: Int, firstWord: Int) {
            let state = automaton.state(node)
            let row = word.count * width, cost = table[row + width - 1]
            if state.isWord, state.isSuggested, cost <= maxCost {
                found.append(WordLexicon.Candidate(word: firstWord, cost: cost, lastLetter: word.last ?? 0))
            }
            let swapReach =
                word.count >= 1 ? table[(row - width)..<row].min()! + TypoCostModel.swappedLetters : maxCost + 1
            guard table[row...].min()! <= maxCost || swapReach <= maxCost else { return }
            for letter in 0..<26 where state.childLetters & (1 << UInt32(letter)) != 0 {
                word.append(UInt8(ascii: "a") + UInt8(letter))
                table += repeatElement(0, count: width)
                Self.fillRow(&table, word: word[...], typed: typed, model)
                let (target, before) = automaton.edge(state.edge(1 << UInt32(letter)))
                visit(target, firstWord: firstWord + before)
                table.removeLast(width)
                word.removeLast()
            }
        }
        visit(0, firstWord: 0)
        return found
    }

    /// The weighted Damerau-Levenshtein table between a word and what was typed, every cell
    /// computed: the slips `TypoCostModel` prices, as the search applies them.
    static func fullTableCost(_ word: [UInt8], _ typed: [UInt8], _ model: TypoCostModel) -> TypoCostModel.Cost {
        var table = [TypoCostModel.Cost](repeating: 0, count: (word.count + 1) * (typed.count + 1))
        for length in 0...word.count { fillRow(&table, word: word[..<length], typed: typed, model) }
        return table[table.count - 1]
    }

    /// Fills the row of `table` (rows of `typed.count + 1` cells) for the last letter of
    /// `word` (row 0 for none) from the rows of the letters before it.
    static func fillRow(
        _ table: inout [TypoCostModel.Cost], word: ArraySlice<UInt8>, typed: [UInt8], _ model: TypoCostModel
    ) {
        let width = typed.count + 1, i = word.count, row = i * width
        guard let letter = word.last else {
            table[0] = 0
            for j in 1..<width {
                table[j] = table[j - 1] + model.extra(typed[j - 1], after: j >= 2 ? typed[j - 2] : 0, intended: 0)
            }
            return
        }
        let previous: UInt8 = i >= 2 ? word[word.startIndex + i - 2] : 0
        let above = row - width
        table[row] = table[above] + TypoCostModel.dropped(letter, after: previous)
        for j in 1..<width {
            var cost = min(
                table[above + j - 1] + model.substitute(letter, with: typed[j - 1]),
                table[above + j] + TypoCostModel.dropped(letter, after: previous))
            cost = min(
                cost, table[row + j - 1] + model.extra(typed[j - 1], after: j >= 2 ? typed[j - 2] : 0, intended: letter)
            )
            if j >= 2 {
                cost = min(
                    cost,
                    table[above + j - 2] + model.extra(typed[j - 2], before: letter)
                        + model.substitute(letter, with: typed[j - 1]))
                if i >= 2, letter != previous, letter == typed[j - 2], previous == typed[j - 1] {
                    cost = min(cost, table[above - width + j - 2] + TypoCostModel.swappedLetters)
                }
            }
            table[row + j] = cost
        }
    }

    @Test func neverSuggestedWordsAreKnownButNotOffered() {
        let model = TypoCostModel.model(for: .qwerty)
        var unknown: [String] = []
        // A sample of the generator's list (scripts/generate-word-frequencies.py, NEVER_SUGGESTED).
        for word in ["shit", "fuck", "bitch", "damn", "crap", "sexy", "porn", "whore"] {
            guard let index = lexicon.index(of: Array(word.utf8)) else {
                unknown.append(word)
                continue
            }
            #expect(lexicon.suggestibleIndex(of: Array(word.utf8)) == nil, "\(word)")
            #expect(
                !lexicon.candidates(for: Array(word.utf8), maxCost: 10, model: model).contains { $0.word == index },
                "\(word)")
        }
        #expect(unknown.isEmpty, "listed words the lexicon does not have: \(unknown)")
        #expect(lexicon.suggestibleIndex(of: Array("shiny".utf8)) == lexicon.index(of: Array("shiny".utf8)))
    }
}
