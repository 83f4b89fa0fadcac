extension OfflineCorrector {
    /// What the corrector charges for reading a word typed as a listed word as another one,
    /// in log10 units: most words typed as listed are meant.
    package static var listedWordReadingCost: Float { CorrectorTuning.realWordPenalty }

    /// How unlikely the words of `words` are in order in `language` (the corrector's own
    /// language's pack when it has none of that language), in log10 units as the corrector
    /// scores its readings: the sum of -log10 P(word | the words before it) over its pairs and
    /// triples. A word no list holds costs as an unknown word does and breaks the context, as
    /// does a word with `startsContext` set (a sentence's first). Linear in the words.
    package func contextCost(of words: [(text: String, startsContext: Bool)], language: String) -> Float {
        let list = (packs.first { $0.language.language == language } ?? packs[0]).words
        let lexicon = list.lexicon, model = list.pairs
        var cost: Float = 0
        var previous: Int32 = -1, earlier: Int32 = -1
        for word in words {
            if word.startsContext { (previous, earlier) = (-1, -1) }
            guard let key = LetterFolding.spellingKey(word.text.lowercased()), let index = lexicon.index(of: key) else {
                cost -= CorrectorTuning.unknownWordLogProbability
                (previous, earlier) = (-1, -1)
                continue
            }
            let current = Int32(index)
            cost -= model.logProbability(of: current, after: previous, earlier: earlier)
            (earlier, previous) = (previous, current)
        }
        return cost
    }
}
