extension WordLexicon {
    /// A word within reach of what was typed, with the cost of the slips between them.
    struct Candidate: Sendable, Hashable {
        var word: Int
        var cost: Float
    }

    /// Every word the corrector may suggest (see `NeverSuggestedWords`) whose typo cost from
    /// `typed` (lower-case ASCII letters) is at most `maxCost`:
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
    /// The least a typed letter costs, by position, when the word has no such letter: a
    /// doubled press if it repeats the letter before, else a neighbouring key.
    let absent: UnsafeMutableBufferPointer<Float>
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
        absent = .allocate(capacity: width)
        absent[0] = 0
        for j in 1..<width {
            absent[j] = j >= 2 && letters[j - 2] == letters[j - 1]
                ? TypoCostModel.doubledPress : min(TypoCostModel.neighbourSubstitution, TypoCostModel.extraNeighbour)
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
        absent.deallocate()
        rows.deallocate()
        path.deallocate()
    }

    func run(_ trie: UnsafeBufferPointer<WordLexicon.TrieNode>) -> [WordLexicon.Candidate] {
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
        next[1] = trie[0].childStart
        end[1] = trie[1].childStart
        var depth = 1
        while depth > 0 {
            guard next[depth] < end[depth] else {
                depth -= 1
                continue
            }
            let node = Int(next[depth])
            next[depth] += 1
            let letter = trie[node].label
            path[depth] = letter
            let previousLetter = depth >= 2 ? path[depth - 1] : 0
            let dropped = TypoCostModel.dropped(letter, after: previousLetter)
            let row = depth * width
            // Each cell's slips that do not depend on the cell to its left first, then the one
            // that does (an extra press), so the loop carries one add and one min between cells.
            let current = rows.baseAddress! + row, above = current - width
            let letterIndex = Int(letter &- UInt8(ascii: "a")) &* width
            let substitutionRow = substitution.baseAddress! + letterIndex
            let extraRow = extra.baseAddress! + letterIndex, beforeRow = extraBefore.baseAddress! + letterIndex
            let canSwap = depth >= 2 && letter != previousLetter
            var left = above[0] + dropped
            current[0] = left
            var smallest = left
            left = min(min(above[0] + substitutionRow[1], above[1] + dropped), left + extraRow[1])
            current[1] = left
            smallest = min(smallest, left)
            // The cheapest cell a swap of this letter with the next could start from: it moves
            // two rows down at once, so this row's cells do not bound it.
            var swapStart = Float.infinity
            var j = 2
            while j < width {
                if letter == typed[j &- 1] { swapStart = min(swapStart, above[j &- 2]) }
                var cost = min(above[j &- 1] + substitutionRow[j], above[j] + dropped)
                cost = min(cost, above[j &- 2] + beforeRow[j &- 1] + substitutionRow[j])
                if canSwap, letter == typed[j &- 2], previousLetter == typed[j &- 1] {
                    cost = min(cost, (above - width)[j &- 2] + TypoCostModel.swappedLetters)
                }
                left = min(cost, left + extraRow[j])
                current[j] = left
                smallest = min(smallest, left)
                j &+= 1
            }
            let word = trie[node].word
            if word >= 0, trie[node].isSuggested, rows[row + width - 1] <= maxCost {
                found.append(WordLexicon.Candidate(word: Int(word), cost: rows[row + width - 1]))
            }
            let firstChild = trie[node].childStart, childEnd = trie[node + 1].childStart
            guard depth < maxDepth, firstChild < childEnd,
                  smallest <= maxCost && reachable(row: row, node: trie[node]) || swapStart + TypoCostModel.swappedLetters <= maxCost
            else { continue }
            depth += 1
            next[depth] = firstChild
            end[depth] = childEnd
        }
        return found
    }

    /// Whether some cell of the row can still end within `maxCost` below `node`: each typed
    /// letter still to come that no word below contains costs at least `absent` (it can only
    /// be a slip), typed letters beyond the longest word below cost at least a doubled press
    /// each, and each letter a word below has beyond the typed letters left costs at least a
    /// dropped double letter.
    @inline(__always)
    private func reachable(row: Int, node: WordLexicon.TrieNode) -> Bool {
        let below = node.lettersBelow
        let shortest = Int(node.shortestBelow), longest = Int(node.longestBelow)
        var missing: Float = 0
        var j = width - 1
        while true {
            let left = width - 1 - j
            let extras = max(missing, Float(left - longest) * TypoCostModel.doubledPress)
            let drops = Float(max(0, shortest - left)) * TypoCostModel.droppedDoubleLetter
            if rows[row + j] + extras + drops <= maxCost { return true }
            guard j > 0 else { return false }
            if below & typedBits[j - 1] == 0 { missing += absent[j] }
            j -= 1
        }
    }
}
