/// A keyboard-aware corrector for text typed with a tremor: a noisy channel that weighs each
/// reading of a word by how common the word is (an embedded English frequency list) and how
/// likely the slips between it and what was typed are (`TypoCostModel`: neighbouring keys on
/// the chosen layout, doubled presses, dropped, extra and swapped letters, missed or extra
/// spaces, stray capitals, a punctuation key among the letters: `wou.d`, `don;t`), and of
/// the spelling slips that long words and children's writing add (letters that sound alike,
/// a syllable typed twice, an ending spelt as it sounds: `storys`). A word outside the list
/// stays as typed unless a reading is far likelier: an ending that makes a plural or a verb
/// form is kept where the slips allow it, as frequencies judge grammar poorly. No model, no
/// network, no key.
///
/// Every version it offers is one a writer could mean, because a version tapped by mistake
/// is not harmless:
/// - `direct`: the likeliest reading of the whole text, closest to what was typed: slips
///   corrected (a slip read as a name takes its capital where the text writes capitals:
///   `ustralia` → `Australia`), contractions typed without their apostrophe restored (`dont` →
///   `don't`, `im` → `I'm`, `Ill` → `I'll`; a word before a word that all but always follows
///   its contraction: `its a` → `it's a`, `wont come` → `won't come`; an ending's key beside
///   the one meant: `it'd not` → `it's not`), spacing and punctuation as typed;
/// - `refined`: the same words, polished: sentence capitals, `I`, a name read from a slip with
///   its capital, `its` → `it's` where the next
///   word calls for a verb, single spaces, final punctuation, and the `spelling` system asked
///   for. It never picks a different word. It is left out when it would equal `direct`;
/// - `alternative`: the next likeliest whole reading that uses different words (a slip that
///   lands between two words, a real word typed for another such as `went`/`want`), written
///   refined, offered only when it is at most `alternativeMargin` (log10) less likely than the
///   best reading, or `realWordAlternativeMargin` when it changes a word typed correctly.
/// So a correction holds one, two or three versions; fewer than three is a normal outcome and
/// the set says why with a `count` issue. The corrector reads the languages of its `packs`
/// (English alone by default; `LanguagePack` lists the others and their limits): a language
/// without a pack (or another script) is returned as typed, with a `language` issue naming it,
/// rather than rewritten into another language's words. Correctly typed words are never changed in
/// `direct` or `refined` unless the words around them make another word far likelier; British and
/// American spellings are both correct. Names (capitalised words that are not English words;
/// only a long one a single slip away from a word is corrected), acronyms, numbers, URLs,
/// e-mail addresses and words in other scripts are left alone. Profanity, slurs and sexual
/// terms are never offered as the reading of a slip (the pack's never-suggested words); typed as they
/// are, they stay.
///
///     let correction = try OfflineCorrector().correct("i wnat to go hmoe")
///     correction.variations.variations.map(\.text)
///     // ["i want to go home", "I want to go home."]
public struct OfflineCorrector: Sendable {
    /// The longest piece of text read at once, in UTF-8 bytes (the C ABI's
    /// `STORYKIT_MAX_CORRECTION_BYTES`): a longer text is read piece by piece, cut after
    /// sentence ends (a sentence longer than this at a space; a word longer than this is kept
    /// as typed), so its time is linear in its length and its memory bounded by the piece.
    public static let maxInputBytes = 10_000
    /// The longest text whose correction lists its words (`includingWords`), in UTF-8 bytes
    /// (1 MiB, the C ABI's `STORYKIT_MAX_WORDS_BYTES`): a record per word costs far more
    /// memory than the text, so a longer text is refused before any work rather than held.
    public static let maxBytesWithWords = 1 << 20
    /// The longest text accepted, in UTF-8 bytes: the library's limit on one input (64 MiB,
    /// the C ABI's `STORYKIT_MAX_INPUT_BYTES`).
    public static let maxTextBytes = JSONParserLimits.default.maxBytes
    /// The keyboard the text was typed on; `nil`: the one the text's language usually uses
    /// (`LanguagePack.defaultLayout`: QWERTZ for German, AZERTY for French, QWERTY otherwise).
    public let layout: KeyboardLayout?
    /// The spelling the refined version writes where British and American spellings differ.
    public let spelling: SpellingSystem
    /// The language of the text when the caller knows it: a language with a pack is corrected
    /// without asking which language the text is in; any other comes back as typed. `nil`: the
    /// corrector tells from the text.
    public let language: LanguageTag?
    /// The languages this corrector reads. Text in another language comes back as typed.
    public let packs: [LanguagePack]
    /// The writer's own words: kept as typed, and a known one read for a slip of it. With an
    /// empty vocabulary the text's own words still count: a word outside the list typed the
    /// same way twice is kept, and a later slip of it, or of a name written earlier, is read
    /// as it (`Zorbax … Zorbxa`).
    public let vocabulary: Vocabulary
    /// How much less likely (log10) than the best reading an alternative may be: a tenth as
    /// likely. A looser margin mostly adds readings nobody meant, which a tremor user can tap
    /// by mistake.
    public static let alternativeMargin: Float = 1
    /// The same for an alternative that reads a correctly typed word as another word: most
    /// typed words are meant as typed, so such a reading needs strong support.
    public static let realWordAlternativeMargin: Float = 0.3
    /// The pack this value reads with.
    private let pack: LanguagePack
    private var rules: LanguagePack.Rules { pack.rules }
    /// The readings of `pack`'s words on this value's keyboard, and the versions written from them.
    private let readings: ReadingGenerator
    private let composer: VersionComposer

    /// Creates a corrector for text typed on `layout` (`nil`: the language's usual keyboard)
    /// whose refined version writes `spelling`, in `language` (`nil`: the text's own), reading
    /// the languages of `packs` (English alone when empty), keeping the writer's words of
    /// `vocabulary`. A pack's words are loaded once per process, on first use.
    public init(
        layout: KeyboardLayout? = nil, spelling: SpellingSystem = .keep, language: LanguageTag? = nil,
        packs: [LanguagePack] = [.english], vocabulary: Vocabulary = Vocabulary()
    ) {
        let packs = packs.isEmpty ? [.english] : packs
        self.init(
            layout: layout, spelling: spelling, language: language, packs: packs, vocabulary: vocabulary,
            reading: packs.first { $0.language.language == Self.referenceLanguage } ?? packs[0])
    }

    private init(
        layout: KeyboardLayout?, spelling: SpellingSystem, language: LanguageTag?, packs: [LanguagePack],
        vocabulary: Vocabulary, reading pack: LanguagePack
    ) {
        self.layout = layout
        self.vocabulary = vocabulary
        self.spelling = spelling
        self.language = language
        self.packs = packs
        self.pack = pack
        let keyboard = layout ?? pack.defaultLayout
        let words = pack.words
        self.readings = ReadingGenerator(
            pack: pack, keyboard: keyboard, model: TypoCostModel.model(for: keyboard), wordPairs: words.pairs,
            variants: words.variants,
            loanwords: pack.language.language == Self.referenceLanguage
                ? nil : packs.first { $0.language.language == Self.referenceLanguage }?.words.lexicon)
        self.composer = VersionComposer(
            lexicon: words.lexicon, variants: words.variants, spelling: spelling, rules: pack.rules)
    }

    /// Corrects `text`.
    ///
    /// A text longer than `maxInputBytes` is read piece by piece (see there) and its versions
    /// joined with the text's own spacing: `direct` from every piece's direct version,
    /// `refined` from every piece's refined one, and `alternative` from the first piece that
    /// has one, the others refined. A piece takes at most about a second whatever it holds
    /// (`correction-shapes-benchmark` measures the shapes), so `shouldContinue` lets a host
    /// bound the time a long text takes.
    ///
    /// - Parameters:
    ///   - text: the text as typed, at most `maxTextBytes` bytes of UTF-8.
    ///   - includingWords: Whether to report each word's correction, confidence and
    ///     alternatives (`OfflineCorrection.words`); without them a call does less work.
    ///   - progress: Called after each piece of a text longer than `maxInputBytes` with the
    ///     bytes read so far and the text's size; never for a shorter text.
    ///   - shouldContinue: Asked at the same points whether to go on: `false` stops the
    ///     correction. After the last piece the work is done, and is returned whatever it
    ///     answers.
    /// - Throws: `.invalidArgument` for text with nothing but white space (there is nothing
    ///   to correct: the correction service, the C ABI, Python and the CLI all refuse it);
    ///   `.limit` over `maxTextBytes`, or over `maxBytesWithWords` with `includingWords`;
    ///   `.cancelled` when `shouldContinue` answered `false` before the last piece.
    public func correct(
        _ text: String, includingWords: Bool = true, progress: ((_ done: Int, _ total: Int) -> Void)? = nil,
        shouldContinue: ((_ done: Int, _ total: Int) -> Bool)? = nil
    ) throws(StoryKitError) -> OfflineCorrection {
        guard text.utf8.count <= Self.maxTextBytes else {
            throw StoryKitError(
                .limit,
                "the text is \(text.utf8.count) bytes, over the offline corrector's limit of \(Self.maxTextBytes)")
        }
        guard text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
            throw StoryKitError(.invalidArgument, "text must not be empty (it holds nothing but white space)")
        }
        guard !includingWords || text.utf8.count <= Self.maxBytesWithWords else {
            throw StoryKitError(
                .limit,
                "words: a correction that lists its words takes at most \(Self.maxBytesWithWords) bytes of text, and this one is \(text.utf8.count); correct it without its words, or in parts"
            )
        }
        var correction =
            text.utf8.count <= Self.maxInputBytes
            ? correctPiece(text, includingWords: includingWords)
            : try correctInPieces(text, includingWords: includingWords) { done, total in
                progress?(done, total)
                return shouldContinue?(done, total) ?? true
            }
        for index in correction.variations.variations.indices {
            correction.variations.variations[index].origin = .offline
        }
        return correction
    }

    /// The language the corrector reads `text` as (its primary subtag): the one it was given,
    /// else the one told from the text among its packs.
    package func language(of text: String) -> String {
        language?.language
            ?? LanguageIdentifier(packs: packs, pack: pack).language(of: text, CorrectionToken.tokenize(text))
    }

    /// Whether the pack of `language` (this corrector's own when it has none of that
    /// language) lists `word`.
    package func knows(_ word: String, language: String) -> Bool {
        let reading = packs.first { $0.language.language == language } ?? pack
        guard let key = LetterFolding.spellingKey(word.lowercased()) else { return false }
        return reading.words.lexicon.index(of: key) != nil
    }

    /// Corrects a text of at most `maxInputBytes` with something to correct.
    private func correctPiece(_ text: String, includingWords: Bool) -> OfflineCorrection {
        let tokens = CorrectionToken.tokenize(text)
        let inLanguage = language?.language ?? LanguageIdentifier(packs: packs, pack: pack).language(of: text, tokens)
        guard inLanguage != pack.language.language else { return read(text, tokens, includingWords: includingWords) }
        guard let other = packs.first(where: { $0.language.language == inLanguage }) else {
            return Self.asTyped(text, tokens, language: inLanguage, includingWords: includingWords)
        }
        return OfflineCorrector(
            layout: layout, spelling: spelling, language: language, packs: packs, vocabulary: vocabulary, reading: other
        )
        .read(text, tokens, includingWords: includingWords)
    }

    /// Corrects a text longer than `maxInputBytes`, piece by piece, and joins the versions.
    private func correctInPieces(
        _ text: String, includingWords: Bool, shouldContinue: (_ done: Int, _ total: Int) -> Bool
    ) throws(StoryKitError) -> OfflineCorrection {
        let pieces = TextPieces(text, budget: Self.maxInputBytes) { $0.utf8.count }
        var directs: [String] = [], refineds: [String] = [], alternative: (piece: Int, text: String)?
        var words: [WordCorrection] = [], issues: [VariationIssue] = []
        for (index, piece) in pieces.texts.enumerated() {
            if index > 0, !shouldContinue(pieces.offsets[index], text.utf8.count) {
                throw StoryKitError(
                    .cancelled,
                    "progress: the correction was stopped after \(pieces.offsets[index]) of \(text.utf8.count) bytes")
            }
            guard !pieces.keptAsTyped[index] else {
                directs.append(piece)
                refineds.append(piece)
                if includingWords { words.append(WordCorrection(original: piece, corrected: piece, confidence: 1)) }
                continue
            }
            let correction = correctPiece(piece, includingWords: includingWords)
            let versions = correction.variations.variations
            let direct = versions.first { $0.kind == .direct }?.text ?? piece
            directs.append(direct)
            refineds.append(versions.first { $0.kind == .refined }?.text ?? direct)
            if alternative == nil, let other = versions.first(where: { $0.kind == .alternative }) {
                alternative = (index, other.text)
            }
            words += correction.words ?? []
            for case .language(let detected) in correction.variations.issues
            where !issues.contains(.language(detected: detected)) {
                issues.append(.language(detected: detected))
            }
        }
        // The work is done: a stop asked for now changes nothing.
        _ = shouldContinue(text.utf8.count, text.utf8.count)
        var variations = [TextVariation(text: pieces.join(directs), kind: .direct)]
        let refined = pieces.join(refineds)
        if refined != variations[0].text { variations.append(TextVariation(text: refined, kind: .refined)) }
        if let alternative {
            var texts = refineds
            texts[alternative.piece] = alternative.text
            variations.append(TextVariation(text: pieces.join(texts), kind: .alternative))
        }
        if variations.count < 3 { issues.insert(.count(expected: 3, found: variations.count), at: 0) }
        return OfflineCorrection(
            variations: VariationSet(variations: variations, source: .offline, issues: issues),
            words: includingWords ? words : nil)
    }

    /// Corrects `text`, in this value's language; `englishTokens` are its tokens as English
    /// splits it, which the other languages split again by their own rules.
    private func read(_ text: String, _ englishTokens: [CorrectionToken], includingWords: Bool) -> OfflineCorrection {
        var tokens =
            rules.foldsLetters || !rules.elisions.isEmpty ? CorrectionToken.tokenize(text, rules: rules) : englishTokens
        if let letters = rules.writtenLetters { keepWordsWithForeignLetters(&tokens, letters: letters) }
        let (positions, lattice) = readings.lattice(for: &tokens, vocabulary: vocabulary)
        let correction = composer.compose(tokens, positions, lattice, includingWords: includingWords)
        return Self.bounded(correction, typed: text, tokens: englishTokens, language: pack.language.language)
    }

    /// Keeps as typed each word with a letter the language does not write (Portuguese `ät`,
    /// though `ä` folds to `a`): another language's word, not a slip. A mark the long press
    /// put beside the one meant stays a slip where the list writes that letter with a mark
    /// (German `hâtte` for `hätte`).
    private func keepWordsWithForeignLetters(_ tokens: inout [CorrectionToken], letters: Set<Character>) {
        let lexicon = composer.lexicon
        for index in tokens.indices where tokens[index].kind == .word {
            let word = tokens[index].text
            // An ASCII word holds no foreign letter: most words need no Unicode table.
            guard !word.utf8.allSatisfy({ $0 < 0x80 }),
                word.contains(where: { $0.isLetter && !$0.isASCII && !letters.contains(Character($0.lowercased())) })
            else { continue }
            if let listed = lexicon.index(of: tokens[index].lowered),
                lexicon.spelling(of: listed, markedWrongAs: word.lowercased()) != nil
            {
                continue
            }
            tokens[index].kind = .kept
        }
    }

    /// The most bytes a version of a text of `inputBytes` bytes may hold. A correction
    /// respells what was typed and never writes much more; only a pack from outside whose
    /// spellings or rules stretch words could, and its versions are then not shown.
    package static func maxOutputBytes(forInput inputBytes: Int) -> Int { 4 * inputBytes + 8 }

    /// `correction`, or `typed` as typed when a version of it is longer than
    /// `maxOutputBytes` allows.
    private static func bounded(
        _ correction: OfflineCorrection, typed: String, tokens: [CorrectionToken], language: String
    ) -> OfflineCorrection {
        let limit = maxOutputBytes(forInput: typed.utf8.count)
        let longest = correction.variations.variations.map(\.text.utf8.count).max() ?? 0
        guard longest > limit else { return correction }
        return asTyped(typed, tokens, language: language, includingWords: correction.words != nil, naming: false)
    }

    /// The language whose list language telling compares the others with, and which it
    /// assumes unless another is clear: the corrector's first users write English.
    static let referenceLanguage = "en"

    /// `text` as typed, with why: it is in `language`, which none of this corrector's packs reads.
    /// With `naming` false the language is one the corrector reads, and no `language` issue is added.
    private static func asTyped(
        _ text: String, _ tokens: [CorrectionToken], language: String, includingWords: Bool, naming: Bool = true
    ) -> OfflineCorrection {
        let set = VariationSet(
            variations: [TextVariation(text: text, kind: .direct)], source: .offline,
            issues: [.count(expected: 3, found: 1)] + (naming ? [.language(detected: language)] : []))
        let words =
            includingWords
            ? tokens.filter { $0.kind == .word }.map {
                WordCorrection(original: $0.text, corrected: $0.text, confidence: 1)
            }
            : nil
        return OfflineCorrection(variations: set, words: words)
    }
}
