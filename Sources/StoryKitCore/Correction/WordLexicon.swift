/// A language's words with their log10 probabilities, held in a trie that the corrector
/// searches with the typo cost model. Built once per process from the embedded resource.
final class WordLexicon: Sendable {
    /// The words, by index.
    let words: [String]
    /// log10 of each word's relative frequency.
    let logProbability: [Float]
    // The trie: node 0 is the root; children are a linked list through `nextSibling`.
    private let label: [UInt8]
    private let firstChild: [Int32]
    private let nextSibling: [Int32]
    private let wordAtNode: [Int32]

    /// The English lexicon, parsed on first use.
    static let english = WordLexicon(resource: EnglishWordFrequencies.text,
                                      firstCharacter: EnglishWordFrequencies.firstCharacter,
                                      stepsPerDecade: EnglishWordFrequencies.stepsPerDecade)

    init(resource: String, firstCharacter: UInt8, stepsPerDecade: Int) {
        var words: [String] = []
        var logCounts: [Float] = []
        var label: [UInt8] = [0]
        var firstChild: [Int32] = [-1]
        var nextSibling: [Int32] = [-1]
        var wordAtNode: [Int32] = [-1]
        var total: Double = 0
        for line in resource.utf8.split(separator: 0x0A) {
            guard line.count >= 2 else { continue }
            let exponent = Double(Int(line[line.startIndex]) - Int(firstCharacter)) / Double(stepsPerDecade)
            let logCount = Float(exponent)
            total += decimalPower(exponent)
            let letters = line.dropFirst()
            var node: Int32 = 0
            for letter in letters {
                var child = firstChild[Int(node)]
                while child >= 0, label[Int(child)] != letter { child = nextSibling[Int(child)] }
                if child < 0 {
                    child = Int32(label.count)
                    label.append(letter)
                    firstChild.append(-1)
                    nextSibling.append(firstChild[Int(node)])
                    wordAtNode.append(-1)
                    firstChild[Int(node)] = child
                }
                node = child
            }
            if wordAtNode[Int(node)] < 0 {
                wordAtNode[Int(node)] = Int32(words.count)
                words.append(String(decoding: letters, as: UTF8.self))
                logCounts.append(logCount)
            }
        }
        let logTotal = Float(decimalLogarithm(total))
        self.words = words
        self.logProbability = logCounts.map { $0 - logTotal }
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
            while child >= 0, label[Int(child)] != letter { child = nextSibling[Int(child)] }
            guard child >= 0 else { return nil }
            node = child
        }
        let index = wordAtNode[Int(node)]
        return index >= 0 ? Int(index) : nil
    }

    /// A word within reach of what was typed, with the cost of the slips between them.
    struct Candidate: Sendable, Hashable {
        var word: Int
        var cost: Float
    }

    /// Every word whose typo cost from `typed` (lower-case ASCII) is at most `maxCost`: a
    /// depth-first walk of the trie carrying one row of a weighted Damerau-Levenshtein table
    /// per depth, abandoning a branch once every cell of its row is over `maxCost`.
    func candidates(for typed: [UInt8], maxCost: Float, model: TypoCostModel) -> [Candidate] {
        let width = typed.count + 1
        let maxDepth = typed.count + Int(maxCost / TypoCostModel.droppedDoubleLetter) + 1
        var rows = [Float](repeating: 0, count: width * (maxDepth + 1))
        var path = [UInt8](repeating: 0, count: maxDepth + 1)
        // Row 0: the typed letters are all extra presses before the word starts.
        for j in 1..<width {
            rows[j] = rows[j - 1] + model.extra(typed[j - 1], after: j >= 2 ? typed[j - 2] : 0, intended: 0)
        }
        var found: [Candidate] = []
        var stack: [(node: Int32, depth: Int)] = []
        var child = firstChild[0]
        while child >= 0 {
            stack.append((child, 1))
            child = nextSibling[Int(child)]
        }
        while let (node, depth) = stack.popLast() {
            let letter = label[Int(node)]
            path[depth] = letter
            let previousLetter = depth >= 2 ? path[depth - 1] : 0
            let row = depth * width, above = (depth - 1) * width
            rows[row] = rows[above] + model.dropped(letter, after: previousLetter)
            var smallest = rows[row]
            for j in 1..<width {
                let typedLetter = typed[j - 1]
                var cost = rows[above + j - 1] + model.substitute(letter, with: typedLetter)
                cost = min(cost, rows[above + j] + model.dropped(letter, after: previousLetter))
                cost = min(cost, rows[row + j - 1] + model.extra(typedLetter, after: j >= 2 ? typed[j - 2] : 0, intended: letter))
                if depth >= 2, j >= 2, letter == typed[j - 2], previousLetter == typedLetter, letter != previousLetter {
                    cost = min(cost, rows[(depth - 2) * width + j - 2] + TypoCostModel.swappedLetters)
                }
                rows[row + j] = cost
                smallest = min(smallest, cost)
            }
            let word = wordAtNode[Int(node)]
            if word >= 0, rows[row + width - 1] <= maxCost {
                found.append(Candidate(word: Int(word), cost: rows[row + width - 1]))
            }
            guard smallest <= maxCost, depth < maxDepth else { continue }
            var next = firstChild[Int(node)]
            while next >= 0 {
                stack.append((next, depth + 1))
                next = nextSibling[Int(next)]
            }
        }
        return found
    }
}
