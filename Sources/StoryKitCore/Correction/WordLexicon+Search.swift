extension WordLexicon {
    /// A word within reach of what was typed, with the cost of the slips between them.
    struct Candidate: Sendable, Hashable {
        var word: Int
        var cost: Float
    }

    /// Every word whose typo cost from `typed` (lower-case ASCII letters) is at most `maxCost`:
    /// a depth-first walk of the trie carrying one row of a weighted Damerau-Levenshtein table
    /// per depth. A branch is abandoned once no cell can stay within `maxCost`, counting the
    /// slips that the letters and lengths of the words below it make unavoidable.
    func candidates(for typed: [UInt8], maxCost: Float, model: TypoCostModel) -> [Candidate] {
        guard !typed.isEmpty, typed.allSatisfy(\.isASCIILowercase) else { return [] }
        return withTrie { trie in
            let search = TrieSearch(typed: typed, maxCost: maxCost, model: model)
            defer { search.deallocate() }
            return search.run(trie)
        }
    }
}

/// The working memory of one candidate search, in buffers allocated once per search so the
/// inner loop runs on plain pointers.
private struct TrieSearch {
    let width: Int
    let maxDepth: Int
    let maxCost: Float
    let typed: UnsafeMutableBufferPointer<UInt8>
    let typedBits: UnsafeMutableBufferPointer<UInt32>
    /// Substitution cost by (word letter, typed position).
    let substitution: UnsafeMutableBufferPointer<Float>
    /// Extra-press cost by (word letter, typed position); letter 26: before the word starts.
    let extra: UnsafeMutableBufferPointer<Float>
    /// Cost of the typed letter at a position as an extra press just before the word letter's
    /// key, by (word letter, typed position): a tremor may hit a neighbour on the way to a key.
    let extraBefore: UnsafeMutableBufferPointer<Float>
    let rows: UnsafeMutableBufferPointer<Float>
    let path: UnsafeMutableBufferPointer<UInt8>

    init(typed letters: [UInt8], maxCost: Float, model: TypoCostModel) {
        width = letters.count + 1
        maxDepth = letters.count + Int(maxCost / TypoCostModel.droppedDoubleLetter) + 1
        self.maxCost = maxCost
        typed = .allocate(capacity: letters.count)
        _ = typed.initialize(from: letters)
        typedBits = .allocate(capacity: letters.count)
        for (index, letter) in letters.enumerated() { typedBits[index] = 1 << UInt32(letter - UInt8(ascii: "a")) }
        substitution = .allocate(capacity: 26 * width)
        substitution.initialize(repeating: 0)
        extra = .allocate(capacity: 27 * width)
        extra.initialize(repeating: 0)
        extraBefore = .allocate(capacity: 26 * width)
        extraBefore.initialize(repeating: 0)
        for letter in 0..<27 {
            let intended: UInt8 = letter < 26 ? UInt8(ascii: "a") + UInt8(letter) : 0
            for j in 1..<width {
                let previous = j >= 2 ? letters[j - 2] : 0
                extra[letter * width + j] = model.extra(letters[j - 1], after: previous, intended: intended)
                if letter < 26 {
                    substitution[letter * width + j] = model.substitute(intended, with: letters[j - 1])
                    extraBefore[letter * width + j] = model.extra(letters[j - 1], before: intended)
                }
            }
        }
        rows = .allocate(capacity: width * (maxDepth + 1))
        rows.initialize(repeating: 0)
        path = .allocate(capacity: maxDepth + 1)
        path.initialize(repeating: 0)
    }

    func deallocate() {
        typed.deallocate()
        typedBits.deallocate()
        substitution.deallocate()
        extra.deallocate()
        extraBefore.deallocate()
        rows.deallocate()
        path.deallocate()
    }

    func run(_ trie: WordLexicon.TrieView) -> [WordLexicon.Candidate] {
        var found: [WordLexicon.Candidate] = []
        // Row 0: the typed letters are all extra presses before the word starts.
        for j in 1..<width { rows[j] = rows[j - 1] + extra[26 * width + j] }
        // next[d] ..< end[d]: the children still to visit of the node at depth d - 1.
        let next = UnsafeMutableBufferPointer<Int32>.allocate(capacity: maxDepth + 1)
        let end = UnsafeMutableBufferPointer<Int32>.allocate(capacity: maxDepth + 1)
        defer {
            next.deallocate()
            end.deallocate()
        }
        next[1] = trie.childStart[0]
        end[1] = trie.childStart[1]
        var depth = 1
        while depth > 0 {
            guard next[depth] < end[depth] else {
                depth -= 1
                continue
            }
            let node = Int(next[depth])
            next[depth] += 1
            let letter = trie.label[node]
            path[depth] = letter
            let previousLetter = depth >= 2 ? path[depth - 1] : 0
            let dropped = letter == previousLetter ? TypoCostModel.droppedDoubleLetter : TypoCostModel.droppedLetter
            let row = depth * width, above = row - width
            let letterRow = Int(letter &- UInt8(ascii: "a")) * width
            rows[row] = rows[above] + dropped
            var smallest = rows[row]
            for j in 1..<width {
                var cost = rows[above + j - 1] + substitution[letterRow + j]
                cost = min(cost, rows[above + j] + dropped)
                cost = min(cost, rows[row + j - 1] + extra[letterRow + j])
                if j >= 2 {
                    cost = min(cost, rows[above + j - 2] + extraBefore[letterRow + j - 1] + substitution[letterRow + j])
                    if depth >= 2, letter == typed[j - 2], previousLetter == typed[j - 1], letter != previousLetter {
                        cost = min(cost, rows[above - width + j - 2] + TypoCostModel.swappedLetters)
                    }
                }
                rows[row + j] = cost
                smallest = min(smallest, cost)
            }
            let word = trie.wordAtNode[node]
            if word >= 0, rows[row + width - 1] <= maxCost {
                found.append(WordLexicon.Candidate(word: Int(word), cost: rows[row + width - 1]))
            }
            guard smallest <= maxCost, depth < maxDepth, trie.childStart[node] < trie.childStart[node + 1],
                  reachable(row: row, node: node, trie) else { continue }
            depth += 1
            next[depth] = trie.childStart[node]
            end[depth] = trie.childStart[node + 1]
        }
        return found
    }

    /// Whether some cell of the row can still end within `maxCost` below `node`: each typed
    /// letter still to come costs at least a doubled press when no word below contains it or
    /// when the words below are too short to take it, and each letter a word below has beyond
    /// the typed letters left costs at least a dropped double letter.
    @inline(__always)
    private func reachable(row: Int, node: Int, _ trie: WordLexicon.TrieView) -> Bool {
        let below = trie.lettersBelow[node]
        let shortest = Int(trie.shortestBelow[node]), longest = Int(trie.longestBelow[node])
        var missing = 0
        var j = width - 1
        while true {
            let left = width - 1 - j
            let extras = Float(max(missing, left - longest)) * TypoCostModel.doubledPress
            let drops = Float(max(0, shortest - left)) * TypoCostModel.droppedDoubleLetter
            if rows[row + j] + extras + drops <= maxCost { return true }
            guard j > 0 else { return false }
            if below & typedBits[j - 1] == 0 { missing += 1 }
            j -= 1
        }
    }
}
