extension WordLexicon {
    /// A word within reach of what was typed, with the cost of the slips between them.
    struct Candidate: Sendable, Hashable {
        var word: Int
        var cost: Float
    }

    /// Every word whose typo cost from `typed` (lower-case ASCII letters) is at most `maxCost`:
    /// a depth-first walk of the trie carrying one row of a weighted Damerau-Levenshtein table
    /// per depth, abandoning a branch once every cell of its row is over `maxCost`.
    func candidates(for typed: [UInt8], maxCost: Float, model: TypoCostModel) -> [Candidate] {
        let width = typed.count + 1
        let maxDepth = typed.count + Int(maxCost / TypoCostModel.droppedDoubleLetter) + 1
        // Costs that depend only on (word letter, typed position), computed once per search.
        var substitution = [Float](repeating: 0, count: 26 * width)
        var extra = [Float](repeating: 0, count: 27 * width)  // row 26: before the word starts
        for letter in 0..<27 {
            let intended: UInt8 = letter < 26 ? UInt8(ascii: "a") + UInt8(letter) : 0
            for j in 1..<width {
                let previous = j >= 2 ? typed[j - 2] : 0
                extra[letter * width + j] = model.extra(typed[j - 1], after: previous, intended: intended)
                if letter < 26 { substitution[letter * width + j] = model.substitute(intended, with: typed[j - 1]) }
            }
        }
        var rows = [Float](repeating: 0, count: width * (maxDepth + 1))
        var path = [UInt8](repeating: 0, count: maxDepth + 1)
        var found: [Candidate] = []
        var stack: [(node: Int32, depth: Int32)] = []
        stack.reserveCapacity(64)
        withTrie { trie in
            substitution.withUnsafeBufferPointer { substitution in
                extra.withUnsafeBufferPointer { extra in
                    typed.withUnsafeBufferPointer { typed in
                        rows.withUnsafeMutableBufferPointer { rows in
                            // Row 0: the typed letters are all extra presses before the word starts.
                            for j in 1..<width { rows[j] = rows[j - 1] + extra[26 * width + j] }
                            var child = trie.firstChild[0]
                            while child >= 0 {
                                stack.append((child, 1))
                                child = trie.nextSibling[Int(child)]
                            }
                            while let (node, depth32) = stack.popLast() {
                                let depth = Int(depth32)
                                let letter = trie.label[Int(node)]
                                let letterIndex = Int(letter &- UInt8(ascii: "a"))
                                path[depth] = letter
                                let previousLetter = depth >= 2 ? path[depth - 1] : 0
                                let dropped = letter == previousLetter ? TypoCostModel.droppedDoubleLetter : TypoCostModel.droppedLetter
                                let row = depth * width, above = row - width
                                let substitutionRow = letterIndex * width, extraRow = letterIndex * width
                                rows[row] = rows[above] + dropped
                                var smallest = rows[row]
                                for j in 1..<width {
                                    var cost = rows[above + j - 1] + substitution[substitutionRow + j]
                                    cost = min(cost, rows[above + j] + dropped)
                                    cost = min(cost, rows[row + j - 1] + extra[extraRow + j])
                                    if j >= 2, depth >= 2, letter == typed[j - 2], previousLetter == typed[j - 1], letter != previousLetter {
                                        cost = min(cost, rows[above - width + j - 2] + TypoCostModel.swappedLetters)
                                    }
                                    rows[row + j] = cost
                                    smallest = min(smallest, cost)
                                }
                                let word = trie.wordAtNode[Int(node)]
                                if word >= 0, rows[row + width - 1] <= maxCost {
                                    found.append(Candidate(word: Int(word), cost: rows[row + width - 1]))
                                }
                                guard smallest <= maxCost, depth < maxDepth else { continue }
                                var next = trie.firstChild[Int(node)]
                                while next >= 0 {
                                    stack.append((next, depth32 + 1))
                                    next = trie.nextSibling[Int(next)]
                                }
                            }
                        }
                    }
                }
            }
        }
        return found
    }
}
