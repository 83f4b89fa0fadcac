/// The other words one cheap slip away from each correctly spelt word ("form" for "from"),
/// remembered per process: the same common words come back in every sentence, and finding
/// their neighbours is a trie search each time.
enum RealWordNeighbours {
    private struct Key: Hashable {
        /// Each language's lexicon numbers its own words.
        var lexicon: ObjectIdentifier
        var layout: KeyboardLayout
        var word: Int32
    }

    /// Enough for the vocabulary of a long session; when full it starts over.
    private static let capacity = 8192
    private static let cache = LockedValue<[Key: [WordLexicon.Candidate]]>([:])

    /// The `limit` likeliest words (by frequency and slip cost) within `maxCost` of lexicon
    /// word `word`, whose letters (lower case, folded) are `letters`, on `layout`, `word`
    /// itself excluded.
    static func neighbours(of word: Int, letters: [UInt8], in lexicon: WordLexicon, layout: KeyboardLayout, model: TypoCostModel,
                           maxCost: TypoCostModel.Cost, limit: Int) -> [WordLexicon.Candidate] {
        let key = Key(lexicon: ObjectIdentifier(lexicon), layout: layout, word: Int32(word))
        func score(_ candidate: WordLexicon.Candidate) -> Float {
            lexicon.logProbability[candidate.word] - TypoCostModel.logProbabilityCost(candidate.cost)
        }
        if let known = cache.withLock({ $0[key] }) { return known }
        let found: [WordLexicon.Candidate] = Array(lexicon.candidates(for: letters, maxCost: maxCost, model: model)
            .filter { $0.word != word }
            .sorted { score($0) > score($1) }
            .prefix(limit))
        cache.withLock { cache in
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[key] = found
        }
        return found
    }
}
