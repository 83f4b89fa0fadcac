extension WordLexicon {
    /// A word within reach of what was typed, with the cost of the slips between them (in
    /// tenths, see `TypoCostModel.Cost`).
    struct Candidate: Sendable, Hashable {
        var word: Int
        var cost: TypoCostModel.Cost
    }

    /// Every word the corrector may suggest (see `NeverSuggestedWords`) whose typo cost from
    /// `typed` (lower-case ASCII letters) is at most `maxCost`:
    /// a depth-first walk of the trie carrying one row of a weighted Damerau-Levenshtein table
    /// per depth. A branch is abandoned once no cell can stay within `maxCost`, counting the
    /// slips that the letters and lengths of the words below it make unavoidable. The search
    /// works in `memory`, which a caller running several searches passes to each.
    func candidates(for typed: [UInt8], maxCost: TypoCostModel.Cost, model: TypoCostModel,
                    memory: CandidateSearchMemory = CandidateSearchMemory()) -> [Candidate] {
        guard !typed.isEmpty, typed.allSatisfy(\.isASCIILowercase) else { return [] }
        return withTrie { trie, wordAtNode in
            TrieSearch(typed: typed, maxCost: maxCost, model: model, memory: memory).run(trie, wordAtNode: wordAtNode)
        }
    }
}

/// The working memory of one candidate search, in buffers carved from a
/// `CandidateSearchMemory` so the inner loop runs on plain pointers.
private struct TrieSearch {
    typealias Cost = TypoCostModel.Cost
    let width: Int
    let maxDepth: Int
    let maxCost: Cost
    let typed: UnsafeMutableBufferPointer<UInt8>
    let typedBits: UnsafeMutableBufferPointer<UInt32>
    /// By letter (0 for `a`), the columns of the table (typed position + 1) where it was typed.
    let typedColumns: UnsafeMutableBufferPointer<UInt32>
    /// Substitution cost by (word letter, typed position).
    let substitution: UnsafeMutableBufferPointer<Cost>
    /// Extra-press cost by (word letter, typed position); letter 26: before the word starts.
    let extra: UnsafeMutableBufferPointer<Cost>
    /// Cost of the typed letter at a position as an extra press just before the word letter's
    /// key, by (word letter, typed position): a tremor may hit a neighbour on the way to a key.
    let extraBefore: UnsafeMutableBufferPointer<Cost>
    /// The least a typed letter costs, by position, when the word has no such letter: a
    /// doubled press if it repeats the letter before, else a neighbouring key.
    let absent: UnsafeMutableBufferPointer<Cost>
    let rows: UnsafeMutableBufferPointer<Cost>
    /// Scratch for `lettersEntering`: the least the typed letters after each position cost.
    let future: UnsafeMutableBufferPointer<Cost>
    let path: UnsafeMutableBufferPointer<UInt8>
    /// The children to visit at each depth of the branch being walked, 26 slots per depth:
    /// each child's node, copied when its parent is expanded (all the children's cache lines
    /// are fetched at once rather than one miss per visit), its index and its letter.
    let visitNodes: UnsafeMutableBufferPointer<WordLexicon.TrieNode>
    let visitIndices: UnsafeMutableBufferPointer<UInt32>
    let visitLetters: UnsafeMutableBufferPointer<UInt8>
    /// By depth: the next slot to visit, and how many are filled.
    let visitNext: UnsafeMutableBufferPointer<Int>
    let visitCount: UnsafeMutableBufferPointer<Int>
    let model: TypoCostModel

    init(typed letters: [UInt8], maxCost: Cost, model: TypoCostModel, memory: CandidateSearchMemory) {
        let width = letters.count + 1, maxDepth = letters.count + Int(maxCost / TypoCostModel.droppedDoubleLetter) + 1
        self.width = width
        self.maxDepth = maxDepth
        self.maxCost = maxCost
        self.model = model
        // One block, widest elements first so that each buffer stays aligned.
        let slots = 26 * (maxDepth + 1)
        let costCount = 79 * width + width * (maxDepth + 1) + 2 * width
        let wordCount = letters.count + 26 + slots
        let byteCount = letters.count + maxDepth + 1 + slots
        let total = MemoryLayout<WordLexicon.TrieNode>.stride * slots + MemoryLayout<Int>.stride * 2 * (maxDepth + 1)
            + MemoryLayout<Cost>.stride * costCount + MemoryLayout<UInt32>.stride * wordCount + byteCount
        var next = memory.bytes(total)
        let end = next + total
        func carve<Element>(_ count: Int, of _: Element.Type) -> UnsafeMutableBufferPointer<Element> {
            // The total above must cover every buffer carved below.
            precondition(next + MemoryLayout<Element>.stride * count <= end, "candidate search buffers exceed their block")
            let buffer = UnsafeMutableBufferPointer(start: next.bindMemory(to: Element.self, capacity: count), count: count)
            next += MemoryLayout<Element>.stride * count
            return buffer
        }
        visitNodes = carve(slots, of: WordLexicon.TrieNode.self)
        visitNext = carve(maxDepth + 1, of: Int.self)
        visitCount = carve(maxDepth + 1, of: Int.self)
        substitution = carve(26 * width, of: Cost.self)
        extra = carve(27 * width, of: Cost.self)
        extraBefore = carve(26 * width, of: Cost.self)
        absent = carve(width, of: Cost.self)
        future = carve(width, of: Cost.self)
        rows = carve(width * (maxDepth + 1), of: Cost.self)
        typedBits = carve(letters.count, of: UInt32.self)
        typedColumns = carve(26, of: UInt32.self)
        visitIndices = carve(slots, of: UInt32.self)
        typed = carve(letters.count, of: UInt8.self)
        path = carve(maxDepth + 1, of: UInt8.self)
        visitLetters = carve(slots, of: UInt8.self)
        // Everything else is written before it is read.
        _ = typed.initialize(from: letters)
        typedColumns.initialize(repeating: 0)
        rows[0] = 0

        for (index, letter) in letters.enumerated() {
            typedBits[index] = 1 << UInt32(letter - UInt8(ascii: "a"))
            typedColumns[Int(letter - UInt8(ascii: "a"))] |= 1 << UInt32(index + 1)
        }
        // The model's tables row by row (key letter × 26 + typed letter): `model.substitute`
        // and `model.extra` for letters known to be lower case, without their checks.
        model.withCostTables { substitutionTable, extraPressTable in
            for j in 1..<width {
                let typedLetter = Int(letters[j - 1] &- UInt8(ascii: "a"))
                // An extra press after the typed letter before it, or with none before.
                let afterPrevious = j >= 2 ? extraPressTable[Int(letters[j - 2] &- UInt8(ascii: "a")) &* 26 &+ typedLetter] : TypoCostModel.extraOther
                for letter in 0..<26 {
                    let extraPress = extraPressTable[letter &* 26 &+ typedLetter]
                    extra[letter &* width &+ j] = min(afterPrevious, extraPress)
                    substitution[letter &* width &+ j] = substitutionTable[letter &* 26 &+ typedLetter]
                    extraBefore[letter &* width &+ j] = extraPress
                }
                extra[26 &* width &+ j] = min(afterPrevious, TypoCostModel.extraOther)
            }
        }
        for j in 1..<width {
            absent[j] = j >= 2 && letters[j - 2] == letters[j - 1]
                ? TypoCostModel.doubledPress : min(TypoCostModel.neighbourSubstitution, TypoCostModel.extraNeighbour)
        }
    }

    func run(_ trie: UnsafeBufferPointer<WordLexicon.TrieNode>, wordAtNode: UnsafeBufferPointer<Int32>) -> [WordLexicon.Candidate] {
        var found: [WordLexicon.Candidate] = []
        // Row 0: the typed letters are all extra presses before the word starts.
        for j in 1..<width { rows[j] = rows[j - 1] + extra[26 * width + j] }
        // Only the children whose rows can get a cell within reach are visited (see `lettersEntering`).
        queueChildren(of: trie[0], letters: trie[0].childLetters, depth: 1, trie)
        var depth = 1
        while depth > 0 {
            let slot = visitNext[depth]
            guard slot < visitCount[depth] else {
                depth -= 1
                continue
            }
            visitNext[depth] = slot + 1
            let trieNode = visitNodes[depth &* 26 &+ slot], node = Int(visitIndices[depth &* 26 &+ slot])
            let letter = visitLetters[depth &* 26 &+ slot]
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
            // Costs stay far below overflow (see `unreachable`): the adds need no checks.
            var left = above[0] &+ dropped
            current[0] = left
            var smallest = left
            left = min(min(above[0] &+ substitutionRow[1], above[1] &+ dropped), left &+ extraRow[1])
            current[1] = left
            smallest = min(smallest, left)
            // The columns where this letter was typed: a swap of the letter meant here with the
            // previous one ends at the column after one of them.
            let typedHere = typedColumns[Int(letter &- UInt8(ascii: "a"))]
            let swapEnds = canSwap ? typedHere << 1 & typedColumns[Int(previousLetter &- UInt8(ascii: "a"))] : 0
            var j = 2
            while j < width {
                var cost = min(above[j &- 1] &+ substitutionRow[j], above[j] &+ dropped)
                cost = min(cost, above[j &- 2] &+ beforeRow[j &- 1] &+ substitutionRow[j])
                if swapEnds >> UInt32(truncatingIfNeeded: j) & 1 != 0 {
                    cost = min(cost, (above - width)[j &- 2] &+ TypoCostModel.swappedLetters)
                }
                left = min(cost, left &+ extraRow[j])
                current[j] = left
                smallest = min(smallest, left)
                j &+= 1
            }
            // The cheapest cell a swap of this letter with the next could start from: it moves
            // two rows down at once, so this row's cells do not bound it.
            var swapStart = Self.unreachable
            var starts = typedHere & ~0b11
            while starts != 0 {
                let column = starts.trailingZeroBitCount
                swapStart = min(swapStart, above[column &- 2])
                starts &= starts &- 1
            }
            if trieNode.isWord, trieNode.isSuggested, rows[row + width - 1] <= maxCost {
                // Most searches find a few words: one allocation for them, not one per doubling.
                if found.isEmpty { found.reserveCapacity(8) }
                found.append(WordLexicon.Candidate(word: Int(wordAtNode[node]), cost: rows[row + width - 1]))
            }
            let swapsOpen = swapStart &+ TypoCostModel.swappedLetters <= maxCost
            guard depth < maxDepth, trieNode.childLetters != 0, smallest <= maxCost || swapsOpen else { continue }
            let childLetters = lettersEntering(below: row, node: trieNode, letter: letter, swapsOpen: swapsOpen)
                & trieNode.childLetters
            guard childLetters != 0 else { continue }
            depth += 1
            queueChildren(of: trieNode, letters: childLetters, depth: depth, trie)
        }
        return found
    }

    /// Fills the slots of `depth` with the children of `parent` that have `letters`, in
    /// alphabetical order.
    @inline(__always)
    private func queueChildren(of parent: WordLexicon.TrieNode, letters: UInt32, depth: Int, _ trie: UnsafeBufferPointer<WordLexicon.TrieNode>) {
        var remaining = letters, slot = depth &* 26
        while remaining != 0 {
            let letterBit = remaining & (0 &- remaining)
            remaining ^= letterBit
            let child = parent.child(letterBit)
            (visitNodes.baseAddress! + slot).initialize(to: trie[child])
            visitIndices[slot] = UInt32(truncatingIfNeeded: child)
            visitLetters[slot] = UInt8(ascii: "a") &+ UInt8(truncatingIfNeeded: letterBit.trailingZeroBitCount)
            slot &+= 1
        }
        visitNext[depth] = 0
        visitCount[depth] = slot &- depth &* 26
    }

    private static let allLetters: UInt32 = 1 << 26 - 1
    /// Above any budget, and far enough from overflow to have a slip added.
    private static let unreachable: Cost = 1 << 24

    /// The letters a child of `node` (whose row starts at `row`, and whose letter is `letter`)
    /// may have and still get a cell from which a word below can end within `maxCost`, or keep
    /// its branch open for a swap; none when no word below `node` is within reach, unless a
    /// swap from the row above is (`swapsOpen`). The row loop's slips into a child's cells,
    /// taken from the parent, so that the other children's rows are never computed.
    ///
    /// What the typed letters after a cell cost at least below a node bounds both tests: each
    /// typed letter that no word below contains costs at least `absent` (it can only be a slip),
    /// or a doubled press if it is the node's own letter (an extra press of the key just
    /// meant); typed letters beyond the longest word below cost at least a doubled press each;
    /// each letter a word below has beyond the typed letters left costs at least a dropped
    /// double letter. For the children the bound is taken with the node's letters below and
    /// one letter fewer each way: weaker than each child's own, so the letters are a superset.
    @inline(__always)
    private func lettersEntering(below row: Int, node: WordLexicon.TrieNode, letter: UInt8, swapsOpen: Bool) -> UInt32 {
        let parent = rows.baseAddress! + row, grandparent = parent - width
        let below = node.lettersBelow
        let shortest = Cost(node.shortestBelow), longest = Cost(node.longestBelow)
        /// The least `left` typed letters cost below words of `shortest` to `longest` more
        /// letters, when those of them that no word below has cost `missing`.
        func leastCost(left: Cost, missing: Cost, shortest: Cost, longest: Cost) -> Cost {
            max(missing, (left &- longest) &* TypoCostModel.doubledPress)
                &+ max(0, shortest &- left) &* TypoCostModel.droppedDoubleLetter
        }
        // Without branches: whether a typed letter is below is as good as random.
        var missing: Cost = 0, missingHere: Cost = 0
        var least = Self.unreachable
        var k = width &- 1
        while true {
            let left = Cost(truncatingIfNeeded: width &- 1 &- k)
            future[k] = leastCost(left: left, missing: missing, shortest: shortest &- 1, longest: longest &- 1)
            least = min(least, parent[k] &+ leastCost(left: left, missing: missingHere, shortest: shortest, longest: longest))
            guard k > 0 else { break }
            let isAbsent: Cost = below & typedBits[k &- 1] == 0 ? 1 : 0
            missing &+= isAbsent &* absent[k]
            missingHere &+= isAbsent &* (typed[k &- 1] == letter ? TypoCostModel.doubledPress : absent[k])
            k &-= 1
        }
        guard least <= maxCost || swapsOpen else { return 0 }
        let letterBit: UInt32 = 1 << UInt32(letter &- UInt8(ascii: "a"))
        var letters: UInt32 = 0
        for k in 0..<width {
            let budget = maxCost &- parent[k]
            // A swap keeps a child open from the cell before it, and a swap into the child
            // starts two rows up.
            if budget >= TypoCostModel.swappedLetters, k + 2 < width { letters |= typedBits[k + 1] }
            if k + 2 < width, typed[k + 1] == letter,
               maxCost &- grandparent[k] &- future[k + 2] >= TypoCostModel.swappedLetters {
                letters |= typedBits[k]
            }
            guard budget >= 0 else { continue }
            let dropBudget = budget &- future[k]
            if dropBudget >= TypoCostModel.droppedLetter { return Self.allLetters }
            if dropBudget >= TypoCostModel.droppedDoubleLetter { letters |= letterBit }
            if k + 1 < width {
                let key = Int(typed[k] &- UInt8(ascii: "a"))
                letters |= model.substitutionEntries.letters(for: key, within: budget &- future[k + 1])
            }
            if k + 2 < width {
                let key = Int(typed[k] &- UInt8(ascii: "a")) &* 26 &+ Int(typed[k + 1] &- UInt8(ascii: "a"))
                letters |= model.extraBeforeEntries.letters(for: key, within: budget &- future[k + 2])
            }
        }
        return letters
    }
}
