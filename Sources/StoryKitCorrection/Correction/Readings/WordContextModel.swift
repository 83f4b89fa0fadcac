/// How likely a word is after the words before it: a back-off model over word triples (where
/// the pack has them), pairs and single words, so that "the forest" beats "the first" once the
/// next word is "was dark", and a pair never listed still has a chance.
///
/// P(word | previous) is the listed probability when the model lists the pair, and otherwise
/// the previous word's back-off weight times the word's own frequency in the lexicon;
/// P(word | earlier, previous) is the listed triple's, else the context's back-off weight
/// times P(word | previous). The English pairs come from a general US English language model
/// (see `scripts/generate-word-frequencies.py`), the other languages' pairs and French's
/// triples from books and CC0 sentences (`scripts/generate-language-packs.py`).
final class WordContextModel: Sendable {
    let lexicon: WordLexicon
    /// The pack's pairs; nil for a language without them.
    private let table: WordPairTable?
    /// The pack's triples; nil for a language without them.
    private let triples: WordTripleTable?
    /// log10 P(second | first) of each pair step, and log10 of each back-off step's weight.
    private let conditionalByStep: [Float]
    private let backoffByStep: [Float]

    /// The English model, read from the pack built into the library.
    static var english: WordContextModel { LanguageWordList.english.pairs }

    /// The model of `lexicon`'s pack: its pairs when it has them, else the words' own frequencies.
    init(lexicon: WordLexicon) {
        self.lexicon = lexicon
        let table = lexicon.pack.pairTable
        self.table = table
        triples = lexicon.pack.tripleTable
        let steps = Float(lexicon.pack.stepsPerDecade), offset = Float(table?.backoffOffset ?? 0)
        conditionalByStep = (0..<(1 << PackEntryList.bucketBits)).map { -Float($0) / steps }
        backoffByStep = (0..<256).map { Float($0) / steps - offset }
    }

    /// Whether the model has word pairs; a model without them is the words' frequencies alone.
    var hasPairs: Bool { (table?.pairCount ?? 0) > 0 }

    /// Whether the model has word triples: without them a word's score depends on the word
    /// before it alone.
    var hasTriples: Bool { (triples?.contextCount ?? 0) > 0 }

    /// Whether the model lists a pair starting with `word` (a lexicon index; -1, outside the
    /// lexicon, lists none).
    func listsPairs(after word: Int32) -> Bool {
        guard word >= 0, let table, table.pairCount > 0 else { return false }
        return table.listsPairs(after: Int(word))
    }

    /// log10 P(`word` | `previous`), both lexicon indices; a negative `previous` stands for no
    /// previous word or one outside the lexicon, where only `word`'s own frequency counts, as
    /// it does everywhere in a model without pairs.
    func logProbability(of word: Int32, after previous: Int32) -> Float {
        guard previous >= 0, let table, table.pairCount > 0 else { return lexicon.logProbability[Int(word)] }
        if let bucket = table.bucket(first: Int(previous), second: Int(word)) { return conditionalByStep[Int(bucket)] }
        return lexicon.logProbability[Int(word)] + backoffByStep[Int(table.backoff(Int(previous)))]
    }

    /// log10 P(`word` | `earlier`, `previous`): the listed triple's probability, else the
    /// pair's context back-off weight times P(`word` | `previous`); a negative `earlier` (no
    /// word, or one outside the lexicon) leaves P(`word` | `previous`).
    func logProbability(of word: Int32, after previous: Int32, earlier: Int32) -> Float {
        guard let context = tripleContext(earlier: earlier, previous: previous) else {
            return logProbability(of: word, after: previous)
        }
        return logProbability(of: word, in: context, pairScore: logProbability(of: word, after: previous))
    }

    /// The triple context `earlier` then `previous`, when the model lists triples after it.
    func tripleContext(earlier: Int32, previous: Int32) -> Int? {
        guard earlier >= 0, previous >= 0, let triples else { return nil }
        return triples.context(first: Int(earlier), second: Int(previous))
    }

    /// The triple contexts whose first word is `earlier`, for `tripleContext(among:previous:)`:
    /// a lattice looks up many contexts after one word.
    func tripleContexts(after earlier: Int32) -> Range<Int> {
        guard earlier >= 0, let triples else { return 0..<0 }
        return triples.contexts(first: Int(earlier))
    }

    /// The triple context among `run` (from `tripleContexts(after:)`) whose second word is
    /// `previous`, when the model lists triples after it.
    func tripleContext(among run: Range<Int>, previous: Int32) -> Int? {
        guard previous >= 0, !run.isEmpty, let triples else { return nil }
        return triples.context(second: Int(previous), among: run)
    }

    /// log10 P(`word` | `context`), given `pairScore`, log10 P(`word` | the context's second
    /// word): the listed triple's, else the context's back-off weight times the pair's.
    func logProbability(of word: Int32, in context: Int, pairScore: Float) -> Float {
        guard let triples else { return pairScore }
        if let bucket = triples.bucket(context: context, third: Int(word)) { return conditionalByStep[Int(bucket)] }
        return backoffByStep[Int(triples.backoff(context))] + pairScore
    }
}
