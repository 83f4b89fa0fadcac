/// The offline corrector's tuned constants, in one place; each says what it trades. Scores
/// and probabilities are log10; costs are `TypoCostModel.Cost` units, in which a neighbouring
/// key costs 10. A change is compared with the previous build by scripts/compare-corrector.py.
///
/// The reading constants are fitted: `python3 scripts/fit-corrector.py --rounds 3 --weights
/// 8,12,16 --seed 1` searches them on the train split of the generated English sets
/// (scripts/generate-fitting-sets.py: 25,000 sentences), weighing each correctly typed word
/// damaged 16 mistyped words fixed and each sentence lost on the tuning halves of the
/// project's other sets (tremor corpus, real misspellings, clean sentences, names, rare words,
/// language corpora) 200. Four of its values were put back: `nameScore`,
/// `maxBrandLogProbability` and `rareSplitPartLogProbability` broke what the tests pin
/// (`FedEx`, `Mohammed` kept; `Iwent` split), and `twoWordsMergePenalty` joined two correct
/// German words (`wie viel`); the fitter now leaves those four alone and guards those cases. Before and after (direct version; exact, slips fixed, correct words
/// damaged, clean sentences changed):
///
///     dev   83.9% 81.6% 0.33% 59 of 2517  ->  84.7% 82.6% 0.29% 52 of 2517
///     test  83.7% 81.2% 0.29% 52 of 2528  ->  84.8% 82.7% 0.26% 48 of 2528  (never chosen on)
///
/// The constants of capitalised words and marks (`capitalisedRealWordPenalty`,
/// `sentenceStartSlipCost`, `wrongAccentCost`, `wrongAccentKeptScore`, `diacriticSlipCost`)
/// are fitted on the train splits of every language's generated sets at once (`--set` for en,
/// fr, de, es, it, pt and nl; `--only` those five; `--rounds 2 --weights 16 --seed 1`).
/// Slips fixed on each language's development split, the build before these constants →
/// fitted:
///
///     en 82.6 → 83.0%  fr 80.8 → 81.5%  de 71.2 → 73.9%  es 74.4 → 78.3%
///     it 78.8 → 79.8%  pt 79.7 → 82.0%  nl 81.3 → 82.8%
///
/// The same run over all seven sets with `--only unknownBesideReadingsScore,unknownScore`
/// moved `unknownBesideReadingsScore` -12.5 → -11.5: a word the list lacks is kept more often
/// (Italian's and French's lists lack many inflected forms); one step further lost two tremor
/// sentences and was refused.
///
/// `wrongAccentKeptScore` was then set by hand, -5 → -10, once Portugal's list read Brazil's
/// marks as spellings (`regional-marks`: `tênis`, `prêmio`): before, reading every wrong mark
/// as the mark meant rewrote Brazilian spellings, which the fit rightly refused. On the
/// development splits of the six languages the fitter's objective barely moves (-11,157 at
/// -5, -11,113 at -7, -11,132 at -10 and beyond); wrong marks fixed rise 181 → 301 of 385,
/// and the 6 more words it counts as damaged are, read one by one, old French spellings of
/// the books (`liége`, `avénement`) and Brazil's `vôlei` written as Portugal's `vólei`.
///
/// `nameReadingMarginPerLetter` (0.5 beyond `commonNameLength`, 5 letters, at a sentence's
/// start only) and `minPossessiveStemLogProbability` (-5.5) were swept on the development
/// splits (0, 0.5, 1; -4.5, -5.5, none). Capitalised slips fixed at 0 → 0.5: en 65.5 → 67.7%,
/// fr 64.0 → 64.9%, de 75.4 → 77.1%, es 57.4 → 63.9%, it 62.2 → 71.3%, pt 68.6 → 74.4%,
/// nl 61.6 → 66.3%, with damage unchanged but for 0.01 points in fr, de and it; 1 changed more
/// clean sentences. Applied mid-sentence too, it rewrote the books' names (`Vincenzi`,
/// `Rouillon`). English contraction slips fixed 71.3 → 75.4% for 0.01 points of damage.
///
/// The packs had counted the sets' own sentences in their word pairs, so every fit above was
/// made, and measured, with context that had seen the text; regenerated without them
/// (scripts/fitting_sentences.py), English's train split fell from 83.9% of slips fixed to
/// 80.5%, as on development. The English constants were fitted again on those packs
/// (`python3 scripts/fit-corrector.py --set .build/fitting-sets/en.json --only` every searched
/// constant but the four of marks `--rounds 2 --weights 16 --seed 1`, 15 minutes). Context
/// that had seen the text had made its evidence look stronger than it is; the fit asks more of
/// it (`realWordPenalty` 1.5 → 1.75, `inflectionPenalty` 0 → 0.5, `nameReadingMargin` 3 →
/// 3.5, `sentenceStartNameReadingMargin` 3.125 → 3.375, `capitalisedRealWordPenalty` 1.5 →
/// 1.375, `maxShortNameLength` 4 → 5, `rareSplitPartPenalty` 1.3125 → 1.5625,
/// `twoSlipSplitPenalty` 3.25 → 3.75, `sentenceStartSlipCost` 20 → 18). Two were held back
/// where the fit broke what the tests pin: `sentenceStartSlipCost` stays 20 (`Sthe stopped`
/// is `She stopped`), `realWordPenalty` goes halfway, to 1.625 (`Nan wächst` is `Man wächst`).
/// English before → the fit → as taken (direct version; exact, slips fixed, correct words
/// damaged, clean sentences changed):
///
///     dev   82.8% 80.8% 0.41% 75 of 2517  ->  82.0% 78.8% 0.31% 55  ->  82.4% 79.6% 0.34% 61
///
/// The other languages' development splits move the same way (slips fixed, damage), before →
/// as taken: fr 81.7 → 80.9%, 0.93 → 0.85%; de 74.3 → 73.3%, 0.81 → 0.77%; es 79.0 → 77.6%,
/// 0.89 → 0.85%; it 79.7 → 78.8%, 1.89 → 1.81%; pt 81.2 → 80.3%, 0.89 → 0.85%; nl 77.7 →
/// 77.1%, 0.58 → 0.48%.
///
/// `unseenLettersNameMarginCut` (2) was swept on the development splits (0, 1.5, 2, 3), with
/// the contractions restored from a capital (`capitalised-contractions`: `Ill`, `Lets`) in
/// place. Capitalised slips fixed at 0 → 2: en 59.8 → 62.6%, fr 63.2 → 64.0%, de 74.8 →
/// 75.6%, es 59.0 → 59.0%, it 62.8 → 67.1%, pt 68.0 → 71.5%, nl 62.8 → 64.0%; damage
/// unchanged but 0.01 points in en and it; one more clean sentence changed in en, fr and it
/// (`Yair Stern` read as `Hair Stern`). At 3 English loses two of those slips again.
///
/// `midSentenceNameReadingMarginPerLetter` (0.5) was swept the same way (0, 0.25, 0.5, 1, 2).
/// Toward any word, 0.5 fixed 7 English slips (`Praker`, `Yokophama`) for one name (`Grande` as
/// `Grand`), but damaged 4 names in French and 3 in Italian for 0 and 1 fixed; toward the
/// pack's names only (English's), it fixes 4 more capitalised slips on English development
/// (62.6 → 63.4%), changes no clean sentence and leaves the other languages as they were.
/// At 1, two more clean sentences change.
///
/// The language-telling and compound constants do nothing in English text and stay hand-set
/// on the language corpora. Each value goes through `fitted(_:_:)`, so that the
/// fitter can try values in a build of its own (`STORYKIT_FITTING`); the library proper has no
/// way to change them.
package enum CorrectorTuning {
    // MARK: Language telling

    /// How much likelier (mean log10 probability per word) another language's list must find a
    /// text's words than English's for the text to be read in that language when its signs
    /// alone do not settle it.
    static let likelihoodMargin: Float = fitted("likelihoodMargin", 0.5)
    /// The mean log10 probability from which English finds a text's words likely enough to read
    /// it as English without asking another pack. English tremor sentences score about -4,
    /// sentences in the other six languages -7 (-4.9 at most).
    static let likelyEnglishLogProbability: Float = fitted("likelyEnglishLogProbability", -4.5)
    /// The mean log10 probability under which English finds a text unlikely enough to ask every
    /// pack (a few heavily mistyped English sentences score down to -6.3: they are still read
    /// as English, at the cost of loading the packs).
    static let unlikelyEnglishLogProbability: Float = fitted("unlikelyEnglishLogProbability", -5.5)
    /// What a word outside a list counts for in `meanLogProbability`: below the rarest listed.
    static let unknownWordLogProbability: Float = fitted("unknownWordLogProbability", -8)
    /// The fewest words whose lists' likelihoods say anything.
    static let minimumWordsToCompareLists: Int = fitted("minimumWordsToCompareLists", 3)
    /// How common (log10 share) each word of a text shorter than `minimumWordsToCompareLists`
    /// must be in another language's list, English listing none, for the text to be read in
    /// that language (`hola`, `grazie`).
    static let commonForeignWordLogProbability: Float = fitted("commonForeignWordLogProbability", -4)

    // MARK: Readings

    /// The score of a word outside the lexicon left as typed.
    static let unknownScore: Float = fitted("unknownScore", -12)
    /// The same, for a word that has readings: only the far-fetched ones lose to it.
    static let unknownBesideReadingsScore: Float = fitted("unknownBesideReadingsScore", -11.5)
    /// The score of a letter other than "a" and "i" standing alone, left as typed.
    static let singleLetterScore: Float = fitted("singleLetterScore", -7)
    /// The score of a capitalised word outside the lexicon left as typed: a name is likelier
    /// than an unknown lower-case word.
    static let nameScore: Float = fitted("nameScore", -9)
    /// `nameScore` for a sentence's first word, whose capital says nothing of a name.
    static let sentenceStartNameScore: Float = fitted("sentenceStartNameScore", -8.0)
    /// `nameReadingMargin` for a sentence's first word.
    static let sentenceStartNameReadingMargin: Float = fitted("sentenceStartNameReadingMargin", 3.375)
    /// How far (slip cost) a sentence's first word outside the list may be from its readings:
    /// `Eighu` for `Eight` is a far key. Mid-sentence, a capitalised word is read only one
    /// slip away (`singleSlipCost`).
    static let sentenceStartSlipCost: TypoCostModel.Cost = fitted("sentenceStartSlipCost", 20)
    /// The shortest capitalised word mid-sentence read as a slip; shorter ones are names.
    static let minCorrectedNameLength: Int = fitted("minCorrectedNameLength", 4)
    /// How common (log10 share) a word must be to be read for a short capitalised word outside
    /// the lexicon, which may be a name: "Teh" is "The", "Milly" is not "Molly", "Rao" not "Rap".
    static let minNameReadingLogProbability: Float = fitted("minNameReadingLogProbability", -4.2)
    /// The longest capitalised word that `minNameReadingLogProbability` applies to.
    static let maxShortNameLength: Int = fitted("maxShortNameLength", 5)
    /// How much likelier (log10) than a name a reading of a capitalised word the list lacks
    /// must be: a name written wrong hurts a writer more than a slip left in ("Mansell" is
    /// not "Man sell", "Mohammed" not "Mohamed"; "Tueday" is still "Tuesday").
    static let nameReadingMargin: Float = fitted("nameReadingMargin", 3.5)
    /// How much of that margin each letter beyond `commonNameLength` takes off a reading as one
    /// word, down to none: the longer a name, the less often a single slip of a listed word
    /// spells it ("Rememberikng" is no name; "Frida" may be). A split ("Ghostbusters") and a
    /// reading farther than `singleSlipCost` ("Mohammed" is not "Mohammad") keep the whole margin.
    static let nameReadingMarginPerLetter: Float = fitted("nameReadingMarginPerLetter", 0.5)
    /// How much of the margin a reading as one word near a slip away loses when the capital word
    /// holds three letters in a row that no listed word holds (`Jqpanese`, `Frebch`, `Tpom`):
    /// a name follows its language's letters, a slip often does not.
    static let unseenLettersNameMarginCut: Float = fitted("unseenLettersNameMarginCut", 2)
    /// `nameReadingMarginPerLetter` for a capitalised word inside a sentence, toward a reading
    /// that is itself a name of the pack (`Praker` is `Parker`): toward any word, it rewrote
    /// the books' names (French `Grandier` as `grandir`, Italian `Vincenzi` as `Vincenzo`).
    static let midSentenceNameReadingMarginPerLetter: Float = fitted("midSentenceNameReadingMarginPerLetter", 0.5)
    /// The longest names are commonly: up to it, the whole `nameReadingMargin` applies.
    static let commonNameLength: Int = fitted("commonNameLength", 5)
    /// How rare (log10 share) a word may be and still be a brand when typed with a capital
    /// second letter after `i` or `e` and no word after that letter (`iTunes`): commoner words
    /// so typed are slips ("iNside").
    static let maxBrandLogProbability: Float = fitted("maxBrandLogProbability", -5)
    /// The shortest word of two run together as a brand (`PayPal`): shorter parts are too
    /// often a stray capital's two halves.
    static let minRunTogetherWordLength: Int = fitted("minRunTogetherWordLength", 3)
    /// How common (log10 share) a word must be for its letters and an `s` the list lacks to be
    /// read as its possessive typed without the apostrophe (`wifes`, `Marys`): a rarer word's
    /// are mostly a plural the list lacks (`loquats`, `hatchlings`).
    static let minPossessiveStemLogProbability: Float = fitted("minPossessiveStemLogProbability", -5.5)
    /// The score of a contraction typed with or without its apostrophe ("dont", "don't").
    static let contractionScore: Float = fitted("contractionScore", -4)
    /// What it costs to read a correctly spelt word as another word: most typed words are
    /// meant as typed, so a real-word slip needs strong support from the words around it.
    static let realWordPenalty: Float = fitted("realWordPenalty", 1.625)
    /// What it costs more to read a correctly spelt word with its capital as another word: a
    /// sentence's first word (`Bow about` for `How about`) or a German noun. Its capital may
    /// make it a name (`Ben`), and a name's rivals are not read.
    static let capitalisedRealWordPenalty: Float = fitted("capitalisedRealWordPenalty", 1.375)
    /// What it costs more to read a correctly spelt word as its other form ("jokes" for "joke").
    static let inflectionPenalty: Float = fitted("inflectionPenalty", 0.5)
    /// What it costs to read two correctly spelt words as one ("to day" as "today").
    static let twoWordsMergePenalty: Float = fitted("twoWordsMergePenalty", 3)
    /// How far (slip cost) a correctly spelt word's rival may be: farther rivals are never what
    /// was meant, and each one searched costs time.
    static let realWordMaxCost: TypoCostModel.Cost = fitted("realWordMaxCost", 14)
    /// The most readings kept per typed word: more lets the words around choose among far-fetched
    /// ones, fewer drops the meant reading of a badly mistyped word. Set back from the fit's 14
    /// to 12, with `maxRealWordReadings` 7 → 5, for time: each is a place in the lattice for
    /// every word. On the development splits of en, de, fr and nl, 12 fixes what 14 fixes and
    /// 5 rivals fix 10 fewer slips (of 11,664 fixed) than 7 (`compare-corrector.py --time 5` against the
    /// build before the fit, bb51a5a: German 1.16× instead of 1.24×).
    static let maxReadings: Int = fitted("maxReadings", 12)
    /// The shortest typed word searched with sound-alike letters: in short words they
    /// mistake one common word for another ("af" is "at", not "of").
    static let minSoundAlikeLength: Int = fitted("minSoundAlikeLength", 6)
    /// How rare (log10 share) a word may be before reading it as part of a typed word split
    /// costs `rareSplitPartPenalty` more: "alechmist" is more likely "alchemist" misspelt
    /// than "ale chemist" without a space.
    static let rareSplitPartLogProbability: Float = fitted("rareSplitPartLogProbability", -5)
    /// What a split costs more per part rarer than `rareSplitPartLogProbability`.
    static let rareSplitPartPenalty: Float = fitted("rareSplitPartPenalty", 1.5625)
    /// What a typed word split into two words with a slip in each costs more than its slips:
    /// cheaper, such splits beat the misspelling of one long word ("nesseccary" as "jesse
    /// carry", "arraies" as "area is").
    static let twoSlipSplitPenalty: Float = fitted("twoSlipSplitPenalty", 3.75)
    /// The shortest part of a typed word read as a word with a slip beside another such part.
    static let minSlippedSplitPartLength: Int = fitted("minSlippedSplitPartLength", 2)
    /// What it costs more to read an unknown word with another ending: word frequencies
    /// judge grammar (singular or plural, present or past) poorly.
    static let endingPenalty: Float = fitted("endingPenalty", 0.4)
    /// The shortest typed word searched for syllables typed twice.
    static let minStutterLength: Int = fitted("minStutterLength", 6)
    /// The first search's reach.
    static let nearCost: TypoCostModel.Cost = fitted("nearCost", 20)
    /// The dearest single slip: a word this close makes the readings that need two slips (far
    /// words, splits with a slip) moot.
    static let singleSlipCost: TypoCostModel.Cost = fitted("singleSlipCost", 14)
    /// The most rivals read for a correctly spelt word: each is a chance to change a word meant.
    static let maxRealWordReadings: Int = fitted("maxRealWordReadings", 5)
    /// The most readings of two typed words as one (`ho me` as `home`).
    static let maxMergeReadings: Int = fitted("maxMergeReadings", 3)
    /// The most other words read for a capitalised word of the list (a sentence's first, a
    /// German noun), the likeliest first: its rivals need strong context to win, and German
    /// has one such word in three. On the development splits of en and de, 3 fixes what 7
    /// fixes (2 loses one slip) in less time; 4 keeps `zehn Ur` read as `zehn Uhr` in the
    /// German corpus.
    static let maxCapitalisedRealWordReadings: Int = fitted("maxCapitalisedRealWordReadings", 4)
    /// What a diacritic skipped or wrong costs (log10): a long press missed is the commonest
    /// slip of all in languages that write them.
    static let diacriticSlipCost: Float = fitted("diacriticSlipCost", 0.2)
    /// What reading a word typed with the wrong mark (`régles` for `règles`, `Mâdchen` for
    /// `Mädchen`) as the list's spelling costs (log10): a long press that picked the mark
    /// beside the one meant.
    static let wrongAccentCost: Float = fitted("wrongAccentCost", 1.75)
    /// The score of a word typed with a wrong mark kept as typed: no language writes two
    /// words that differ only in which mark a letter carries, so the typing is seldom meant.
    static let wrongAccentKeptScore: Float = fitted("wrongAccentKeptScore", -10.0)
    /// How much rarer (log10) an English word is in another language's text than in
    /// English: a borrowed word its list lacks (`web`, `online`) is kept at its English
    /// likelihood less this. Set on the development splits of fr, de, it, pt and nl (fixed,
    /// correct words damaged): off 10,670 and 1,258; 2: 10,671 and 1,163; 1: 10,667 and
    /// 1,142; 0.5: 10,666 and 1,132; 0: 10,658 and 1,125. Below 0.5 French loses slips to
    /// English words; the objective (16 per word damaged) still rises a little.
    static let loanwordPenalty: Float = fitted("loanwordPenalty", 0.5)
    /// How common (log10 share) a word without a vowel must be to stand as typed.
    static let minAbbreviationLogProbability: Float = fitted("minAbbreviationLogProbability", -5)
    /// The shortest part of a compound (`Tee|kanne`): shorter words run together are more
    /// often a space missed.
    static let minCompoundPartLength: Int = fitted("minCompoundPartLength", 3)
    /// How common (log10 share) a word may be and still be part of a compound: commoner ones,
    /// one word in 400 or more, are function words (`den`, `mit`, `een`).
    static let maxCompoundPartLogProbability: Float = fitted("maxCompoundPartLogProbability", -2.6)
    /// What it costs to read a slip as a word that leaves its sentence unfinished ("the.").
    static let unfinishedSentencePenalty: Float = fitted("unfinishedSentencePenalty", 4)

    // MARK: The writer's words

    /// How far (slip cost) a typed word may be from a known word of the writer's to be read
    /// as it: two slips of a neighbouring key, or one far one and a near one.
    static let writersWordMaxCost: TypoCostModel.Cost = fitted("writersWordMaxCost", 24)
    /// How much dearer (slip cost) than the nearest listed word a known word of the writer's
    /// may be and still be read: the writer's words are likely in the writer's text.
    static let writersWordPrior: TypoCostModel.Cost = fitted("writersWordPrior", 10)

    // MARK: Search reach

    /// How far a reading may be from what was typed, by the length typed.
    static func maxCost(_ length: Int) -> TypoCostModel.Cost {
        switch length {
        case ...2: 20
        case 3...4: 24
        case 5...7: 27
        default: 33
        }
    }
}
