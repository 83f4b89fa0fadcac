/// A language's words for the offline corrector: how often each is written, the word pairs
/// where a permissive source has them, and the spelling variants. Built from a pack's
/// embedded resource once, when the pack is first used: a pack keeps it in a `static let`.
public final class LanguageWordList: Sendable {
    let lexicon: WordLexicon
    let pairs: WordPairModel
    let variants: SpellingVariants

    /// Parses a word list that `scripts/generate-language-packs.py` generated: words keyed by
    /// their folded letters (see the script), with no word pairs.
    ///
    /// - Parameters:
    ///   - generated: the resource's text.
    ///   - count: how many keys it holds (checked: a mismatch is a build defect and traps).
    ///   - neverSuggested: words never offered as the reading of a slip (profanity, slurs,
    ///     sexual terms), in lower case, with or without diacritics.
    public init(generated: String, count: Int, neverSuggested: [String]) {
        let folded = neverSuggested.compactMap { LetterFolding.folded($0[...].unicodeScalars).map { String(decoding: $0, as: UTF8.self) } }
        // scripts/generate-language-packs.py writes English's format (see `EnglishWordFrequencies`).
        let lexicon = WordLexicon(frontCoded: generated, count: count, prefixBase: EnglishWordFrequencies.prefixBase,
                                  bucketBase: EnglishWordFrequencies.bucketBase, stepsPerDecade: EnglishWordFrequencies.stepsPerDecade,
                                  neverSuggested: folded)
        self.lexicon = lexicon
        pairs = WordPairModel(unpaired: lexicon)
        variants = SpellingVariants(pairs: "", lexicon: lexicon)
    }

    private init(lexicon: WordLexicon, pairs: WordPairModel, variants: SpellingVariants) {
        self.lexicon = lexicon
        self.pairs = pairs
        self.variants = variants
    }

    /// How many words the list holds (spellings that differ only by diacritics count once).
    public var wordCount: Int { lexicon.words.count }

    /// English: symspellpy's words with pyspellchecker's American spellings and SCOWL's rarer
    /// words (inflections, recent words), and the word pairs of CMU Sphinx's US English language
    /// model (see `scripts/generate-word-frequencies.py`).
    static let english = LanguageWordList(lexicon: .english, pairs: .english, variants: .english)
}
