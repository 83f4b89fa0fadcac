/// The entries of a pack's PAIR or TRIP section, read in place: each the number of the word it
/// predicts above the 7-bit step of -log10 of that word's probability, 3 or 4 bytes wide,
/// sorted by word within each group (a first word's pairs, a context's triples).
struct PackEntryList: @unchecked Sendable {
    // @unchecked: a view of a `WordPack`'s bytes, which the context model keeps.
    static let bucketBits = 7

    private let base: UnsafeRawPointer
    private let width: Int
    private let mask: UInt32

    /// The entries at `base`, `width` bytes each; the section keeps `4 - width` bytes of
    /// padding after the last, so that every entry loads as 4 bytes.
    init(base: UnsafeRawPointer, width: Int) {
        self.base = base
        self.width = width
        mask = width == 4 ? ~0 : (1 << UInt32(width * 8)) - 1
    }

    /// Whether `width` is a valid entry width for `wordCount` words.
    static func isValid(width: Int, wordCount: Int) -> Bool {
        (width == 3 || width == 4) && wordCount < 1 << (width * 8 - bucketBits)
    }

    /// Entry `index`: the word and its step.
    @inline(__always)
    func entry(_ index: Int) -> (word: Int, bucket: UInt8) {
        let value = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: index &* width, as: UInt32.self)) & mask
        return (Int(value >> UInt32(Self.bucketBits)), UInt8(truncatingIfNeeded: value) & ((1 << Self.bucketBits) - 1))
    }

    /// The step of `word` in the group `range`, when listed.
    func bucket(of word: Int, in range: Range<Int>) -> UInt8? {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if entry(middle).word < word { low = middle + 1 } else { high = middle }
        }
        guard low < range.upperBound else { return nil }
        let found = entry(low)
        return found.word == word ? found.bucket : nil
    }

    /// Whether the words of the group `range` rise strictly and are below `wordCount`.
    func wordsRise(in range: Range<Int>, below wordCount: Int) -> Bool {
        var previous = -1
        for index in range {
            let word = entry(index).word
            guard word > previous, word < wordCount else { return false }
            previous = word
        }
        return true
    }
}
