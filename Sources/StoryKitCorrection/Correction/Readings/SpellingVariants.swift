/// One word's British and American spellings ("colour" and "color"), as lexicon indices: both
/// are correct, so the corrector never reads one as a slip for the other, and the refined
/// version rewrites one into the other only when asked (`SpellingSystem`).
///
/// Read in place from the pack's VARS section: a count, then (word, counterpart) pairs of
/// 32-bit numbers in word order, the counterpart's bit 31 set when the word is the British
/// spelling.
struct SpellingVariants: @unchecked Sendable {
    // @unchecked: a view of a `WordPack`'s bytes, which the word list keeps.
    private let section: UnsafeRawBufferPointer?

    init(pack: WordPack) {
        section = pack.variants
    }

    /// The counterpart of `word` and whether `word` is the British spelling, when it has one.
    private func counterpart(of word: Int) -> (other: Int, isBritish: Bool)? {
        guard let section else { return nil }
        let reader = PackReader(section)
        var low = 0, high = Int(reader.uint32(at: 0))
        while low < high {
            let middle = (low + high) / 2
            if Int(reader.uint32(at: 4 + 8 * middle)) < word { low = middle + 1 } else { high = middle }
        }
        guard low < Int(reader.uint32(at: 0)), Int(reader.uint32(at: 4 + 8 * low)) == word else { return nil }
        let value = reader.uint32(at: 8 + 8 * low)
        return (Int(value & 0x7FFF_FFFF), value >> 31 == 1)
    }

    /// Whether `first` and `second` are one word's two spellings.
    func areVariants(_ first: Int, _ second: Int) -> Bool {
        counterpart(of: first)?.other == second
    }

    /// `word` as `system` spells it: its counterpart when `word` is the other system's spelling.
    func spelling(of word: Int, in system: SpellingSystem) -> Int {
        guard system != .keep, let (other, isBritish) = counterpart(of: word) else { return word }
        return (system == .american) == isBritish ? other : word
    }
}
