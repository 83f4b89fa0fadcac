/// The other words one cheap slip away from each correctly spelt word ("form" for "from"),
/// remembered for one lexicon: the same common words come back in every sentence, and finding
/// their neighbours is a trie search each time.
///
/// The cache belongs to its lexicon and dies with it, so a reading can never be attributed to
/// another pack, even one later loaded at the same address.
final class RealWordNeighbours: Sendable {
    private struct Key: Hashable {
        var layout: KeyboardLayout
        var word: Int32
    }

    /// A neighbour, and whether it is the word's other form (`joke`/`jokes`): that is grammar,
    /// which word pairs judge poorly, more often than a slip.
    struct Neighbour: Sendable {
        var candidate: WordLexicon.Candidate
        var isInflection: Bool
    }

    /// Enough for the vocabulary of a long session; when full it starts over.
    private static let capacity = 8192
    private let cache = LockedValue<[Key: [Neighbour]]>([:])

    init() {}

    /// The `limit` likeliest words (by frequency and slip cost) within `maxCost` of lexicon
    /// word `word`, whose letters (lower case, folded) are `letters`, on `layout`, `word`
    /// itself excluded. `lexicon` is the lexicon that owns this cache.
    func neighbours(
        of word: Int, letters: [UInt8], in lexicon: WordLexicon, layout: KeyboardLayout, model: TypoCostModel,
        maxCost: TypoCostModel.Cost, limit: Int
    ) -> [Neighbour] {
        let key = Key(layout: layout, word: Int32(word))
        func score(_ candidate: WordLexicon.Candidate) -> Float {
            lexicon.logProbability[candidate.word] - TypoCostModel.logProbabilityCost(candidate.cost)
        }
        if let known = cache.withLock({ $0[key] }) { return known }
        let written = lexicon.words[word].utf8
        let found = lexicon.candidates(for: letters, maxCost: maxCost, model: model)
            .filter { $0.word != word }
            .sorted { score($0) > score($1) }
            .prefix(limit)
            .map { candidate in
                let other = lexicon.words[candidate.word].utf8
                return Neighbour(
                    candidate: candidate,
                    isInflection: Self.isInflection(written, of: other) || Self.isInflection(other, of: written))
            }
        cache.withLock { cache in
            if cache.count >= Self.capacity { cache.removeAll(keepingCapacity: true) }
            cache[key] = found
        }
        return found
    }

    /// Whether `longer` is `shorter` plus an "s" or a "d" (a plural, a verb form).
    private static func isInflection(_ longer: String.UTF8View, of shorter: String.UTF8View) -> Bool {
        longer.count == shorter.count + 1 && longer.starts(with: shorter)
            && (longer.last == UInt8(ascii: "s") || longer.last == UInt8(ascii: "d"))
    }
}
