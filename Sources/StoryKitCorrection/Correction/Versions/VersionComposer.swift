/// The versions of a correction, for `OfflineCorrector`: the best reading written as typed
/// (`direct`) and polished (`refined`), the next likeliest reading with other words when it is
/// within the alternative margins (`alternative`), and each word's correction and confidence.
struct VersionComposer {
    let lexicon: WordLexicon
    let variants: SpellingVariants
    let spelling: SpellingSystem
    let rules: LanguagePack.Rules

    /// The versions of the correction whose readings are `lattice` (word positions at
    /// `positions` of `tokens`), and with `includingWords` each word's correction.
    func compose(_ tokens: [CorrectionToken], _ positions: [Int], _ lattice: CorrectionLattice, includingWords: Bool)
        -> OfflineCorrection
    {
        let best = lattice.path()
        var renderer = CorrectionRenderer(
            tokens: tokens, positions: positions, lattice: lattice, lexicon: lexicon,
            variants: variants, spelling: spelling, rules: rules)
        let direct = renderer.text(along: best, refined: false)
        var variations = [TextVariation(text: direct, kind: .direct)]
        let refined = renderer.text(along: best, refined: true)
        if refined != direct { variations.append(TextVariation(text: refined, kind: .refined)) }
        if let alternative = alternative(to: best, writtenAs: refined, in: lattice, renderer: &renderer) {
            variations.append(TextVariation(text: alternative, kind: .alternative))
        }
        let issues: [VariationIssue] = variations.count == 3 ? [] : [.count(expected: 3, found: variations.count)]
        let set = VariationSet(variations: variations, source: .offline, issues: issues)
        let words =
            includingWords
            ? best.indices.map { wordCorrection(renderer, best[$0], before: $0 + 1 < best.count ? best[$0 + 1] : nil) }
            : nil
        return OfflineCorrection(variations: set, words: words)
    }

    /// The likeliest reading, written refined, whose words differ from those of `best` (written
    /// refined as `bestText`), when it is within the alternative margins of it.
    private func alternative(
        to best: [Int], writtenAs bestText: String, in lattice: CorrectionLattice, renderer: inout CorrectionRenderer
    ) -> String? {
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
            if loss <= OfflineCorrector.alternativeMargin { candidates.append((index, loss)) }
        }
        candidates.sort { $0.loss < $1.loss || ($0.loss == $1.loss && $0.option < $1.option) }
        let bestWords = CorrectionRenderer.wordKey(bestText)
        for candidate in candidates {
            // The best path through a reading may read other words differently too.
            let path = lattice.path(through: candidate.option)
            let changesTypedWord = path.contains { index in
                !onBest[index]
                    && (lattice.options[index].start..<lattice.options[index].end).contains { keptAsWord[$0] }
            }
            if changesTypedWord, candidate.loss > OfflineCorrector.realWordAlternativeMargin { continue }
            let text = renderer.text(along: path, refined: true)
            if CorrectionRenderer.wordKey(text) != bestWords { return text }
        }
        return nil
    }

    /// What happened to the typed word(s) that option `chosen` reads, before option `next` on
    /// the best path, with its share of the probability of all readings starting there.
    private func wordCorrection(_ renderer: CorrectionRenderer, _ chosen: Int, before next: Int?) -> WordCorrection {
        let lattice = renderer.lattice
        let option = lattice.options[chosen]
        let original = renderer.typedText(option, asTyped: true)
        let corrected =
            next.flatMap { renderer.contraction(chosen, before: $0, refined: false) }
            ?? renderer.writtenText(option: chosen)
        var rivals: [(index: Int, score: Float)] = []
        for rival in lattice.options(startingAt: option.start) where rival != chosen {
            let score = lattice.bestScore(through: rival)
            if score.isFinite { rivals.append((rival, score)) }
        }
        rivals.sort { $0.score > $1.score }
        let best = lattice.bestScore(through: chosen)
        var total: Double = 1
        for rival in rivals { total += decimalPower(Double(rival.score - best)) }
        return WordCorrection(
            original: original, corrected: corrected, confidence: 1 / total,
            alternatives: rivals.prefix(3).map {
                CorrectionRenderer.matchCase(renderer.readingText(lattice.options[$0.index]), to: original)
            })
    }
}
