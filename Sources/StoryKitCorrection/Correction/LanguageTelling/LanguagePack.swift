/// A language the offline corrector reads: its word list and the rules that differ between
/// languages (which single letters are words, elisions such as French `l'`, the words that
/// start a question, whether nouns are capitalised) and the keyboard its writers usually use.
///
/// A pack's words and rules are data: a language pack in the format of
/// `docs/language-pack-format.md`, read in place. English is built in (`english`). Spanish,
/// French, German, Italian, Portuguese and Dutch are each a module of their own
/// (`StoryKitSpanish`'s `LanguagePack.spanish`, and so on), so an app links only the languages
/// it ships; the C library and the command-line tool carry all of them. An app can also read
/// a pack it downloaded (`init(words:)` with `LanguageWordList(packFile:)`).
///
///     let corrector = OfflineCorrector(language: LanguageTag("es"), packs: [.english, .spanish])
///     try corrector.correct("manana vamos a la plaza").variations.variations[0].text
///     // "mañana vamos a la plaza"
///
/// Without `language`, the text's language is told from its common words and letters and from
/// which pack's list finds its words likeliest, and English is assumed unless another is
/// clear: a short sentence may need `language`.
///
/// Limits: the word pairs of the packs other than English are counted from old books (1840-1920)
/// and a few million words of modern CC0 sentences, and Dutch's from about 55,000 words of
/// modern sentences alone, so their context knows less of the modern world than English's;
/// French's alone of them has word triples. Their lists hold at most the commonest 150,000
/// words (French, Italian, Portuguese and Dutch also every form of their source's dictionary),
/// so rarer correct words may be unknown and corrected.
public struct LanguagePack: Sendable {
    /// The language, as its primary BCP 47 subtag (`es`).
    public let language: LanguageTag
    /// The keyboard used when the caller names none: QWERTZ for German, AZERTY for French.
    public let defaultLayout: KeyboardLayout
    let rules: Rules
    private let loadWords: @Sendable () -> LanguageWordList

    /// A pack for `language` whose words come from `words` (called once, on first use: return
    /// a `static let`).
    ///
    /// - Parameters:
    ///   - language: the language; its primary subtag identifies the pack.
    ///   - defaultLayout: the keyboard assumed when the caller names none.
    ///   - singleLetterWords: the letters that are words on their own, in lower case.
    ///   - elisions: elided words written with the next one, apostrophe included (`l'`, `qu'`).
    ///   - apocopes: words cut short and written with an apostrophe after them (`po'`), kept as typed.
    ///   - perfectAuxiliaries: the forms, in lower case as written, of the verb that makes the
    ///     perfect (French `a`, `ont`): a word after one, or after one and a word of
    ///     `perfectAdverbs`, is written as its past participle, the spelling ending in `é`,
    ///     `ée`, `és` or `ées`, when the list has one (`a raconte` → `a raconté`; `à cause`
    ///     stays).
    ///   - perfectAdverbs: words that may stand between an auxiliary and its participle (`pas`).
    ///   - questionWords: lower-case words that start a question.
    ///   - capitalisesNouns: whether the language capitalises nouns.
    ///   - compoundLinks: for a language that writes compounds as one word, the letters that may
    ///     join two words into one, `""` for none (German `["", "s", "n", "en", "es"]`). A word
    ///     outside the list made of two words of the list, each of three letters or more, is
    ///     then read as their compound, not as the two words with a space missed. Nil otherwise.
    ///   - words: the word list.
    public init(
        language: LanguageTag, defaultLayout: KeyboardLayout, singleLetterWords: String, elisions: [String] = [],
        apocopes: [String] = [], perfectAuxiliaries: [String] = [], perfectAdverbs: [String] = [],
        questionWords: Set<String> = [], capitalisesNouns: Bool = false,
        compoundLinks: [String]? = nil, words: @escaping @Sendable () -> LanguageWordList
    ) {
        self.language = LanguageTag(language.language) ?? language
        self.defaultLayout = defaultLayout
        rules = Rules(
            foldsLetters: true, singleLetterWords: Array(singleLetterWords.utf8),
            elisions: elisions.map { Array($0.utf8) },
            apocopes: apocopes.map { Array($0.utf8) }, compoundLinks: compoundLinks?.map { Array($0.utf8) },
            perfectAuxiliaries: Set(perfectAuxiliaries),
            perfectAdverbs: Set(perfectAdverbs.compactMap { LetterFolding.folded($0[...].unicodeScalars) }),
            questionWords: questionWords, capitalisesNouns: capitalisesNouns)
        loadWords = words
    }

    /// The pack whose words and rules are `words`'s: a pack built into the library, or one
    /// read from bytes or a file (an app that downloads a language on demand).
    ///
    ///     let catalan = try LanguagePack(words: LanguageWordList(packFile: path))
    public init(words: LanguageWordList) {
        language = LanguageTag(words.language) ?? LanguageTag("und")!
        defaultLayout = words.defaultLayout
        rules = words.rules
        loadWords = { words }
    }

    /// English, with British and American spellings both correct.
    public static let english = LanguagePack(words: .english)

    /// The pack's word list, read on first use.
    public var words: LanguageWordList { loadWords() }
}
