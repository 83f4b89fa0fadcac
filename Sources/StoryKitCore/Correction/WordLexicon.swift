/// A language's words with their log10 probabilities, held in a trie that the corrector
/// searches with the typo cost model. Built once per process from the embedded resource.
final class WordLexicon: Sendable {
    /// The words, by index (alphabetical order).
    let words: [String]
    /// log10 of each word's relative frequency.
    let logProbability: [Float]
    /// Each word's corpus count, in the resource's log10 steps (for the pair model).
    let countBucket: [UInt8]
    /// Sum of all counts.
    let totalCount: Double
    // The trie: node 0 is the root; nodes are in preorder and children, in alphabetical
    // order, are a linked list through `nextSibling`.
    private let label: [UInt8]
    private let firstChild: [Int32]
    private let nextSibling: [Int32]
    private let wordAtNode: [Int32]

    /// The English lexicon, parsed on first use.
    static let english = WordLexicon(
        frontCoded: EnglishWordFrequencies.text, count: EnglishWordFrequencies.count,
        prefixBase: EnglishWordFrequencies.prefixBase, bucketBase: EnglishWordFrequencies.bucketBase,
        stepsPerDecade: EnglishWordFrequencies.stepsPerDecade)

    /// Parses the front-coded word list (see `EnglishWordFrequencies`): being alphabetical,
    /// each word's new trie nodes hang below the previous word's path, so building costs one
    /// step per stored letter and no search.
    init(frontCoded resource: String, count: Int, prefixBase: UInt8, bucketBase: UInt8, stepsPerDecade: Int) {
        var resource = resource
        var words: [String] = [], buckets: [UInt8] = []
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
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
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
                words.append(String(decoding: letters, as: UTF8.self))
                buckets.append(bucket)
                position = end + 1
            }
        }
        precondition(words.count == count, "embedded word list has \(words.count) words, expected \(count)")
        var bucketPower = [Double](repeating: 0, count: 256)
        var wordsPerBucket = [Int](repeating: 0, count: 256)
        for bucket in buckets { wordsPerBucket[Int(bucket)] += 1 }
        var total: Double = 0
        for bucket in 0..<256 {
            bucketPower[bucket] = decimalPower(Double(bucket) / Double(stepsPerDecade))
            total += Double(wordsPerBucket[bucket]) * bucketPower[bucket]
        }
        let logTotal = Float(decimalLogarithm(total))
        self.words = words
        self.countBucket = buckets
        self.totalCount = total
        self.logProbability = buckets.map { Float($0) / Float(stepsPerDecade) - logTotal }
        self.label = label
        self.firstChild = firstChild
        self.nextSibling = nextSibling
        self.wordAtNode = wordAtNode
    }

    /// The index of `word` (lower-case ASCII bytes), or `nil`.
    func index(of word: some Collection<UInt8>) -> Int? {
        var node: Int32 = 0
        for letter in word {
            var child = firstChild[Int(node)]
            while child >= 0, label[Int(child)] < letter { child = nextSibling[Int(child)] }
            guard child >= 0, label[Int(child)] == letter else { return nil }
            node = child
        }
        let index = wordAtNode[Int(node)]
        return index >= 0 ? Int(index) : nil
    }

    /// Runs `body` with the trie's arrays, for the candidate search.
    func withTrie<Result>(_ body: (TrieView) -> Result) -> Result {
        label.withUnsafeBufferPointer { label in
            firstChild.withUnsafeBufferPointer { firstChild in
                nextSibling.withUnsafeBufferPointer { nextSibling in
                    wordAtNode.withUnsafeBufferPointer { wordAtNode in
                        body(TrieView(label: label, firstChild: firstChild, nextSibling: nextSibling, wordAtNode: wordAtNode))
                    }
                }
            }
        }
    }

    /// The trie's arrays, borrowed for the length of a search.
    struct TrieView {
        let label: UnsafeBufferPointer<UInt8>
        let firstChild: UnsafeBufferPointer<Int32>
        let nextSibling: UnsafeBufferPointer<Int32>
        let wordAtNode: UnsafeBufferPointer<Int32>
    }
}
