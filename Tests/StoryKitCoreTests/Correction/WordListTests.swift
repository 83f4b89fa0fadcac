@testable import StoryKitCore
import Testing

/// The embedded word lists: every word is found again after the front-coded list is built
/// into the trie, and the pair model prefers the pairs English uses.
@Suite struct WordListTests {
    let lexicon = WordLexicon.english
    let pairs = WordPairModel.english

    @Test func everyWordIsFoundAtItsIndex() {
        #expect(lexicon.words.count == EnglishWordFrequencies.count)
        var misplaced: [String] = []
        for (index, word) in lexicon.words.enumerated() where lexicon.index(of: Array(word.utf8)) != index {
            misplaced.append(word)
        }
        #expect(misplaced.isEmpty, "\(misplaced.prefix(5))")
        #expect(zip(lexicon.words, lexicon.words.dropFirst()).allSatisfy { $0 < $1 }, "alphabetical, no duplicates")
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
        #expect(pairs.logProbability(of: word("to"), after: word("want")) > pairs.logProbability(of: word("the"), after: word("want")))
        #expect(pairs.logProbability(of: word("forest"), after: word("the")) > lexicon.logProbability[Int(word("forest"))])
        // No previous word: the word's own frequency.
        #expect(pairs.logProbability(of: word("forest"), after: -1) == lexicon.logProbability[Int(word("forest"))])
        // A pair never listed keeps a share of the word's own frequency.
        let unlisted = pairs.logProbability(of: word("forest"), after: word("quickly"))
        #expect(unlisted < lexicon.logProbability[Int(word("forest"))] && unlisted > lexicon.logProbability[Int(word("forest"))] - 1)
        #expect(pairs.logProbability(of: word("to"), after: word("want")) <= 0)
    }

    @Test func candidateSearchFindsSlipsWithTheirCost() {
        let model = TypoCostModel.model(for: .qwerty)
        func cost(_ typed: String, _ meant: String, maxCost: Float = 3) -> Float? {
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
        #expect(cost("yku", "yuk", maxCost: 1.4) == TypoCostModel.swappedLetters)
        #expect(cost("hpme", "home", maxCost: 0.5) == nil)
        #expect(lexicon.candidates(for: Array("Home".utf8), maxCost: 3, model: model).isEmpty, "only lower-case letters")
        #expect(lexicon.candidates(for: [], maxCost: 3, model: model).isEmpty)
    }

    @Test func neverSuggestedWordsAreKnownButNotOffered() {
        let model = TypoCostModel.model(for: .qwerty)
        var unknown: [String] = []
        for word in NeverSuggestedWords.english {
            guard let index = lexicon.index(of: Array(word.utf8)) else {
                unknown.append(word)
                continue
            }
            #expect(lexicon.suggestibleIndex(of: Array(word.utf8)) == nil, "\(word)")
            #expect(!lexicon.candidates(for: Array(word.utf8), maxCost: 1, model: model).contains { $0.word == index }, "\(word)")
        }
        #expect(unknown.isEmpty, "listed words the lexicon does not have: \(unknown)")
        #expect(lexicon.suggestibleIndex(of: Array("shiny".utf8)) == lexicon.index(of: Array("shiny".utf8)))
    }
}
