/// One word's British and American spellings ("colour" and "color"), as lexicon indices: both
/// are correct, so the corrector never reads one as a slip for the other, and the refined
/// version rewrites one into the other only when asked (`SpellingSystem`).
struct SpellingVariants: Sendable {
    /// By lexicon index: the other spelling's index, or -1.
    private let counterpart: [Int32]
    /// By lexicon index: whether the word is the British spelling of a pair.
    private let isBritish: [Bool]

    /// The English pairs, parsed on first use.
    static let english = SpellingVariants(pairs: EnglishSpellingVariants.text, lexicon: .english)

    /// Parses lines of "british american"; both words must be in `lexicon`.
    init(pairs: String, lexicon: WordLexicon) {
        var counterpart = [Int32](repeating: -1, count: lexicon.words.count)
        var isBritish = [Bool](repeating: false, count: lexicon.words.count)
        for line in pairs.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let british = lexicon.index(of: Array(parts[0].utf8)), let american = lexicon.index(of: Array(parts[1].utf8)) else {
                preconditionFailure("malformed embedded spelling pair \(line)")
            }
            counterpart[british] = Int32(american)
            counterpart[american] = Int32(british)
            isBritish[british] = true
        }
        self.counterpart = counterpart
        self.isBritish = isBritish
    }

    /// Whether `first` and `second` are one word's two spellings.
    func areVariants(_ first: Int, _ second: Int) -> Bool {
        counterpart[first] == Int32(second)
    }

    /// `word` as `system` spells it: its counterpart when `word` is the other system's spelling.
    func spelling(of word: Int, in system: SpellingSystem) -> Int {
        let other = counterpart[word]
        switch system {
        case .keep: return word
        case .american: return other >= 0 && isBritish[word] ? Int(other) : word
        case .british: return other >= 0 && !isBritish[word] ? Int(other) : word
        }
    }
}
