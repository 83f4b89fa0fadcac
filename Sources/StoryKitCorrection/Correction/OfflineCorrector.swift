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
///   corrected, contractions typed without their apostrophe restored (`dont` → `don't`,
///   `im` → `I'm`), spacing and punctuation as typed;
/// - `refined`: the same words, polished: sentence capitals, `I`, `its` → `it's` where the next
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
    /// The longest input accepted, in UTF-8 bytes (the C ABI's `STORYKIT_MAX_CORRECTION_BYTES`).
    public static let maxInputBytes = 10_000
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
    /// The keyboard this value reads slips with.
    private var keyboard: KeyboardLayout { layout ?? pack.defaultLayout }
    private let model: TypoCostModel
    /// `model` with sound-alike letters, for long words far from every word.
    private let spellingModel: TypoCostModel
    private let wordPairs: WordPairModel
    private let variants: SpellingVariants
    private var lexicon: WordLexicon { wordPairs.lexicon }

    /// Creates a corrector for text typed on `layout` (`nil`: the language's usual keyboard)
    /// whose refined version writes `spelling`, in `language` (`nil`: the text's own), reading
    /// the languages of `packs` (English alone when empty). A pack's words are loaded once
    /// per process, on first use.
    public init(layout: KeyboardLayout? = nil, spelling: SpellingSystem = .keep, language: LanguageTag? = nil,
                packs: [LanguagePack] = [.english]) {
        let packs = packs.isEmpty ? [.english] : packs
        self.init(layout: layout, spelling: spelling, language: language, packs: packs,
                  reading: packs.first { $0.language.language == Self.referenceLanguage } ?? packs[0])
    }

    private init(layout: KeyboardLayout?, spelling: SpellingSystem, language: LanguageTag?, packs: [LanguagePack], reading pack: LanguagePack) {
        self.layout = layout
        self.spelling = spelling
        self.language = language
        self.packs = packs
        self.pack = pack
        let keyboard = layout ?? pack.defaultLayout
        self.model = TypoCostModel.model(for: keyboard)
        self.spellingModel = TypoCostModel.model(for: keyboard, withSoundAlikes: true)
        let words = pack.words
        self.wordPairs = words.pairs
        self.variants = words.variants
    }

    /// Corrects `text`.
    ///
    /// - Parameters:
    ///   - text: the text as typed, at most `maxInputBytes` bytes of UTF-8.
    ///   - includingWords: Whether to report each word's correction, confidence and
    ///     alternatives (`OfflineCorrection.words`); without them a call does less work.
    /// - Throws: `.invalidArgument` for text with nothing but white space (there is nothing
    ///   to correct: the correction service, the C ABI, Python and the CLI all refuse it);
    ///   `.limit` over `maxInputBytes`.
    public func correct(_ text: String, includingWords: Bool = true) throws(StoryKitError) -> OfflineCorrection {
        guard text.utf8.count <= Self.maxInputBytes else {
            throw StoryKitError(.limit, "the text is \(text.utf8.count) bytes, over the offline corrector's limit of \(Self.maxInputBytes)")
        }
        guard text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
            throw StoryKitError(.invalidArgument, "text must not be empty (it holds nothing but white space)")
        }
        let tokens = CorrectionToken.tokenize(text)
        let inLanguage = language?.language ?? toldLanguage(of: text, tokens)
        guard inLanguage != pack.language.language else { return read(text, tokens, includingWords: includingWords) }
        guard let other = packs.first(where: { $0.language.language == inLanguage }) else {
            return Self.asTyped(text, tokens, language: inLanguage, includingWords: includingWords)
        }
        return OfflineCorrector(layout: layout, spelling: spelling, language: language, packs: packs, reading: other)
            .read(text, tokens, includingWords: includingWords)
    }

    /// Corrects `text`, in this value's language; `englishTokens` are its tokens as English
    /// splits them, which the other languages split again by their own rules.
    private func read(_ text: String, _ englishTokens: [CorrectionToken], includingWords: Bool) -> OfflineCorrection {
        var tokens = rules.foldsLetters || !rules.elisions.isEmpty ? CorrectionToken.tokenize(text, rules: rules) : englishTokens
        let positions = tokens.indices.filter { tokens[$0].kind == .word }
        for index in positions where hasDeliberateCapitals(tokens[index]) { tokens[index].keepsItsCase = true }
        var options: [CorrectionLattice.Option] = []
        var breaksContext: [Bool] = []
        // A typed word has a handful of readings; growing the list from empty would copy it
        // at every doubling.
        options.reserveCapacity(8 * positions.count)
        breaksContext.reserveCapacity(positions.count)
        for (position, tokenIndex) in positions.enumerated() {
            let adjacent = position > 0 && positions[position - 1] + 2 == tokenIndex
            let follows = adjacent && tokens[tokenIndex - 1].isPlainSpace
            breaksContext.append(!follows)
            let beforeFullStop = tokenIndex + 1 < tokens.count && tokens[tokenIndex + 1].kind == .kept && tokens[tokenIndex + 1].text.hasPrefix(".")
            appendReadings(of: tokens[tokenIndex], at: position, beforeFullStop: beforeFullStop, to: &options)
            if follows {
                options += merging(tokens[positions[position - 1]], tokens[tokenIndex], at: position - 1)
            } else if adjacent, CorrectionToken.slippedMarks.contains(tokens[tokenIndex - 1].text) {
                options += merging(tokens[positions[position - 1]], tokens[tokenIndex], at: position - 1, acrossMark: true)
            }
        }
        for index in options.indices where leavesSentenceUnfinished(options[index], tokens, positions) {
            options[index].channel -= Self.unfinishedSentencePenalty
        }
        let lattice = CorrectionLattice(positions: positions.count, options: options, breaksContext: breaksContext, model: wordPairs)
        return compose(tokens, positions, lattice, includingWords: includingWords)
    }

    /// The language of `text` (`tokens` as English splits it), told from its common words and
    /// letters (`ForeignText`); between the languages of `packs` they hint at, the one whose
    /// word list finds the words likeliest, which must be clearly likelier than English's
    /// unless the signs settled that the text is not English, and never less likely (names
    /// left out: `meanLogProbability`). Text whose words English finds
    /// likely loads no other pack; text English finds unlikely asks every pack; other text
    /// loads the packs of the languages it shows signs of.
    private func toldLanguage(of text: String, _ tokens: [CorrectionToken]) -> String {
        let english = WordLexicon.english
        let judgement = ForeignText.judge(tokens, lexicon: english)
        if let language = judgement.language, !packs.contains(where: { $0.language.language == language }) { return language }
        let readsEnglish = packs.contains { $0.language.language == Self.referenceLanguage }
        let fallback = judgement.language ?? (readsEnglish ? "en" : pack.language.language)
        guard tokens.count(where: { $0.kind == .word }) >= Self.minimumWordsToCompareLists else { return fallback }
        let englishLikelihood = Self.meanLogProbability(of: tokens, in: english, readsContractions: true)
        // Words English finds likely are English, whatever few signs they hold ("die", "son").
        if judgement.language == nil, englishLikelihood >= Self.likelyEnglishLogProbability { return fallback }
        // Signs are few in a short or mistyped sentence (none in "Hoe laat begint de film?"),
        // and shared between related languages: when English finds the words unlikely, every
        // pack's list is asked.
        let candidates = englishLikelihood < Self.unlikelyEnglishLogProbability
            ? packs.filter { $0.language.language != Self.referenceLanguage }
            : judgement.candidates.compactMap { code in packs.first { $0.language.language == code } }
        var best: (language: String, likelihood: Float)?
        for candidate in candidates {
            let likelihood = Self.meanLogProbability(of: CorrectionToken.tokenize(text, rules: candidate.rules), in: candidate.words.lexicon,
                                                     readsContractions: false)
            if likelihood > best?.likelihood ?? -.infinity { best = (candidate.language.language, likelihood) }
        }
        guard let best else { return fallback }
        // Signs mislead in a short English sentence with a name ("I met Zou today": `met` and
        // `zou` are Dutch words): a language whose list finds the words less likely than
        // English's does not overrule English.
        if judgement.language != nil, best.likelihood < englishLikelihood, readsEnglish { return "en" }
        guard judgement.language != nil || best.likelihood >= englishLikelihood + Self.likelihoodMargin else { return fallback }
        return best.language
    }

    /// The mean log10 probability of the words of `tokens` under `lexicon`'s frequencies, a word
    /// it lacks counting as `unknownWordLogProbability`: a list that holds a language's words
    /// only as rare borrowings (Spanish web text's `chegar`) scores that language's text low.
    /// A capitalised word inside a sentence that the English list lacks is a name, which
    /// tells no language ("I met Zou today" is English although `zou` is a Dutch word); with
    /// `readsContractions`, an English contraction typed without its apostrophe counts as one
    /// (`im` is "I'm", not the German `im`).
    private static func meanLogProbability(of tokens: [CorrectionToken], in lexicon: WordLexicon, readsContractions: Bool) -> Float {
        let english = WordLexicon.english
        var total: Float = 0, words = 0
        for token in tokens where token.kind == .word {
            if !token.startsSentence, token.text.utf8.first?.isASCIIUppercase == true, english.index(of: token.lowered) == nil { continue }
            words += 1
            var logProbability = lexicon.index(of: token.lowered).map { max(lexicon.logProbability[$0], unknownWordLogProbability) }
                ?? unknownWordLogProbability
            if readsContractions, LanguagePack.english.rules.contraction(of: token.lowered) != nil {
                logProbability = max(logProbability, contractionScore)
            }
            total += logProbability
        }
        return words == 0 ? unknownWordLogProbability : total / Float(words)
    }

    /// How much likelier (mean log10 probability per word) another language's list must find a
    /// text's words than English's for the text to be read in that language when its signs
    /// alone do not settle it.
    private static let likelihoodMargin: Float = 0.5
    /// The mean log10 probability from which English finds a text's words likely enough to read
    /// it as English without asking another pack. English tremor sentences score about -4,
    /// sentences in the other six languages -7 (-4.9 at most).
    private static let likelyEnglishLogProbability: Float = -4.5
    /// The mean log10 probability under which English finds a text unlikely enough to ask every
    /// pack (a few heavily mistyped English sentences score down to -6.3: they are still read
    /// as English, at the cost of loading the packs).
    private static let unlikelyEnglishLogProbability: Float = -5.5
    /// What a word outside a list counts for in `meanLogProbability`: below the rarest listed.
    private static let unknownWordLogProbability: Float = -8
    /// The fewest words whose lists' likelihoods say anything.
    private static let minimumWordsToCompareLists = 3

    /// `text` as typed, with why: it is in `language`, which none of this corrector's packs reads.
    private static func asTyped(_ text: String, _ tokens: [CorrectionToken], language: String, includingWords: Bool) -> OfflineCorrection {
        let set = VariationSet(variations: [TextVariation(text: text, kind: .direct)], source: .offline,
                               issues: [.count(expected: 3, found: 1), .language(detected: language)])
        let words = includingWords
            ? tokens.filter { $0.kind == .word }.map { WordCorrection(original: $0.text, corrected: $0.text, confidence: 1) }
            : nil
        return OfflineCorrection(variations: set, words: words)
    }

    // MARK: Readings

    /// The score of a word outside the lexicon left as typed.
    private static let unknownScore: Float = -12
    /// The same, for a word that has readings: only the far-fetched ones lose to it.
    private static let unknownBesideReadingsScore: Float = -13.5
    /// The score of a letter other than "a" and "i" standing alone, left as typed.
    private static let singleLetterScore: Float = -7
    /// The score of a capitalised word outside the lexicon left as typed: a name is likelier
    /// than an unknown lower-case word.
    private static let nameScore: Float = -9
    /// The shortest capitalised word mid-sentence read as a slip; shorter ones are names.
    private static let minCorrectedNameLength = 6
    /// How common (log10 share) a word must be to be read for a short capitalised word outside
    /// the lexicon, which may be a name: "Teh" is "The", "Milly" is not "Molly", "Rao" not "Rap".
    private static let minNameReadingLogProbability: Float = -4.6
    /// The longest capitalised word that `minNameReadingLogProbability` applies to.
    private static let maxShortNameLength = 5
    /// How much likelier (log10) than a name a reading of a capitalised word the list lacks
    /// must be: a name written wrong hurts a writer more than a slip left in ("Mansell" is
    /// not "Man sell", "Mohammed" not "Mohamed"; "Tueday" is still "Tuesday").
    private static let nameReadingMargin: Float = 3
    /// How rare (log10 share) a word may be and still be a brand when typed with a capital
    /// second letter after `i` or `e` and no word after that letter (`iTunes`): commoner words
    /// so typed are slips ("iNside").
    private static let maxBrandLogProbability: Float = -5
    /// Prefixes of names written with a capital after them (`McKnight`, `DeShawn`, `VanDyke`).
    private static let namePrefixes: Set<[UInt8]> = Set(["mc", "mac", "o", "de", "di", "da", "du", "la", "le", "van", "von", "fitz"]
        .map { Array($0.utf8) })
    /// The shortest word of two run together as a brand (`PayPal`): shorter parts are too
    /// often a stray capital's two halves.
    private static let minRunTogetherWordLength = 3
    /// The score of a contraction typed with or without its apostrophe ("dont", "don't").
    private static let contractionScore: Float = -4
    /// What it costs to read a correctly spelt word as another word: most typed words are
    /// meant as typed, so a real-word slip needs strong support from the words around it.
    private static let realWordPenalty: Float = 1.5
    /// What it costs more to read a correctly spelt word as its other form ("jokes" for "joke").
    private static let inflectionPenalty: Float = 1.5
    /// What it costs to read two correctly spelt words as one ("to day" as "today").
    private static let twoWordsMergePenalty: Float = 3
    private static let realWordMaxCost: TypoCostModel.Cost = 16
    private static let maxReadings = 12
    /// The shortest typed word searched with sound-alike letters: in short words they
    /// mistake one common word for another ("af" is "at", not "of").
    private static let minSoundAlikeLength = 6
    /// How rare (log10 share) a word may be before reading it as part of a typed word split
    /// costs `rareSplitPartPenalty` more: "alechmist" is more likely "alchemist" misspelt
    /// than "ale chemist" without a space.
    private static let rareSplitPartLogProbability: Float = -5
    private static let rareSplitPartPenalty: Float = 1
    /// What a typed word split into two words with a slip in each costs more than its slips:
    /// cheaper, such splits beat the misspelling of one long word ("nesseccary" as "jesse
    /// carry", "arraies" as "area is").
    private static let twoSlipSplitPenalty: Float = 3
    /// The shortest part of a typed word read as a word with a slip beside another such part.
    private static let minSlippedSplitPartLength = 3
    /// The language whose list language telling compares the others with, and which it
    /// assumes unless another is clear: the corrector's first users write English.
    static let referenceLanguage = "en"
    /// What it costs more to read an unknown word with another ending: word frequencies
    /// judge grammar (singular or plural, present or past) poorly.
    private static let endingPenalty: Float = 0.4
    /// The shortest typed word searched for syllables typed twice.
    private static let minStutterLength = 6
    /// The first search's reach.
    private static let nearCost: TypoCostModel.Cost = 20
    /// The dearest single slip: a word this close makes the readings that need two slips (far
    /// words, splits with a slip) moot.
    private static let singleSlipCost: TypoCostModel.Cost = 14
    private static let maxRealWordReadings = 4
    private static let maxMergeReadings = 3
    /// What a diacritic skipped or wrong costs (log10): a long press missed is the commonest
    /// slip of all in languages that write them.
    private static let diacriticSlipCost: Float = 0.3
    /// How common (log10 share) a word without a vowel must be to stand as typed.
    private static let minAbbreviationLogProbability: Float = -5
    private static let vowels = Array("aeiouy".utf8)
    /// The shortest part of a compound (`Tee|kanne`): shorter words run together are more
    /// often a space missed.
    private static let minCompoundPartLength = 3
    /// How common (log10 share) a word may be and still be part of a compound: commoner ones,
    /// one word in 400 or more, are function words (`den`, `mit`, `een`).
    private static let maxCompoundPartLogProbability: Float = -2.6
    /// What it costs to read a slip as a word that leaves its sentence unfinished ("the.").
    private static let unfinishedSentencePenalty: Float = 4

    /// How far a reading may be from what was typed, by the length typed.
    private static func maxCost(_ length: Int) -> TypoCostModel.Cost {
        switch length {
        case ...2: 20
        case 3...4: 24
        case 5...7: 27
        default: 33
        }
    }

    /// Whether `option` reads a slip as a word that cannot end a sentence just before the `.`,
    /// `!` or `?` that ends it (not at the end of the text: the writer may not have finished).
    private func leavesSentenceUnfinished(_ option: CorrectionLattice.Option, _ tokens: [CorrectionToken], _ positions: [Int]) -> Bool {
        let tokenIndex = positions[option.end - 1]
        guard !option.isIdentity, tokenIndex + 1 < tokens.count, tokens[tokenIndex + 1].kind == .kept,
              let next = tokens[tokenIndex + 1].text.utf8.first,
              next == UInt8(ascii: ".") || next == UInt8(ascii: "!") || next == UInt8(ascii: "?"),
              !rules.neverLast.isEmpty, let last = option.words.last, last >= 0 else { return false }
        return rules.neverLast.contains(lexicon.words[Int(last)])
    }

    /// Appends the readings of one typed word to `options` (no list of its own to copy);
    /// `beforeFullStop` when a `.` follows it (`dr.` is an abbreviation).
    private func appendReadings(of token: CorrectionToken, at position: Int, beforeFullStop: Bool,
                                to options: inout [CorrectionLattice.Option]) {
        let lowered = token.lowered
        // A diacritic takes a long press: a word typed with one is meant.
        let typedDiacritic = rules.foldsLetters && token.text.utf8.contains { $0 >= 0x80 }
        func keep(score: Float, word: Int32 = -1) {
            options.append(CorrectionLattice.Option(start: position, span: 1, words: ReadingWords(word), channel: 0, outsideScore: score, isIdentity: true))
        }
        if token.keepsItsCase {
            // A name or a brand written with its own capitals: read as typed, never split,
            // swapped or re-cased; a word of the list keeps its likelihood as context.
            guard let index = lexicon.index(of: lowered) else { return keep(score: Self.nameScore) }
            return keep(score: 0, word: Int32(index))
        }
        if lowered.contains(0x27) {
            let known = rules.contractionForms.contains(String(decoding: lowered, as: UTF8.self)) || rules.apocopes.contains(lowered)
            return keep(score: known ? Self.contractionScore : Self.unknownScore)
        }
        if let index = lexicon.index(of: lowered), beforeFullStop || !isRareAbbreviation(index, lowered) {
            // A diacritic skipped ("manana") where the letters typed are no word as written: a
            // cheap slip, never a reason to read another word; another word is read only as
            // for a word typed as meant ("ra" is "da" more likely than "rã"). A diacritic typed
            // takes a long press, so a word typed with one the list lacks ("aiutò", "vœu") is
            // meant: the list's spelling is only its alternative.
            if rules.foldsLetters, !lexicon.isSpelling(token.text.lowercased(), of: index) {
                keep(score: typedDiacritic ? lexicon.logProbability[index] : Self.unknownBesideReadingsScore)
                options.append(CorrectionLattice.Option(start: position, span: 1, words: ReadingWords(Int32(index)),
                                                        channel: -(typedDiacritic ? Self.realWordPenalty : Self.diacriticSlipCost),
                                                        isIdentity: false))
                if !typedDiacritic, lowered.count >= 2, token.text.utf8.first?.isASCIILowercase == true {
                    appendRealWordReadings(at: position, known: index, letters: lowered, to: &options)
                }
                return
            }
            keep(score: 0, word: Int32(index))
            // A capitalised word may be a name ("Ben" is not "been"), even at a sentence start;
            // letters without a vowel before a full stop are an abbreviation ("dr."); a word typed
            // with a diacritic, a long press, is meant ("comió" is not "como").
            let isAbbreviation = beforeFullStop && rules.foldsLetters && Self.hasNoVowel(lowered)
            if lowered.count >= 2, token.text.utf8.first?.isASCIILowercase == true, !isAbbreviation, !typedDiacritic {
                appendRealWordReadings(at: position, known: index, letters: lowered, to: &options)
            }
            return
        }
        if rules.titles.contains(token.text) || rules.contraction(of: lowered) != nil { return keep(score: Self.contractionScore) }
        let isAcronym = token.text.utf8.count >= 2 && token.text.utf8.allSatisfy { !$0.isASCIILowercase }
        if isAcronym || lowered.count > 24 { return keep(score: Self.unknownScore) }
        let isCapitalised = token.text.utf8.first?.isASCIIUppercase == true && token.text.utf8.dropFirst().allSatisfy { !$0.isASCIIUppercase }
        let compound = compoundScore(of: token)
        if isCapitalised, !(rules.capitalisesNouns && !token.startsSentence) {
            // Perhaps a name ("Rao", "Milly", "Mansell"): it is read as a word only a single slip
            // away, and mid-sentence only when long ("Tueday", "Secutity"); any reading, a split
            // included ("Man sell"), must be far likelier than the name in its context.
            guard token.startsSentence || lowered.count >= Self.minCorrectedNameLength else { return keep(score: Self.unknownScore) }
            keep(score: Self.nameScore)
            for var reading in misspeltReadings(of: lowered, at: position, singleSlipOnly: true, compound: compound) {
                reading.channel -= Self.nameReadingMargin
                options.append(reading)
            }
            return
        }
        if typedDiacritic {
            // A word typed with a diacritic is meant even when the list lacks it ("pinguïn"):
            // like a name, it is read only as a word one slip away.
            keep(score: Self.nameScore)
            options += misspeltReadings(of: lowered, at: position, singleSlipOnly: true, compound: compound)
            return
        }
        let misspelt = misspeltReadings(of: lowered, at: position, singleSlipOnly: false, compound: compound)
        // Kept as typed beside its readings: a letter on its own is usually meant ("plan b",
        // "x marks the spot"), a compound as likely as its parts ("Papierboot"), and a word
        // missing from the lexicon beats a far-fetched reading.
        keep(score: lowered.count == 1 ? Self.singleLetterScore : compound ?? Self.unknownBesideReadingsScore)
        options += misspelt
    }

    /// Whether a word's capitals are written on purpose, so that it is kept exactly as typed.
    /// A capital word with another capital after its first letter is a name or a brand when:
    /// its letters are no word of the list (`DeShawn`, `GitHub`, `LeBron`); it is an acronym's
    /// plural (`IDs`); a name's prefix comes before the capital (`McKnight`, `MacKenzie`); or,
    /// in a language that does not capitalise nouns, two words of the list run together, each
    /// with its capital (`PayPal`, `YouTube`). Otherwise, and for a word of the list typed with
    /// shift held over two letters (`THe`, `HOme`), the capitals are slips, as they are in a
    /// German noun of the list (`LateRne`, `TerMin`) and inside a lower-case word (`sIster`).
    /// A word in lower case but for a capital second letter after `i` or `e` is a brand when
    /// the rest is a word (`iPhone`, `eBay`) or its letters spell a rare one (`iTunes`), not a
    /// common word (`iNside`); a slip that lands on this shape (`eVery`) is kept as typed. All
    /// capitals is an acronym, read elsewhere.
    private func hasDeliberateCapitals(_ token: CorrectionToken) -> Bool {
        // Most words have no capital after their first letter: no scalars to collect for them.
        guard token.text.utf8.dropFirst().contains(where: { $0.isASCIIUppercase || $0 >= 0x80 }) else { return false }
        let letters = Array(token.text.unicodeScalars.filter(\.properties.isAlphabetic))
        guard letters.count >= 2, letters.dropFirst().contains(where: \.properties.isUppercase),
              !letters.allSatisfy(\.properties.isUppercase) else { return false }
        let leadingCapitals = letters.prefix { $0.properties.isUppercase }.count
        let rest = letters.dropFirst(max(leadingCapitals, 1))
        let restIsLowerCase = rest.allSatisfy(\.properties.isLowercase)
        let known = lexicon.index(of: token.lowered) != nil
        if leadingCapitals >= 1 {
            if leadingCapitals >= 2, rest.count == 1, rest.first == "s" { return true }
            if leadingCapitals == 2, restIsLowerCase { return !known }
            guard known else { return true }
            guard letters.allSatisfy(\.isASCII), let cut = letters.dropFirst().firstIndex(where: \.properties.isUppercase) else {
                return false
            }
            let head = letters[..<cut].map { UInt8($0.value).asciiLowercased }
            let tail = letters[cut...].map { UInt8($0.value).asciiLowercased }
            if Self.namePrefixes.contains(head) { return true }
            guard !rules.capitalisesNouns, head.count >= Self.minRunTogetherWordLength,
                  tail.count >= Self.minRunTogetherWordLength else { return false }
            return lexicon.index(of: head) != nil && lexicon.index(of: tail) != nil
        }
        guard let first = letters.first, first == "i" || first == "e", letters[1].properties.isUppercase,
              letters.count >= 4, letters.dropFirst(2).allSatisfy(\.properties.isLowercase) else { return false }
        // A brand names a thing after the letter (`iPad` is `i` and `pad`, `eBay` `e` and `bay`),
        // or is a word as rare as names are.
        if lexicon.index(of: Array(token.lowered.dropFirst())) != nil { return true }
        let logProbability = lexicon.index(of: token.lowered).map { lexicon.logProbability[$0] } ?? -.infinity
        return logProbability < Self.maxBrandLogProbability
    }

    /// Whether word `index` (typed as `lowered`) has no vowel and is rare, in a list from web
    /// or subtitle text: noise (`kn`, `dq`, `tl`), read as a slip like a word outside the list;
    /// common abbreviations (`km`, `bzw`) stand, and so does any before a `.` (`dr.`).
    private func isRareAbbreviation(_ index: Int, _ lowered: [UInt8]) -> Bool {
        rules.foldsLetters && lowered.count >= 2 && lexicon.logProbability[index] < Self.minAbbreviationLogProbability
            && Self.hasNoVowel(lowered)
    }

    /// Whether the folded `letters` hold no vowel (`km`, `dr`).
    private static func hasNoVowel(_ letters: [UInt8]) -> Bool {
        !letters.contains(where: vowels.contains)
    }

    /// The score of `token`, outside the list, read as a compound of two words of the list,
    /// joined by one of the language's links (`Papier|boot`, `lievelings|spreuk` with `s`): as
    /// likely as its parts together. Nil in a language without compounds, when no parts fit,
    /// or when a capital inside starts a word whose space was missed ("gernKuchen"; one at
    /// either end is a stray capital: "lievelingsspreuK").
    private func compoundScore(of token: CorrectionToken) -> Float? {
        let typed = token.lowered
        guard let links = rules.compoundLinks, typed.count >= 2 * Self.minCompoundPartLength else { return nil }
        let text = Array(token.text.utf8)
        if text.count > 2 * Self.minCompoundPartLength,
           text[Self.minCompoundPartLength...(text.count - Self.minCompoundPartLength)].contains(where: \.isASCIIUppercase) {
            return nil
        }
        var best: Float?
        for cut in Self.minCompoundPartLength...(typed.count - Self.minCompoundPartLength) {
            guard let head = lexicon.index(of: typed[cut...]), canJoinCompound(head) else { continue }
            for link in links where cut - link.count >= Self.minCompoundPartLength && typed[(cut - link.count)..<cut].elementsEqual(link) {
                guard let modifier = lexicon.index(of: typed[..<(cut - link.count)]), canJoinCompound(modifier) else { continue }
                let score = lexicon.logProbability[modifier] + lexicon.logProbability[head]
                best = max(best ?? score, score)
            }
        }
        return best
    }

    /// Dictionary words within reach of an unknown word, and two words when a space was
    /// missed or hit a neighbouring key; with `singleSlipOnly` (a word that may be a name),
    /// only common words one slip away and splits without a slip. `compound` is the word's
    /// score as a compound (`compoundScore`): its cuts into a compound's parts are then no
    /// space missed.
    private func misspeltReadings(of typed: [UInt8], at position: Int, singleSlipOnly: Bool, compound: Float?) -> [CorrectionLattice.Option] {
        if singleSlipOnly {
            let lexicon = lexicon
            let candidates = lexicon.candidates(for: typed, maxCost: Self.singleSlipCost, model: model)
                .filter { typed.count > Self.maxShortNameLength || lexicon.logProbability[$0.word] >= Self.minNameReadingLogProbability }
            return strongest(candidates.map {
                CorrectionLattice.Option(start: position, span: 1, words: ReadingWords(Int32($0.word)),
                                         channel: -TypoCostModel.logProbabilityCost($0.cost), isIdentity: false)
            } + splitReadings(of: typed, at: position, withSlips: false, compound: compound), limit: Self.maxReadings)
        }
        // A letter on its own ("x marks the spot", "plan b") is read as another word only when
        // its key is beside that word's: "o" for "i", "s" for "a".
        if typed.count == 1 {
            return strongest(lexicon.candidates(for: typed, maxCost: TypoCostModel.neighbourSubstitution, model: model).map {
                CorrectionLattice.Option(start: position, span: 1, words: ReadingWords(Int32($0.word)),
                                         channel: -TypoCostModel.logProbabilityCost($0.cost), isIdentity: false)
            }, limit: Self.maxReadings)
        }
        // Most slips are single and cheap: search near first, and seek readings that need two
        // slips (far words, splits with a slip) only when no single-slip word fits.
        var candidates = lexicon.candidates(for: typed, maxCost: min(Self.nearCost, Self.maxCost(typed.count)), model: model)
        let hasSingleSlipWord = candidates.contains(where: { $0.cost <= Self.singleSlipCost })
        if Self.maxCost(typed.count) > Self.nearCost, !hasSingleSlipWord {
            // A long word no single slip explains may also be misspelt by sound.
            let farModel = typed.count >= Self.minSoundAlikeLength ? spellingModel : model
            candidates = lexicon.candidates(for: typed, maxCost: Self.maxCost(typed.count), model: farModel)
        }
        for respelling in Self.respellings(of: typed, stuttered: !hasSingleSlipWord, spokenEndings: rules.readsSpokenEndings) {
            for candidate in lexicon.candidates(for: respelling.letters, maxCost: Self.singleSlipCost, model: model) {
                candidates.append(WordLexicon.Candidate(word: candidate.word, cost: candidate.cost + respelling.cost, lastLetter: candidate.lastLetter))
            }
        }
        let lexicon = lexicon
        var options = candidates.map {
            let endingChanged = !rules.inflectionEndings.isEmpty
                && Self.changesEnding(typed, toWordEndingWith: lexicon.lastWrittenByte(of: $0), endings: rules.inflectionEndings)
            return CorrectionLattice.Option(start: position, span: 1, words: ReadingWords(Int32($0.word)),
                                            channel: -TypoCostModel.logProbabilityCost($0.cost) - (endingChanged ? Self.endingPenalty : 0),
                                            isIdentity: false)
        }
        options += splitReadings(of: typed, at: position, withSlips: !hasSingleSlipWord, compound: compound)
        return strongest(options, limit: Self.maxReadings)
    }

    /// What `typed` may have been meant as besides its slips, with what each costs: a plural
    /// or verb ending spelt as it sounds ("dictionarys", "supportes"), and, when `stuttered`,
    /// one or two syllables typed twice taken out ("documument", "implemememnt").
    static func respellings(of typed: [UInt8], stuttered: Bool, spokenEndings: Bool = true) -> [(letters: [UInt8], cost: TypoCostModel.Cost)] {
        var found: [(letters: [UInt8], cost: TypoCostModel.Cost)] = []
        let s = UInt8(ascii: "s"), e = UInt8(ascii: "e"), y = UInt8(ascii: "y")
        if spokenEndings, typed.count >= 5, typed.last == s {
            let stem = typed.dropLast(2)
            if typed[typed.count - 2] == y { found.append((stem + [UInt8(ascii: "i"), e, s], TypoCostModel.spokenEnding)) }
            if typed[typed.count - 2] == e { found.append((stem + [s], TypoCostModel.spokenEnding)) }
        }
        guard stuttered, typed.count >= minStutterLength else { return found }
        var round: [[UInt8]] = [typed]
        for repeats in 1...TypoCostModel.Cost(2) {
            var next: [[UInt8]] = []
            for letters in round {
                for length in 2...4 where letters.count >= 2 * length + 2 {
                    for start in 0...(letters.count - 2 * length)
                    where letters[start..<(start + length)].elementsEqual(letters[(start + length)..<(start + 2 * length)]) {
                        var shorter = letters
                        shorter.removeSubrange(start..<(start + length))
                        if !next.contains(shorter) { next.append(shorter) }
                    }
                }
            }
            found += next.map { ($0, repeats * TypoCostModel.repeatedSyllable) }
            round = next
        }
        return found
    }

    /// Appends the other words one cheap slip away from a correctly spelt word ("form" for "from").
    private func appendRealWordReadings(at position: Int, known: Int, letters: [UInt8], to options: inout [CorrectionLattice.Option]) {
        let neighbours = RealWordNeighbours.neighbours(of: known, letters: letters, in: lexicon, layout: keyboard, model: model,
                                                        maxCost: Self.realWordMaxCost, limit: Self.maxRealWordReadings)
        for neighbour in neighbours where !variants.areVariants(known, neighbour.candidate.word) {
            let candidate = neighbour.candidate
            let penalty = neighbour.isInflection ? Self.realWordPenalty + Self.inflectionPenalty : Self.realWordPenalty
            options.append(CorrectionLattice.Option(start: position, span: 1, words: ReadingWords(Int32(candidate.word)),
                                                    channel: -TypoCostModel.logProbabilityCost(candidate.cost) - penalty, isIdentity: false))
        }
    }

    /// Whether reading `typed` as `word` changes the ending that makes a plural or a verb form
    /// ("buiilds" as "build", "cacluates" as "calculated").
    private static func changesEnding(_ typed: [UInt8], toWordEndingWith wordLast: UInt8?, endings: [UInt8]) -> Bool {
        guard let typedLast = typed.last, endings.contains(typedLast) || endings.contains(wordLast ?? 0) else { return false }
        return wordLast != typedLast
    }

    /// Two typed words read as one: an extra space ("ho me" as "home"), also with a slip
    /// ("sumn mer" as "summer") when neither part is a word; `acrossMark`, a punctuation key hit
    /// inside a word instead of a letter or as well ("wou.d" as "would", "treatm,ent" as
    /// "treatment"), when the first part is no word or the second a single letter.
    private func merging(_ first: CorrectionToken, _ second: CorrectionToken, at position: Int,
                         acrossMark: Bool = false) -> [CorrectionLattice.Option] {
        let joined = first.lowered + second.lowered
        if acrossMark {
            guard lexicon.index(of: first.lowered) == nil || second.lowered.count == 1, joined.count <= 24, !joined.contains(0x27),
                  !second.text.utf8.contains(where: \.isASCIIUppercase) else { return [] }
            let candidates = lexicon.candidates(for: joined, maxCost: Self.singleSlipCost, model: model)
            return strongest(candidates.map {
                CorrectionLattice.Option(start: position, span: 2, words: ReadingWords(Int32($0.word)),
                                         channel: -TypoCostModel.logProbabilityCost(TypoCostModel.spaceSlip + $0.cost), isIdentity: false)
            }, limit: Self.maxMergeReadings)
        }
        // "I an" is two words, not "Ian"; "pla y" is one.
        guard standalone(first.lowered[...]) == nil || first.lowered.count >= 2,
              standalone(second.lowered[...]) == nil || second.lowered.count >= 2, joined.count <= 24, !joined.contains(0x27),
              !first.text.utf8.dropFirst().contains(where: \.isASCIIUppercase) && (first.startsSentence || first.text.utf8.first?.isASCIILowercase == true),
              !second.text.utf8.contains(where: \.isASCIIUppercase) else { return [] }
        // Two words typed as words ("day to day"), or a lone letter beside a word ("plan b is"),
        // are read as one only with strong support.
        let firstIsWord = lexicon.index(of: first.lowered) != nil, secondIsWord = lexicon.index(of: second.lowered) != nil
        let penalty = (firstIsWord || first.lowered.count == 1) && (secondIsWord || second.lowered.count == 1) && (firstIsWord || secondIsWord)
            ? Self.twoWordsMergePenalty : 0
        func option(_ word: Int, cost: TypoCostModel.Cost) -> CorrectionLattice.Option {
            CorrectionLattice.Option(start: position, span: 2, words: ReadingWords(Int32(word)),
                                     channel: -TypoCostModel.logProbabilityCost(TypoCostModel.spaceSlip + cost) - penalty, isIdentity: false)
        }
        if let index = lexicon.suggestibleIndex(of: joined) { return [option(index, cost: 0)] }
        // Two unknown parts: one word with a slip and a space in it ("favou urite").
        guard lexicon.index(of: first.lowered) == nil, lexicon.index(of: second.lowered) == nil else { return [] }
        let candidates = lexicon.candidates(for: joined, maxCost: Self.singleSlipCost, model: model)
        return strongest(candidates.map { option($0.word, cost: $0.cost) }, limit: Self.maxMergeReadings)
    }

    /// Readings of one typed word as several: a missed space ("iwant"), a space bar slip onto
    /// a bottom-row letter ("iwantbto"), and, when `withSlips`, the readings that need two
    /// slips or more: a missed space with a slip in one of the two words ("fogrow" as "to
    /// grow") or in both ("littkedpg" as "little dog"), and two missed spaces
    /// ("arrivedthismorning"). A word read as a `compound` is not cut into its parts.
    private func splitReadings(of typed: [UInt8], at position: Int, withSlips: Bool, compound: Float?) -> [CorrectionLattice.Option] {
        guard typed.count >= 3 else { return [] }
        var options: [CorrectionLattice.Option] = []
        let lexicon = lexicon
        func add(_ words: [Int], cost: TypoCostModel.Cost, penalty: Float = 0) {
            let rareParts = words.count { lexicon.logProbability[$0] < Self.rareSplitPartLogProbability }
            options.append(CorrectionLattice.Option(start: position, span: 1, words: ReadingWords(words),
                                                    channel: -TypoCostModel.logProbabilityCost(cost) - penalty
                                                        - Float(rareParts) * Self.rareSplitPartPenalty, isIdentity: false))
        }
        // One part read with a slip beside a word kept as typed; a part typed as a word is
        // read as another only at a real word's penalty.
        func addSlipReadings(of part: ArraySlice<UInt8>, typedAs typedWord: Int?, beside kept: Int, keptFirst: Bool) {
            let penalty = typedWord == nil ? 0 : Self.realWordPenalty
            for candidate in lexicon.candidates(for: Array(part), maxCost: Self.singleSlipCost, model: model) where candidate.word != typedWord {
                add(keptFirst ? [kept, candidate.word] : [candidate.word, kept], cost: TypoCostModel.spaceSlip + candidate.cost, penalty: penalty)
            }
        }
        // A missed space with a slip on each side ("littkedpg" as "little dog"): the dearest
        // split, searched only where neither part is a word, and in English only: the other
        // languages' web word lists hold so many short rare words that it mostly finds noise
        // (Dutch reads "forgot" as "fort tot").
        func addSlipReadingsOfBothParts(cut: Int) {
            let lefts = lexicon.candidates(for: Array(typed[..<cut]), maxCost: Self.singleSlipCost, model: model)
            guard !lefts.isEmpty else { return }
            for right in lexicon.candidates(for: Array(typed[cut...]), maxCost: Self.singleSlipCost, model: model) {
                for left in lefts {
                    add([left.word, right.word], cost: TypoCostModel.spaceSlip + left.cost + right.cost, penalty: Self.twoSlipSplitPenalty)
                }
            }
        }
        for cut in 1..<typed.count {
            let left = standalone(typed[..<cut]), right = standalone(typed[cut...])
            if let left, let right, compound == nil || !isCompoundCut(cut, of: typed, left, right) { add([left, right], cost: TypoCostModel.spaceSlip) }
            if cut + 1 < typed.count, keyboard.spaceBarNeighbours.contains(typed[cut]), let left, let right = standalone(typed[(cut + 1)...]) {
                add([left, right], cost: TypoCostModel.spaceSlip + TypoCostModel.neighbourSubstitution)
            }
            if withSlips, typed.count >= 4, cut >= 2, typed.count - cut >= 2 {
                if let left { addSlipReadings(of: typed[cut...], typedAs: right, beside: left, keptFirst: true) }
                if let right { addSlipReadings(of: typed[..<cut], typedAs: left, beside: right, keptFirst: false) }
            }
            if withSlips, rules.splitsWithSlips, left == nil, right == nil, cut >= Self.minSlippedSplitPartLength,
               typed.count - cut >= Self.minSlippedSplitPartLength {
                addSlipReadingsOfBothParts(cut: cut)
            }
            if withSlips, typed.count >= 7, let left {
                for second in (cut + 1)..<typed.count {
                    if let middle = standalone(typed[cut..<second]), let last = standalone(typed[second...]) {
                        add([left, middle, last], cost: 2 * TypoCostModel.spaceSlip)
                    }
                }
            }
        }
        return options
    }

    /// Whether `cut` leaves in `typed` two parts, the words `left` and `right`, that can be a
    /// compound's (`compoundScore`'s rule for a cut without a link).
    private func isCompoundCut(_ cut: Int, of typed: [UInt8], _ left: Int, _ right: Int) -> Bool {
        cut >= Self.minCompoundPartLength && typed.count - cut >= Self.minCompoundPartLength && canJoinCompound(left) && canJoinCompound(right)
    }

    /// Whether `word` can be part of a compound: function words (`den`, `mit`) are not, so
    /// one run together with the next word is a space missed (`denBach`).
    private func canJoinCompound(_ word: Int) -> Bool {
        lexicon.logProbability[word] < Self.maxCompoundPartLogProbability
    }

    /// The index of a part of a typed word that can stand as a word of its own: two letters or
    /// more, or a letter that is a word (`a` or `i` in English).
    private func standalone(_ part: ArraySlice<UInt8>) -> Int? {
        guard part.count >= 2 || part.first.map(rules.singleLetterWords.contains) == true else { return nil }
        return lexicon.index(of: part)
    }

    /// The `limit` options likeliest on their own (slips and single-word frequencies), one per
    /// reading; of two as likely, the one whose text sorts first. The options read lexicon words.
    private func strongest(_ options: [CorrectionLattice.Option], limit: Int) -> [CorrectionLattice.Option] {
        // Closures that capture `self` copy the corrector (and its cost model) on each call.
        let lexicon = lexicon
        let scores = options.map { option in
            option.words.reduce(option.channel) { $0 + ($1 >= 0 ? lexicon.logProbability[Int($1)] : option.outsideScore) }
        }
        // Exact ties are rare: only they need the texts.
        let ranked = options.indices.sorted { a, b in
            scores[a] > scores[b] || (scores[a] == scores[b] && (options[a].text(in: lexicon) ?? "") < (options[b].text(in: lexicon) ?? ""))
        }
        var kept: [CorrectionLattice.Option] = []
        kept.reserveCapacity(min(limit, options.count))
        for index in ranked where !kept.contains(where: { $0.words == options[index].words }) {
            kept.append(options[index])
            if kept.count == limit { break }
        }
        return kept
    }

    // MARK: Variations

    private func compose(_ tokens: [CorrectionToken], _ positions: [Int], _ lattice: CorrectionLattice, includingWords: Bool) -> OfflineCorrection {
        let best = lattice.path()
        var renderer = CorrectionRenderer(tokens: tokens, positions: positions, lattice: lattice, lexicon: lexicon,
                                          variants: variants, spelling: spelling, rules: rules)
        let direct = renderer.text(along: best, refined: false)
        var variations = [TextVariation(text: direct, kind: .direct)]
        let refined = renderer.text(along: best, refined: true)
        if refined != direct { variations.append(TextVariation(text: refined, kind: .refined)) }
        if let alternative = alternative(to: best, in: lattice, renderer: &renderer) {
            variations.append(TextVariation(text: alternative, kind: .alternative))
        }
        let issues: [VariationIssue] = variations.count == 3 ? [] : [.count(expected: 3, found: variations.count)]
        let set = VariationSet(variations: variations, source: .offline, issues: issues)
        let words = includingWords ? best.map { wordCorrection(renderer, $0) } : nil
        return OfflineCorrection(variations: set, words: words)
    }

    /// The likeliest reading, written refined, whose words differ from those of `best`, when it
    /// is within the alternative margins of it.
    private func alternative(to best: [Int], in lattice: CorrectionLattice, renderer: inout CorrectionRenderer) -> String? {
        guard let last = best.last else { return nil }
        let bestScore = lattice.bestScore(through: last)
        // By typed word: whether the best reading keeps it as typed, a lexicon word.
        var keptAsWord = [Bool](repeating: false, count: lattice.positions)
        var onBest = [Bool](repeating: false, count: lattice.options.count)
        for index in best {
            onBest[index] = true
            let option = lattice.options[index]
            if option.isIdentity, option.words[0] >= 0 { keptAsWord[option.start] = true }
        }
        var candidates: [(option: Int, loss: Float)] = []
        for index in lattice.options.indices where !onBest[index] {
            let loss = bestScore - lattice.bestScore(through: index)
            if loss <= Self.alternativeMargin { candidates.append((index, loss)) }
        }
        candidates.sort { $0.loss < $1.loss || ($0.loss == $1.loss && $0.option < $1.option) }
        let bestWords = CorrectionRenderer.wordKey(renderer.text(along: best, refined: true))
        for candidate in candidates {
            // The best path through a reading may read other words differently too.
            let path = lattice.path(through: candidate.option)
            let changesTypedWord = path.contains { index in
                !onBest[index] && (lattice.options[index].start..<lattice.options[index].end).contains { keptAsWord[$0] }
            }
            if changesTypedWord, candidate.loss > Self.realWordAlternativeMargin { continue }
            let text = renderer.text(along: path, refined: true)
            if CorrectionRenderer.wordKey(text) != bestWords { return text }
        }
        return nil
    }

    /// What happened to the typed word(s) that option `chosen` reads, with its share of the
    /// probability of all readings starting there.
    private func wordCorrection(_ renderer: CorrectionRenderer, _ chosen: Int) -> WordCorrection {
        let lattice = renderer.lattice
        let option = lattice.options[chosen]
        let original = renderer.typedText(option)
        let corrected = renderer.writtenText(option: chosen)
        var rivals: [(index: Int, score: Float)] = []
        for rival in lattice.options(startingAt: option.start) where rival != chosen {
            let score = lattice.bestScore(through: rival)
            if score.isFinite { rivals.append((rival, score)) }
        }
        rivals.sort { $0.score > $1.score }
        let best = lattice.bestScore(through: chosen)
        var total: Double = 1
        for rival in rivals { total += decimalPower(Double(rival.score - best)) }
        return WordCorrection(original: original, corrected: corrected, confidence: 1 / total,
                              alternatives: rivals.prefix(3).map { CorrectionRenderer.matchCase(renderer.readingText(lattice.options[$0.index]), to: original) })
    }
}
