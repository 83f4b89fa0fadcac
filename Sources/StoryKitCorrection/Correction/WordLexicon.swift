/// A language's words with their log10 probabilities, read in place from its pack
/// (`WordPack`): the automaton the corrector searches with the typo cost model, a count step
/// per word, and the spellings of the words written with more than their letters.
final class WordLexicon: Sendable {
    let pack: WordPack
    /// The words, by index (alphabetical order of their letters); where spellings with
    /// diacritics share the letters, the commonest.
    let words: Words
    /// log10 of each word's relative frequency, by index.
    let logProbability: LogProbabilities

    /// The English lexicon, read from the pack built into the library.
    static var english: WordLexicon { LanguageWordList.english.lexicon }

    init(pack: WordPack) {
        self.pack = pack
        words = Words(pack: pack)
        // The counts the steps stand for, summed in step order: the total the probabilities divide by.
        var wordsPerBucket = [Int](repeating: 0, count: 256)
        for bucket in pack.buckets { wordsPerBucket[Int(bucket)] += 1 }
        let steps = Double(pack.stepsPerDecade)
        let total = wordsPerBucket.indices.reduce(0.0) { $0 + Double(wordsPerBucket[$1]) * decimalPower(Double($1) / steps) }
        logProbability = LogProbabilities(buckets: pack.buckets, stepsPerDecade: Float(pack.stepsPerDecade),
                                          logTotal: Float(decimalLogarithm(total)))
    }

    /// The words of a lexicon by index, spelt out from the automaton when asked for.
    struct Words: RandomAccessCollection, Sendable {
        let pack: WordPack

        var startIndex: Int { 0 }
        var endIndex: Int { pack.wordCount }

        /// Word `index`, as written (its commonest spelling).
        subscript(index: Int) -> String {
            if let spelling = pack.spellings(of: index).first { return spelling }
            return String(decoding: pack.automaton.letters(ofWord: index), as: UTF8.self)
        }
    }

    /// Each word's log10 probability, from its count step: step / steps per decade, less the
    /// log10 of the total count.
    struct LogProbabilities: RandomAccessCollection, @unchecked Sendable {
        // @unchecked: a view of a `WordPack`'s bytes, which the lexicon keeps.
        let buckets: UnsafeBufferPointer<UInt8>
        let stepsPerDecade: Float
        let logTotal: Float

        var startIndex: Int { 0 }
        var endIndex: Int { buckets.count }

        @inline(__always)
        subscript(index: Int) -> Float { Float(buckets[index]) / stepsPerDecade - logTotal }
    }

    /// Whether `spelling` (lower case) is how word `index` is written, with its diacritics
    /// (a German noun's capital aside).
    func isSpelling(_ spelling: String, of index: Int) -> Bool {
        let written = pack.spellings(of: index)
        guard !written.isEmpty else { return words[index] == spelling }
        return written.contains { $0 == spelling || $0.lowercased() == spelling }
    }

    /// The spellings of word `index`, commonest first.
    func spellings(of index: Int) -> [String] {
        let written = pack.spellings(of: index)
        return written.isEmpty ? [words[index]] : written
    }

    /// The index of `word` (lower-case ASCII bytes), or `nil`.
    func index(of word: some Collection<UInt8>) -> Int? {
        pack.automaton.find(word).map(\.index)
    }

    /// The index of `word` when the corrector may offer it in place of what was typed.
    func suggestibleIndex(of word: some Collection<UInt8>) -> Int? {
        pack.automaton.find(word).flatMap { $0.isSuggested ? $0.index : nil }
    }
}
