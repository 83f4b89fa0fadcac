/// Tells which of a corrector's languages a text is in (or which other language, when its
/// signs name one the corrector lacks): the signs `ForeignText` finds, then, where they do not
/// settle it, which pack's word list finds the words likeliest.
struct LanguageIdentifier {
    /// The languages the corrector reads.
    let packs: [LanguagePack]
    /// The pack read when nothing points elsewhere and the packs lack English.
    let pack: LanguagePack

    /// The language of `text` (`tokens` as English splits it), told from its common words and
    /// letters (`ForeignText`); between the languages of `packs` they hint at, the one whose
    /// word list finds the words likeliest, which must be clearly likelier than English's
    /// unless the signs settled that the text is not English, and never less likely (names
    /// left out: `meanLogProbability`). Text whose words English finds
    /// likely loads no other pack; text English finds unlikely asks every pack; other text
    /// loads the packs of the languages it shows signs of.
    func language(of text: String, _ tokens: [CorrectionToken]) -> String {
        let english = WordLexicon.english
        let judgement = ForeignText.judge(tokens, lexicon: english)
        if let language = judgement.language, !packs.contains(where: { $0.language.language == language }) {
            return language
        }
        let readsEnglish = packs.contains { $0.language.language == OfflineCorrector.referenceLanguage }
        let fallback = judgement.language ?? (readsEnglish ? "en" : pack.language.language)
        guard tokens.count(where: { $0.kind == .word }) >= CorrectorTuning.minimumWordsToCompareLists else {
            guard judgement.language == nil, readsEnglish else { return fallback }
            return commonWordsLanguage(of: text, tokens, english: english) ?? fallback
        }
        let englishLikelihood = Self.meanLogProbability(of: tokens, in: english, readsContractions: true)
        // Words English finds likely are English, whatever few signs they hold ("die", "son").
        if judgement.language == nil, englishLikelihood >= CorrectorTuning.likelyEnglishLogProbability {
            return fallback
        }
        // Signs are few in a short or mistyped sentence (none in "Hoe laat begint de film?"),
        // and shared between related languages: when English finds the words unlikely, every
        // pack's list is asked.
        var candidates =
            englishLikelihood < CorrectorTuning.unlikelyEnglishLogProbability
            ? packs.filter { $0.language.language != OfflineCorrector.referenceLanguage }
            : judgement.candidates.compactMap { code in packs.first { $0.language.language == code } }
        // The language the signs name is always asked when it has a pack: without it, a pack
        // the signs only hint at (German, for Polish "sie") would read the text alone.
        if let named = judgement.language, !candidates.contains(where: { $0.language.language == named }),
            let pack = packs.first(where: { $0.language.language == named })
        {
            candidates.append(pack)
        }
        var best: (language: String, likelihood: Float)?
        for candidate in candidates {
            let tokens = CorrectionToken.tokenize(text, rules: candidate.rules)
            let likelihood = Self.meanLogProbability(
                of: tokens, in: candidate.words.lexicon, readsContractions: false)
            // Where the signs name a language with a pack, another pack overrules them only
            // when its list knows most of the words: a list that knows one word of Polish
            // ("sie") must not rewrite the rest into its own words ("masz" as "März").
            let language = candidate.language.language
            if let named = judgement.language, language != named,
                candidates.contains(where: { $0.language.language == named }),
                Self.knownShare(of: tokens, in: candidate.words.lexicon) < 0.5
            {
                continue
            }
            if likelihood > best?.likelihood ?? -.infinity { best = (language, likelihood) }
        }
        guard let best else { return fallback }
        // Signs mislead in a short English sentence with a name ("I met Zou today": `met` and
        // `zou` are Dutch words): a language whose list finds the words less likely than
        // English's does not overrule English.
        if judgement.language != nil, best.likelihood < englishLikelihood, readsEnglish { return "en" }
        guard judgement.language != nil || best.likelihood >= englishLikelihood + CorrectorTuning.likelihoodMargin
        else { return fallback }
        return best.language
    }

    /// The language of a text too short to compare lists on (`hola`, `merci beaucoup`), when
    /// English lists none of its words and another pack lists every one as a common word; the
    /// pack that finds them likeliest. An English slip is seldom another language's common
    /// word, and `hola` read as English is `hold`.
    private func commonWordsLanguage(of text: String, _ tokens: [CorrectionToken], english: WordLexicon) -> String? {
        let words = tokens.filter { $0.kind == .word }
        guard !words.isEmpty,
            words.allSatisfy({
                english.index(of: $0.lowered) == nil && LanguagePack.english.rules.contraction(of: $0.lowered) == nil
            })
        else { return nil }
        var best: (language: String, likelihood: Float)?
        for candidate in packs where candidate.language.language != OfflineCorrector.referenceLanguage {
            let lexicon = candidate.words.lexicon
            let candidateWords = CorrectionToken.tokenize(text, rules: candidate.rules).filter { $0.kind == .word }
            var total: Float = 0
            var common = !candidateWords.isEmpty
            for word in candidateWords {
                guard let index = lexicon.index(of: word.lowered),
                    lexicon.logProbability[index] >= CorrectorTuning.commonForeignWordLogProbability
                else {
                    common = false
                    break
                }
                total += lexicon.logProbability[index]
            }
            let likelihood = total / Float(max(1, candidateWords.count))
            if common, likelihood > best?.likelihood ?? -.infinity { best = (candidate.language.language, likelihood) }
        }
        return best?.language
    }

    /// The share of the words of `tokens` that `lexicon` lists.
    private static func knownShare(of tokens: [CorrectionToken], in lexicon: WordLexicon) -> Float {
        let words = tokens.filter { $0.kind == .word }
        guard !words.isEmpty else { return 0 }
        return Float(words.count { lexicon.index(of: $0.lowered) != nil }) / Float(words.count)
    }

    /// The mean log10 probability of the words of `tokens` under `lexicon`'s frequencies, a word
    /// it lacks counting as `unknownWordLogProbability`: a list that holds a language's words
    /// only as rare borrowings (Spanish web text's `chegar`) scores that language's text low.
    /// A capitalised word inside a sentence that the English list lacks is a name, which
    /// tells no language ("I met Zou today" is English although `zou` is a Dutch word); with
    /// `readsContractions`, an English contraction typed without its apostrophe counts as one
    /// (`im` is "I'm", not the German `im`).
    private static func meanLogProbability(
        of tokens: [CorrectionToken], in lexicon: WordLexicon, readsContractions: Bool
    ) -> Float {
        let english = WordLexicon.english
        var total: Float = 0, words = 0
        for token in tokens where token.kind == .word {
            if !token.startsSentence, token.text.utf8.first?.isASCIIUppercase == true,
                english.index(of: token.lowered) == nil
            {
                continue
            }
            words += 1
            var logProbability =
                lexicon.index(of: token.lowered).map {
                    max(lexicon.logProbability[$0], CorrectorTuning.unknownWordLogProbability)
                }
                ?? CorrectorTuning.unknownWordLogProbability
            if readsContractions, LanguagePack.english.rules.contraction(of: token.lowered) != nil {
                logProbability = max(logProbability, CorrectorTuning.contractionScore)
            }
            total += logProbability
        }
        return words == 0 ? CorrectorTuning.unknownWordLogProbability : total / Float(words)
    }
}
