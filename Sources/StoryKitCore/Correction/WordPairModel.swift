/// How likely a word is after the word before it: a back-off bigram model, so that "the
/// forest" beats "the first" once the next word is "was dark", and a pair never listed still
/// has a chance.
///
/// P(word | previous) is the listed probability when the model lists the pair, and otherwise
/// the previous word's back-off weight times the word's own frequency in the lexicon. The
/// English pairs come from a general US English language model (`EnglishWordPairs`).
final class WordPairModel: Sendable {
    let lexicon: WordLexicon
    /// Pairs of first word `w` are `second[start[w] ..< start[w + 1]]`, sorted.
    private let start: [Int32]
    private let second: [Int32]
    /// -log10 P(second | first) of each listed pair, in steps of 1/`stepsPerDecade` decade:
    /// a byte where a `Float` would take four, for two million pairs.
    private let negatedLogConditional: [UInt8]
    private let stepsPerDecade: Float
    /// log10 of each word's back-off weight as a first word (0 for a word without pairs).
    private let logBackoff: [Float]

    /// The English model, parsed on first use.
    static let english = WordPairModel(
        lexicon: .english, resource: EnglishWordPairs.text, count: EnglishWordPairs.count,
        encoding: .init(bucketBase: EnglishWordPairs.bucketBase, backoffBase: EnglishWordPairs.backoffBase,
                        backoffOffset: EnglishWordPairs.backoffOffset, indexBase: EnglishWordPairs.indexBase,
                        indexDigits: EnglishWordPairs.indexDigits, stepsPerDecade: EnglishWordPairs.stepsPerDecade))

    /// How a pair list is written (see `EnglishWordPairs`).
    struct Encoding {
        var bucketBase: UInt8
        var backoffBase: UInt8
        var backoffOffset: Int
        var indexBase: UInt8
        var indexDigits: Int
        var stepsPerDecade: Int
    }

    /// A model without pairs: each word's own frequency, whatever comes before it.
    convenience init(unpaired lexicon: WordLexicon) {
        self.init(lexicon: lexicon, resource: "", count: 0,
                  encoding: .init(bucketBase: 0, backoffBase: 0, backoffOffset: 0, indexBase: 0, indexDigits: 1, stepsPerDecade: 8))
    }

    /// Parses the pair list (see `EnglishWordPairs`): lines of a first word's index and back-off
    /// weight followed by (probability character, second word's index) entries, first words in
    /// increasing order.
    init(lexicon: WordLexicon, resource: String, count: Int, encoding: Encoding) {
        self.lexicon = lexicon
        let wordCount = lexicon.words.count
        // A model without pairs keeps no per-word tables: a language pack's list has up to
        // 400,000 words.
        let firstWords = resource.isEmpty ? 0 : wordCount
        var start = [Int32](repeating: 0, count: firstWords + 1)
        var second: [Int32] = [], buckets: [UInt8] = []
        second.reserveCapacity(count)
        buckets.reserveCapacity(count)
        var logBackoff = [Float](repeating: 0, count: firstWords)
        var wellFormed = true
        var resource = resource
        resource.withUTF8 { bytes in
            let digits = encoding.indexDigits
            func index(at position: Int) -> Int32 {
                var value: Int32 = 0
                for offset in 0..<digits { value = value << 6 | Int32(bytes[position + offset] &- encoding.indexBase) }
                return value
            }
            var position = 0
            while position + digits + 1 <= bytes.count {
                let first = Int(index(at: position))
                guard first < wordCount else { wellFormed = false; return }
                position += digits
                logBackoff[first] = Float(Int(bytes[position] &- encoding.backoffBase)) / Float(encoding.stepsPerDecade)
                    - Float(encoding.backoffOffset)
                position += 1
                while position + 1 + digits <= bytes.count, bytes[position] != 0x0A {
                    buckets.append(bytes[position] &- encoding.bucketBase)
                    second.append(index(at: position + 1))
                    start[first + 1] += 1
                    position += 1 + digits
                }
                position += 1
            }
        }
        precondition(wellFormed && second.count == count && second.allSatisfy { $0 < wordCount },
                     "malformed embedded word pair list")
        for word in 0..<firstWords { start[word + 1] += start[word] }
        self.start = start
        self.second = second
        self.negatedLogConditional = buckets
        self.stepsPerDecade = Float(encoding.stepsPerDecade)
        self.logBackoff = logBackoff
    }

    /// Whether the model has word pairs (English); the other languages' models are the words'
    /// frequencies alone.
    var hasPairs: Bool { !second.isEmpty }

    /// log10 P(`word` | `previous`), both lexicon indices; a negative `previous` stands for no
    /// previous word or one outside the lexicon, where only `word`'s own frequency counts, as
    /// it does everywhere in a model without pairs.
    func logProbability(of word: Int32, after previous: Int32) -> Float {
        guard previous >= 0, hasPairs else { return lexicon.logProbability[Int(word)] }
        var low = Int(start[Int(previous)]), high = Int(start[Int(previous) + 1])
        while low < high {
            let middle = (low + high) / 2
            if second[middle] < word { low = middle + 1 } else { high = middle }
        }
        if low < Int(start[Int(previous) + 1]), second[low] == word { return -Float(negatedLogConditional[low]) / stepsPerDecade }
        return lexicon.logProbability[Int(word)] + logBackoff[Int(previous)]
    }
}
