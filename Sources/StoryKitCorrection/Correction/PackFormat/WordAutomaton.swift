/// A pack's words as a minimal acyclic automaton, read in place: a trie whose identical
/// subtrees are stored once (every `-ing`, `-ões` or `-heid` ending below many stems is one
/// set of states), which holds an inflected list of 400,000 words in about a tenth of the
/// trie's states. Words are numbered in alphabetical order: each edge records how many words
/// of its source state come before its target's, so a path's sum is a word's number.
///
/// Layout (see `docs/language-pack-format.md`): states of 8 bytes (letters of the edges in
/// bits 0-25, a word ends here in bit 26, it may be suggested in 27, the fewest and most
/// letters below in 28-33 and 34-39, the first edge in 40-63), then edges of `edgeWidth`
/// bytes (the target state in the low `stateBits` bits, the words before it above them), a
/// state's edges side by side in letter order. State 0 is the root; states are numbered
/// breadth-first from it, each by the first state that leads to it, so that a state's
/// children mostly lie side by side. A pack from outside is checked for cycles.
struct WordAutomaton: @unchecked Sendable {
    // @unchecked: read-only views of a `WordPack`'s bytes, which outlive every automaton.

    /// One state, as the candidate search reads it.
    struct State {
        let bits: UInt64

        /// The letters of the edges (bit 0: `a`).
        @inline(__always) var childLetters: UInt32 { UInt32(truncatingIfNeeded: bits) & 0x3FF_FFFF }
        /// Whether a word ends here.
        @inline(__always) var isWord: Bool { bits & (1 << 26) != 0 }
        /// Whether the word here may be offered as a reading (the pack's never-suggested words).
        @inline(__always) var isSuggested: Bool { bits & (1 << 27) != 0 }
        /// How many more letters the shortest and the longest word through here have.
        @inline(__always) var shortestBelow: Int { Int(truncatingIfNeeded: bits >> 28) & 63 }
        @inline(__always) var longestBelow: Int { Int(truncatingIfNeeded: bits >> 34) & 63 }
        @inline(__always) var firstEdge: Int { Int(truncatingIfNeeded: bits >> 40) }

        /// The edge for `letterBit`, one of the bits of `childLetters`.
        @inline(__always)
        func edge(_ letterBit: UInt32) -> Int {
            firstEdge &+ (childLetters & (letterBit &- 1)).nonzeroBitCount
        }
    }

    private let states: UnsafeRawPointer
    private let edges: UnsafeRawPointer
    private let targetMask: UInt64
    private let stateBits: UInt64
    /// The bits of an edge's `edgeWidth` bytes, out of the eight loaded.
    private let edgeMask: UInt64
    private let edgeWidth: Int
    let stateCount: Int

    /// Reads the automaton from a pack's STAT and EDGE sections; `checked` walks every state
    /// and edge (a pack from outside), else only the sizes are checked (a pack built in).
    init(
        states: UnsafeRawBufferPointer, edges: UnsafeRawBufferPointer, stateCount: Int, edgeCount: Int,
        stateBits: Int, edgeWidth: Int, wordCount: Int, checked: Bool
    ) throws(StoryKitError) {
        func refuse(_ reason: String) -> StoryKitError { StoryKitError(.parse, "language pack: \(reason)") }
        guard stateCount > 0, stateCount < 1 << 32, states.count == stateCount * 8, (1...32).contains(stateBits),
            1 << stateBits >= stateCount, (1...8).contains(edgeWidth), edgeWidth * 8 >= stateBits,
            edgeCount < 1 << 24, edges.count == edgeCount * edgeWidth + 8 - edgeWidth
        else {
            throw refuse("the word automaton's sizes do not agree")
        }
        self.states = states.baseAddress!
        self.edges = edges.baseAddress!
        self.stateBits = UInt64(stateBits)
        targetMask = (1 << UInt64(stateBits)) - 1
        edgeMask = edgeWidth == 8 ? ~0 : (1 << UInt64(edgeWidth * 8)) - 1
        self.edgeWidth = edgeWidth
        self.stateCount = stateCount
        if checked { try check(edgeCount: edgeCount, wordCount: wordCount) }
    }

    @inline(__always)
    func state(_ index: Int) -> State {
        State(bits: UInt64(littleEndian: states.loadUnaligned(fromByteOffset: index &* 8, as: UInt64.self)))
    }

    /// The target state of `edge` and how many words of its source come before the target's.
    @inline(__always)
    func edge(_ edge: Int) -> (target: Int, wordsBefore: Int) {
        let value = UInt64(littleEndian: edges.loadUnaligned(fromByteOffset: edge &* edgeWidth, as: UInt64.self))
        return (Int(truncatingIfNeeded: value & targetMask), Int(truncatingIfNeeded: (value & edgeMask) >> stateBits))
    }

    /// Checks every state and edge against what the automaton's shape implies: edges in
    /// range, no cycle, word numbers, and the fewest and most letters below each state.
    private func check(edgeCount: Int, wordCount: Int) throws(StoryKitError) {
        func refuse(_ reason: String) -> StoryKitError { StoryKitError(.parse, "language pack: \(reason)") }
        var nextEdge = 0
        for index in 0..<stateCount {
            let state = state(index)
            guard state.bits >> 40 == UInt64(nextEdge), state.isWord || !state.isSuggested else {
                throw refuse("state \(index) is malformed")
            }
            nextEdge += state.childLetters.nonzeroBitCount
            guard nextEdge <= edgeCount, state.isWord || state.childLetters != 0 || index == 0 else {
                throw refuse("state \(index) is malformed")
            }
        }
        guard nextEdge == edgeCount else { throw refuse("the states use \(nextEdge) of \(edgeCount) edges") }
        for edge in 0..<edgeCount where self.edge(edge).target >= stateCount {
            throw refuse("edge \(edge) leads outside the automaton")
        }
        // Depth first from the root: a state is summed once all below it are (post-order),
        // and an edge back to a state still on the path is a cycle.
        var wordsBelow = [Int](repeating: -1, count: stateCount)
        var onPath = [Bool](repeating: false, count: stateCount)
        var path: [(state: Int, edge: Int)] = [(0, state(0).firstEdge)]
        onPath[0] = true
        while let (index, edge) = path.last {
            let state = state(index), end = state.firstEdge + state.childLetters.nonzeroBitCount
            if edge < end {
                path[path.count - 1].edge += 1
                let target = self.edge(edge).target
                guard !onPath[target] else { throw refuse("the automaton has a cycle through state \(target)") }
                if wordsBelow[target] < 0 {
                    onPath[target] = true
                    path.append((target, self.state(target).firstEdge))
                }
                continue
            }
            var words = state.isWord ? 1 : 0, shortest = state.isWord ? 0 : Int.max, longest = 0
            for edge in state.firstEdge..<end {
                let (target, before) = self.edge(edge)
                guard before == words else { throw refuse("edge \(edge) is malformed") }
                words += wordsBelow[target]
                shortest = min(shortest, self.state(target).shortestBelow + 1)
                longest = max(longest, self.state(target).longestBelow + 1)
            }
            guard words <= wordCount, shortest == state.shortestBelow || (shortest == .max && index == 0),
                longest == state.longestBelow
            else { throw refuse("state \(index) is malformed") }
            wordsBelow[index] = words
            onPath[index] = false
            path.removeLast()
        }
        guard wordsBelow[0] == wordCount else {
            throw refuse("the automaton holds \(wordsBelow[0]) words, META says \(wordCount)")
        }
    }
}

extension WordAutomaton {
    /// The number of `word` (lower-case ASCII bytes) and whether it may be suggested, when it
    /// is a word.
    func find(_ word: some Collection<UInt8>) -> (index: Int, isSuggested: Bool)? {
        var current = state(0), index = 0
        for letter in word {
            guard letter.isASCIILowercase else { return nil }
            let bit: UInt32 = 1 << UInt32(letter &- UInt8(ascii: "a"))
            guard current.childLetters & bit != 0 else { return nil }
            let (target, before) = edge(current.edge(bit))
            index &+= before
            current = state(target)
        }
        return current.isWord ? (index, current.isSuggested) : nil
    }

    /// The letters of word number `index`: down from the root, along the last edge whose
    /// words start at or before it (a binary search: a state's edges count their words in
    /// increasing order).
    func letters(ofWord index: Int) -> String {
        // A word has at most 63 letters (the states' 6-bit depths); 15 or fewer make a string
        // with no allocation.
        String(unsafeUninitializedCapacity: state(0).longestBelow) { buffer in
            var count = 0, current = state(0), base = 0
            while !(current.isWord && base == index) {
                let first = current.firstEdge, edges = current.childLetters.nonzeroBitCount
                guard edges > 0 else { preconditionFailure("word \(index) is not in the automaton") }
                // The last edge whose words start at or before `index`.
                var low = 0, high = edges - 1
                while low < high {
                    let middle = (low + high + 1) / 2
                    if base + edge(first + middle).wordsBefore <= index { low = middle } else { high = middle - 1 }
                }
                let (target, before) = edge(first + low)
                precondition(base + before <= index && count < buffer.count, "word \(index) is not in the automaton")
                // The letter of the low-th edge: the state's low-th letter bit.
                var letters = current.childLetters
                for _ in 0..<low { letters &= letters &- 1 }
                buffer[count] = UInt8(ascii: "a") + UInt8(letters.trailingZeroBitCount)
                count += 1
                base += before
                current = state(target)
            }
            return count
        }
    }
}
