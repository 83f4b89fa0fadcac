/// A language's words with their log10 probabilities, read in place from its pack
/// (`WordPack`): the automaton the corrector searches with the typo cost model, a count step
/// per word, and the spellings of the words written with more than their letters.
final class WordLexicon: @unchecked Sendable {
    // @unchecked: `logProbabilityByStep` is written in `init` only and freed in `deinit`.
    let pack: WordPack
    /// The words, by index (alphabetical order of their letters); where spellings with
    /// diacritics share the letters, the commonest.
    let words: Words
    /// log10 of each word's relative frequency, by index.
    let logProbability: LogProbabilities
    /// The real-word neighbours found so far, cached with the lexicon so they die with it.
    let realWordNeighbours = RealWordNeighbours()
    /// The runs of three letters the words hold, worked out on first use: most texts never ask.
    var letterTrigrams: LetterTrigrams {
        trigrams.withLock { known in
            if let known { return known }
            let found = LetterTrigrams(pack.automaton)
            known = found
            return found
        }
    }
    private let trigrams = LockedValue<LetterTrigrams?>(nil)

    /// The English lexicon, read from the pack built into the library.
    static var english: WordLexicon { LanguageWordList.english.lexicon }

    /// The log10 probability of each of the 256 count steps.
    private let logProbabilityByStep: UnsafeMutableBufferPointer<Float>

    init(pack: WordPack) {
        self.pack = pack
        words = Words(automaton: pack.automaton, spellings: pack.spellingTable, count: pack.wordCount)
        // The counts the steps stand for, summed in step order: the total the probabilities divide by.
        let steps = Double(pack.stepsPerDecade), wordsPerStep = pack.wordsPerStep
        let total = wordsPerStep.indices.reduce(0.0) {
            $0 + Double(wordsPerStep[$1]) * decimalPower(Double($1) / steps)
        }
        let logTotal = Float(decimalLogarithm(total))
        logProbabilityByStep = .allocate(capacity: 256)
        for step in 0..<256 { logProbabilityByStep[step] = Float(step) / Float(pack.stepsPerDecade) - logTotal }
        logProbability = LogProbabilities(buckets: pack.buckets, byStep: UnsafeBufferPointer(logProbabilityByStep))
    }

    deinit {
        logProbabilityByStep.deallocate()
    }

    /// The words of a lexicon by index, spelt out from the automaton when asked for.
    struct Words: RandomAccessCollection, Sendable {
        let automaton: WordAutomaton
        let spellings: SpellingTable?
        let count: Int

        var startIndex: Int { 0 }
        var endIndex: Int { count }

        /// Word `index`, as written (its commonest spelling).
        subscript(index: Int) -> String {
            if let spelling = spellings?.spellings(of: index, in: automaton).first { return spelling }
            return automaton.letters(ofWord: index)
        }
    }

    /// Each word's log10 probability, from its count step: step / steps per decade, less the
    /// log10 of the total count, looked up in a table of the 256 steps.
    struct LogProbabilities: RandomAccessCollection, @unchecked Sendable {
        // @unchecked: views of a `WordPack`'s bytes and of the lexicon's table, which the lexicon keeps.
        let buckets: UnsafeBufferPointer<UInt8>
        let byStep: UnsafeBufferPointer<Float>

        var startIndex: Int { 0 }
        var endIndex: Int { buckets.count }

        @inline(__always)
        subscript(index: Int) -> Float { byStep[Int(buckets[index])] }
    }

    /// Whether `spelling` (lower case) is how word `index` is written, with its diacritics
    /// (a German noun's capital aside), here or in a region of `regionalMarks`.
    func isSpelling(
        _ spelling: String, of index: Int, regionalMarks: [LanguagePack.Rules.RegionalMark] = []
    ) -> Bool {
        let written = pack.spellings(of: index)
        guard !written.isEmpty else { return words[index] == spelling }
        return written.contains {
            $0 == spelling || $0.lowercased() == spelling
                || isRegionalSpelling(spelling, of: $0.lowercased(), marks: regionalMarks)
        }
    }

    /// Whether `typed` is `listed` with some of its marks written as another region writes
    /// them (`tênis` for `ténis`), and nothing else changed.
    private func isRegionalSpelling(
        _ typed: String, of listed: String, marks: [LanguagePack.Rules.RegionalMark]
    ) -> Bool {
        guard !marks.isEmpty else { return false }
        let typedLetters = Array(typed.unicodeScalars)
        let listedLetters = Array(listed.unicodeScalars)
        guard typedLetters.count == listedLetters.count, typedLetters != listedLetters else { return false }
        for position in typedLetters.indices where typedLetters[position] != listedLetters[position] {
            let next = position + 1 < typedLetters.count ? typedLetters[position + 1] : nil
            let then = position + 2 < typedLetters.count ? typedLetters[position + 2] : nil
            let allowed = marks.contains {
                $0.allows(typed: typedLetters[position], listed: listedLetters[position], before: next, then: then)
            }
            guard allowed else { return false }
        }
        return true
    }

    /// The spellings of word `index`, commonest first.
    func spellings(of index: Int) -> [String] {
        let written = pack.spellings(of: index)
        return written.isEmpty ? [words[index]] : written
    }

    /// The spelling of word `index` that `typed` (lower case) writes with another mark on a
    /// letter where it has one, and differs from nowhere else (`règles` for `régles`); nil
    /// when there is none (`aiutò` beside `aiuto`: the list has no mark there at all).
    func spelling(of index: Int, markedWrongAs typed: String) -> String? {
        let letters = Array(typed.unicodeScalars)
        return spellings(of: index).first { spelling in
            let written = Array(spelling.lowercased().unicodeScalars)
            guard written.count == letters.count else { return false }
            var differs = false
            for (typedLetter, writtenLetter) in zip(letters, written) where typedLetter != writtenLetter {
                guard !typedLetter.isASCII, !writtenLetter.isASCII else { return false }
                differs = true
            }
            return differs
        }
    }

    /// The index of `word` (lower-case ASCII bytes), or `nil`.
    func index(of word: some Collection<UInt8>) -> Int? {
        pack.automaton.find(word).map { $0.index }
    }

    /// The index of `word` when the corrector may offer it in place of what was typed.
    func suggestibleIndex(of word: some Collection<UInt8>) -> Int? {
        pack.automaton.find(word).flatMap { $0.isSuggested ? $0.index : nil }
    }
}
