/// How likely a word is after the word before it: word-pair (bigram) counts mixed with the
/// lexicon's single-word frequencies, so that "the forest" beats "the first" once the next
/// word is "was dark", and a pair never seen still has a chance.
///
/// P(word | previous) = λ · count(previous word) / count(previous ·) + (1 − λ) · P(word), where
/// count(previous ·) is the larger of the listed pairs' total and the previous word's own count
/// scaled to the pair corpus (the list keeps only frequent pairs, so its total alone would
/// overrate the few pairs of a rare word).
final class WordPairModel: Sendable {
    /// Weight of the pair estimate against the single-word frequency.
    static let pairWeight: Double = 0.8

    let lexicon: WordLexicon
    /// Pairs of first word `w` are `second[start[w] ..< start[w + 1]]`, sorted.
    private let start: [Int32]
    private let second: [Int32]
    /// log10 P(second | first) for each listed pair.
    private let logConditional: [Float]
    private let logUnlistedWeight = Float(decimalLogarithm(1 - pairWeight))

    /// The English model, parsed on first use.
    static let english = WordPairModel(
        lexicon: .english, resource: EnglishWordPairs.text, count: EnglishWordPairs.count,
        bucketBase: EnglishWordPairs.bucketBase, indexBase: EnglishWordPairs.indexBase,
        indexDigits: EnglishWordPairs.indexDigits, stepsPerDecade: EnglishWordPairs.stepsPerDecade)

    /// A model without pairs: each word's own frequency, whatever comes before it.
    convenience init(unpaired lexicon: WordLexicon) {
        self.init(lexicon: lexicon, resource: "", count: 0, bucketBase: 0, indexBase: 0, indexDigits: 1, stepsPerDecade: 8)
    }

    /// Parses the pair list (see `EnglishWordPairs`): lines of a first word's index followed by
    /// (count character, second word's index) entries, first words in increasing order.
    init(lexicon: WordLexicon, resource: String, count: Int, bucketBase: UInt8, indexBase: UInt8, indexDigits: Int, stepsPerDecade: Int) {
        self.lexicon = lexicon
        let wordCount = lexicon.words.count
        var start = [Int32](repeating: 0, count: wordCount + 1)
        var second: [Int32] = [], buckets: [UInt8] = []
        second.reserveCapacity(count)
        buckets.reserveCapacity(count)
        var firstOf: [Int32] = []
        firstOf.reserveCapacity(count)
        var resource = resource
        resource.withUTF8 { bytes in
            func index(at position: Int) -> Int32 {
                var value: Int32 = 0
                for offset in 0..<indexDigits { value = value << 6 | Int32(bytes[position + offset] &- indexBase) }
                return value
            }
            var position = 0
            while position + indexDigits <= bytes.count {
                let first = index(at: position)
                position += indexDigits
                while position + 1 + indexDigits <= bytes.count, bytes[position] != 0x0A {
                    buckets.append(bytes[position] &- bucketBase)
                    second.append(index(at: position + 1))
                    firstOf.append(first)
                    position += 1 + indexDigits
                }
                position += 1
            }
        }
        precondition(second.count == count && firstOf.allSatisfy { $0 < wordCount } && second.allSatisfy { $0 < wordCount },
                     "malformed embedded word pair list")
        for first in firstOf { start[Int(first) + 1] += 1 }
        for word in 0..<wordCount { start[word + 1] += start[word] }

        let bucketPower = WordLexicon.bucketCounts(stepsPerDecade: stepsPerDecade)
        var pairTotal: Double = 0
        var listedTotal = [Double](repeating: 0, count: wordCount)
        for (first, bucket) in zip(firstOf, buckets) {
            pairTotal += bucketPower[Int(bucket)]
            listedTotal[Int(first)] += bucketPower[Int(bucket)]
        }
        let scale = pairTotal / lexicon.totalCount
        var logConditional = [Float](repeating: 0, count: count)
        for pair in 0..<count {
            let first = Int(firstOf[pair]), word = Int(second[pair])
            let firstCount = max(listedTotal[first], scale * lexicon.count(of: first))
            let single = lexicon.count(of: word) / lexicon.totalCount
            let probability = Self.pairWeight * bucketPower[Int(buckets[pair])] / firstCount + (1 - Self.pairWeight) * single
            logConditional[pair] = Float(decimalLogarithm(probability))
        }
        self.start = start
        self.second = second
        self.logConditional = logConditional
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
        if low < Int(start[Int(previous) + 1]), second[low] == word { return logConditional[low] }
        return lexicon.logProbability[Int(word)] + logUnlistedWeight
    }
}
