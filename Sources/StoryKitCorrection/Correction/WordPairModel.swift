/// How likely a word is after the word before it: a back-off bigram model, so that "the
/// forest" beats "the first" once the next word is "was dark", and a pair never listed still
/// has a chance.
///
/// P(word | previous) is the listed probability when the model lists the pair, and otherwise
/// the previous word's back-off weight times the word's own frequency in the lexicon. The
/// English pairs come from a general US English language model (see
/// `scripts/generate-word-frequencies.py`), the other languages' from books and CC0 sentences
/// (`scripts/generate-language-packs.py`).
final class WordPairModel: Sendable {
    let lexicon: WordLexicon
    /// The pack's pairs; nil for a language without them.
    private let table: WordPairTable?
    /// log10 P(second | first) of each pair step, and log10 of each back-off step's weight.
    private let conditionalByStep: [Float]
    private let backoffByStep: [Float]

    /// The English model, read from the pack built into the library.
    static var english: WordPairModel { LanguageWordList.english.pairs }

    /// The model of `lexicon`'s pack: its pairs when it has them, else the words' own frequencies.
    init(lexicon: WordLexicon) {
        self.lexicon = lexicon
        let table = lexicon.pack.pairTable
        self.table = table
        let steps = Float(lexicon.pack.stepsPerDecade), offset = Float(table?.backoffOffset ?? 0)
        conditionalByStep = (0..<(1 << WordPairTable.bucketBits)).map { -Float($0) / steps }
        backoffByStep = (0..<256).map { Float($0) / steps - offset }
    }

    /// Whether the model has word pairs; a model without them is the words' frequencies alone.
    var hasPairs: Bool { (table?.pairCount ?? 0) > 0 }

    /// log10 P(`word` | `previous`), both lexicon indices; a negative `previous` stands for no
    /// previous word or one outside the lexicon, where only `word`'s own frequency counts, as
    /// it does everywhere in a model without pairs.
    func logProbability(of word: Int32, after previous: Int32) -> Float {
        guard previous >= 0, let table, table.pairCount > 0 else { return lexicon.logProbability[Int(word)] }
        if let entry = table.find(first: Int(previous), second: Int(word)) {
            return conditionalByStep[Int(table.entry(entry).bucket)]
        }
        return lexicon.logProbability[Int(word)] + backoffByStep[Int(table.backoff(Int(previous)))]
    }
}
