/// A language's words with their log10 probabilities, held in a trie that the corrector
/// searches with the typo cost model. Built once per process from the embedded resource.
final class WordLexicon: Sendable {
    /// The words, by index (alphabetical order of their letters); where spellings with
    /// diacritics share the letters, the commonest.
    let words: [String]
    /// By index, the spellings that share a word's letters, commonest first, for the words
    /// whose spelling differs from their letters (`möchte`, `mochte`; `sí`, `si`).
    private let spellings: [Int: [String]]
    /// log10 of each word's relative frequency.
    let logProbability: [Float]
    /// The trie in breadth-first order: node 0 is the root, and the children of node `n` are
    /// side by side in memory from `nodes[n].childStart`, one per letter of
    /// `nodes[n].childLetters`, in alphabetical order.
    private let nodes: [TrieNode]
    /// The word that ends at each node, or -1; apart from the nodes, as a search reads it
    /// only for the few words within reach.
    private let wordAtNode: [Int32]

    /// The English lexicon, parsed on first use.
    static let english = WordLexicon(
        frontCoded: EnglishWordFrequencies.text, count: EnglishWordFrequencies.count,
        prefixBase: EnglishWordFrequencies.prefixBase, bucketBase: EnglishWordFrequencies.bucketBase,
        stepsPerDecade: EnglishWordFrequencies.stepsPerDecade, neverSuggested: NeverSuggestedWords.english)

    /// Parses the front-coded word list (see `EnglishWordFrequencies`): being alphabetical,
    /// each word's new trie nodes hang below the previous word's path, so building costs one
    /// step per stored letter and no search.
    init(frontCoded resource: String, count: Int, prefixBase: UInt8, bucketBase: UInt8, stepsPerDecade: Int, neverSuggested: [String]) {
        var resource = resource
        var words: [String] = [], buckets: [UInt8] = []
        var spellings: [Int: [String]] = [:]
        words.reserveCapacity(count)
        buckets.reserveCapacity(count)
        var label: [UInt8] = [0], firstChild: [Int32] = [-1], nextSibling: [Int32] = [-1], wordAtNode: [Int32] = [-1]
        resource.withUTF8 { bytes in
            var path: [Int32] = [0]  // path[d]: the previous word's node at depth d
            var letters: [UInt8] = []
            var position = 0
            while position + 2 <= bytes.count {
                let shared = Int(bytes[position]) - Int(prefixBase)
                let bucket = bytes[position + 1] &- bucketBase
                var end = position + 2
                while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x09 { end += 1 }
                // A tab: the spellings that fold to these letters, to the end of the line.
                var lineEnd = end
                while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
                guard shared >= 0, shared <= letters.count, end > position + 2 else {
                    preconditionFailure("malformed embedded word list near byte \(position)")
                }
                // Words come in alphabetical order, so the previous word's node below the shared
                // prefix, if any, is the last child so far of the node the new letters hang from.
                var previousSibling: Int32 = path.count > shared + 1 ? path[shared + 1] : -1
                letters.removeSubrange(shared...)
                path.removeSubrange((shared + 1)...)
                for index in (position + 2)..<end {
                    let node = Int32(label.count)
                    label.append(bytes[index])
                    firstChild.append(-1)
                    nextSibling.append(-1)
                    wordAtNode.append(-1)
                    if previousSibling >= 0 {
                        nextSibling[Int(previousSibling)] = node
                        previousSibling = -1
                    } else {
                        firstChild[Int(path[path.count - 1])] = node
                    }
                    path.append(node)
                    letters.append(bytes[index])
                }
                wordAtNode[Int(path[path.count - 1])] = Int32(words.count)
                if lineEnd > end + 1 {
                    let written = bytes[(end + 1)..<lineEnd].split(separator: UInt8(ascii: "|")).map { String(decoding: $0, as: UTF8.self) }
                    spellings[words.count] = written
                    words.append(written[0])
                } else {
                    words.append(String(decoding: letters, as: UTF8.self))
                }
                buckets.append(bucket)
                position = lineEnd + 1
            }
        }
        precondition(words.count == count, "embedded word list has \(words.count) words, expected \(count)")
        let bucketCount = Self.bucketCounts(stepsPerDecade: stepsPerDecade)
        var wordsPerBucket = [Int](repeating: 0, count: 256)
        for bucket in buckets { wordsPerBucket[Int(bucket)] += 1 }
        let total = zip(wordsPerBucket, bucketCount).reduce(0) { $0 + Double($1.0) * $1.1 }
        let logTotal = Float(decimalLogarithm(total))
        self.words = words
        self.spellings = spellings
        self.logProbability = buckets.map { Float($0) / Float(stepsPerDecade) - logTotal }
        // Renumber breadth-first so that each node's children are contiguous.
        var order: [Int32] = [0]
        order.reserveCapacity(label.count)
        var childStart = [Int32](repeating: 0, count: label.count + 1)
        var cursor = 0
        while cursor < order.count {
            childStart[cursor] = Int32(order.count)
            var child = firstChild[Int(order[cursor])]
            while child >= 0 {
                order.append(child)
                child = nextSibling[Int(child)]
            }
            cursor += 1
        }
        childStart[order.count] = Int32(order.count)
        let wordInOrder = order.map { wordAtNode[Int($0)] }
        var nodes = order.indices.map { position in
            TrieNode(childStart: childStart[position], childLetters: 0, shortestBelow: 0, longestBelow: 0,
                     isWord: wordInOrder[position] >= 0, isSuggested: true)
        }
        // Children come after their parent, so a reverse sweep sees every child first.
        for node in order.indices.reversed() {
            var children: UInt32 = 0, shortest = UInt8.max, longest: UInt8 = 0
            for child in Int(childStart[node])..<Int(childStart[node + 1]) {
                let letter = label[Int(order[child])]
                precondition(letter.isASCIILowercase, "embedded word list has a word with a byte outside a-z")
                children |= 1 << UInt32(letter - UInt8(ascii: "a"))
                shortest = min(shortest, nodes[child].shortestBelow + 1)
                longest = max(longest, nodes[child].longestBelow + 1)
            }
            nodes[node].childLetters = children
            nodes[node].shortestBelow = nodes[node].isWord ? 0 : shortest
            nodes[node].longestBelow = longest
        }
        for word in neverSuggested {
            if let node = Self.node(of: word.utf8, in: nodes) { nodes[node].isSuggested = false }
        }
        self.nodes = nodes
        self.wordAtNode = wordInOrder
    }

    /// The count that each one-byte step of a resource stands for: step `b` is
    /// 10^(b / `stepsPerDecade`).
    private static func bucketCounts(stepsPerDecade: Int) -> [Double] {
        (0..<256).map { decimalPower(Double($0) / Double(stepsPerDecade)) }
    }

    /// Whether `spelling` (lower case) is how word `index` is written, with its diacritics
    /// (a German noun's capital aside).
    func isSpelling(_ spelling: String, of index: Int) -> Bool {
        guard let written = spellings[index] else { return words[index] == spelling }
        return written.contains { $0 == spelling || $0.lowercased() == spelling }
    }

    /// The spellings of word `index`, commonest first.
    func spellings(of index: Int) -> [String] { spellings[index] ?? [words[index]] }

    /// The index of `word` (lower-case ASCII bytes), or `nil`.
    func index(of word: some Collection<UInt8>) -> Int? {
        Self.node(of: word, in: nodes).map { Int(wordAtNode[$0]) }
    }

    /// The index of `word` when the corrector may offer it in place of what was typed.
    func suggestibleIndex(of word: some Collection<UInt8>) -> Int? {
        Self.node(of: word, in: nodes).flatMap { nodes[$0].isSuggested ? Int(wordAtNode[$0]) : nil }
    }

    /// The node of `nodes` where `word` ends, when it is a word.
    private static func node(of word: some Collection<UInt8>, in nodes: [TrieNode]) -> Int? {
        var node = 0
        for letter in word {
            guard letter.isASCIILowercase else { return nil }
            let bit: UInt32 = 1 << UInt32(letter - UInt8(ascii: "a"))
            guard nodes[node].childLetters & bit != 0 else { return nil }
            node = nodes[node].child(bit)
        }
        return nodes[node].isWord ? node : nil
    }

    /// Runs `body` with the trie's nodes and the word at each node, for the candidate search.
    func withTrie<Result>(_ body: (UnsafeBufferPointer<TrieNode>, UnsafeBufferPointer<Int32>) -> Result) -> Result {
        nodes.withUnsafeBufferPointer { nodes in
            wordAtNode.withUnsafeBufferPointer { words in body(nodes, words) }
        }
    }

    /// One trie node, packed into 12 bytes so that a search reads all it needs of a node from
    /// one cache line (separate arrays per field cost a line each).
    struct TrieNode {
        /// The first child.
        var childStart: Int32
        /// The letters of the children (bit 0: `a`): which exist, and, counting the bits below
        /// a letter's, where its child is.
        var childLetters: UInt32
        /// How many more letters the shortest and the longest word through here have.
        var shortestBelow: UInt8
        var longestBelow: UInt8
        /// Whether a word ends here.
        var isWord: Bool
        /// Whether the word here may be offered as a reading (see `NeverSuggestedWords`).
        var isSuggested: Bool

        /// The child whose letter is `letterBit`, one of the bits of `childLetters`.
        @inline(__always)
        func child(_ letterBit: UInt32) -> Int {
            Int(childStart) + (childLetters & (letterBit &- 1)).nonzeroBitCount
        }
    }
}
