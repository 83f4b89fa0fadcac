extension WordLexicon {
    /// A word within reach of what was typed, with the cost of the slips between them (in
    /// tenths, see `TypoCostModel.Cost`).
    struct Candidate: Sendable, Hashable {
        var word: Int
        var cost: TypoCostModel.Cost
        /// The last letter of the word's key, which the search knows as it finds the word.
        var lastLetter: UInt8
    }

    /// The last byte of `candidate`'s word as written: its key's last letter, unless the word
    /// is written otherwise (a spelling with a diacritic), without spelling the word out.
    func lastWrittenByte(of candidate: Candidate) -> UInt8? {
        guard let spellings = pack.spellingTable, spellings.entry(of: candidate.word) != nil else {
            return candidate.lastLetter
        }
        return words[candidate.word].utf8.last
    }

    /// Every word the corrector may suggest (not a never-suggested word of the pack) whose typo cost from
    /// `typed` (lower-case ASCII letters) is at most `maxCost`, in index order: the words whose
    /// cell in a weighted Damerau-Levenshtein table against `typed` is within `maxCost`.
    ///
    /// The search follows `typed` down the trie and branches only where a slip fits in what is
    /// left of `maxCost`. Each branch takes one of the table's moves (a key for a word letter,
    /// a dropped letter, an extra press, an extra press on the way to a key, two letters
    /// swapped) at the table's cost, so a word's least cost over its branches is its cell.
    /// Every slip costs at least a doubled press, so the corrector's budgets (two or three
    /// slips) keep the branches few; a table search computes a row for each node it enters,
    /// typed words all but match, and most nodes are entered to find that out.
    func candidates(for typed: [UInt8], maxCost: TypoCostModel.Cost, model: TypoCostModel) -> [Candidate] {
        guard !typed.isEmpty, typed.allSatisfy(\.isASCIILowercase) else { return [] }
        let keys = typed.map { Int($0 &- UInt8(ascii: "a")) }
        var found = keys.withUnsafeBufferPointer { keys in
            model.withCostTables { substitution, extraPress in
                var walk = SlipWalk(
                    keys: keys, maxCost: maxCost, model: model, automaton: pack.automaton,
                    substitution: substitution, extraPress: extraPress)
                walk.visit(node: 0, firstWord: 0, letter: -1, consumed: 0, cost: 0)
                return walk.found
            }
        }
        // Branches that reach the same word: its least cost. Index order is alphabetical.
        found.sort { ($0.word, $0.cost) < ($1.word, $1.cost) }
        var kept = 0
        for candidate in found where kept == 0 || found[kept - 1].word != candidate.word {
            found[kept] = candidate
            kept += 1
        }
        found.removeSubrange(kept...)
        return found
    }
}

/// One search of `WordLexicon.candidates`: the typed keys (0 for `a`), the word automaton,
/// and the model's tables by (key letter × 26 + typed letter).
private struct SlipWalk {
    typealias Cost = TypoCostModel.Cost
    let keys: UnsafeBufferPointer<Int>
    let maxCost: Cost
    let model: TypoCostModel
    let automaton: WordAutomaton
    let substitution: UnsafeBufferPointer<Cost>
    let extraPress: UnsafeBufferPointer<Cost>
    /// Every word reached with every key read, once per branch that reaches it.
    var found: [WordLexicon.Candidate] = []

    /// Walks on from `node`, whose letter (0 for `a`; -1 at the root) is `letter` and whose
    /// first word (the one ending there, if any) is word number `firstWord`, with the first
    /// `consumed` typed keys read at `cost`.
    mutating func visit(node: Int, firstWord: Int, letter: Int, consumed: Int, cost: Cost) {
        let trieNode = automaton.state(node)
        let left = keys.count &- consumed
        // Keys beyond the longest word below are extra presses, and letters beyond the keys
        // left are dropped: both are slips this branch cannot avoid.
        let least =
            Cost(max(0, left &- trieNode.longestBelow)) &* TypoCostModel.doubledPress
            &+ Cost(max(0, trieNode.shortestBelow &- left)) &* TypoCostModel.droppedDoubleLetter
        guard cost &+ least <= maxCost else { return }
        let budget = maxCost &- cost
        if left == 0, trieNode.isWord, trieNode.isSuggested {
            // Most searches find a few words: one allocation for them, not one per doubling.
            if found.isEmpty { found.reserveCapacity(16) }
            found.append(
                WordLexicon.Candidate(
                    word: firstWord, cost: cost, lastLetter: UInt8(ascii: "a") &+ UInt8(truncatingIfNeeded: letter)))
        }
        var key = -1, nextKey = -1
        if left > 0 {
            key = keys[consumed]
            // The key pressed as an extra: beside the key typed before it, or beside the key of
            // the letter just meant.
            let afterPrevious = consumed > 0 ? extraPress[keys[consumed &- 1] &* 26 &+ key] : TypoCostModel.extraOther
            let extra = min(afterPrevious, letter >= 0 ? extraPress[letter &* 26 &+ key] : TypoCostModel.extraOther)
            if extra <= budget {
                visit(node: node, firstWord: firstWord, letter: letter, consumed: consumed &+ 1, cost: cost &+ extra)
            }
        }
        if left > 1 { nextKey = keys[consumed &+ 1] }
        // The children that some move can enter within the budget.
        var entering: UInt32 = 0
        if budget >= TypoCostModel.droppedLetter {
            entering = ~0
        } else if budget >= TypoCostModel.droppedDoubleLetter, letter >= 0 {
            entering = 1 << UInt32(letter)
        }
        if key >= 0 { entering |= model.substitutionEntries.letters(for: key, within: budget) }
        if nextKey >= 0 {
            entering |= model.extraBeforeEntries.letters(for: key &* 26 &+ nextKey, within: budget)
            if budget >= TypoCostModel.swappedLetters, nextKey != key { entering |= 1 << UInt32(nextKey) }
        }
        var remaining = entering & trieNode.childLetters
        while remaining != 0 {
            let letterBit = remaining & (0 &- remaining)
            remaining ^= letterBit
            let (child, wordsBefore) = automaton.edge(trieNode.edge(letterBit))
            let childWord = firstWord &+ wordsBefore, childLetter = letterBit.trailingZeroBitCount
            let row = childLetter &* 26
            let dropped = TypoCostModel.dropped(childLetter, after: letter)
            if dropped <= budget {
                visit(node: child, firstWord: childWord, letter: childLetter, consumed: consumed, cost: cost &+ dropped)
            }
            guard key >= 0 else { continue }
            let substituted = substitution[row &+ key]
            if substituted <= budget {
                visit(
                    node: child, firstWord: childWord, letter: childLetter, consumed: consumed &+ 1,
                    cost: cost &+ substituted)
            }
            guard nextKey >= 0 else { continue }
            // An extra press on the way to this letter's key, then a key for the letter.
            let extraBefore = extraPress[row &+ key] &+ substitution[row &+ nextKey]
            if extraBefore <= budget {
                visit(
                    node: child, firstWord: childWord, letter: childLetter, consumed: consumed &+ 2,
                    cost: cost &+ extraBefore)
            }
            // This letter and the next typed the other way round.
            let keyBit: UInt32 = 1 << UInt32(key)
            if childLetter == nextKey, nextKey != key, budget >= TypoCostModel.swappedLetters {
                let childState = automaton.state(child)
                if childState.childLetters & keyBit != 0 {
                    let (grandchild, grandchildBefore) = automaton.edge(childState.edge(keyBit))
                    visit(
                        node: grandchild, firstWord: childWord &+ grandchildBefore, letter: key,
                        consumed: consumed &+ 2,
                        cost: cost &+ TypoCostModel.swappedLetters)
                }
            }
        }
    }
}
