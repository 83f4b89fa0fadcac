/// A pack's word pairs (PAIR), read in place: the pair count, the entry width (3 or 4
/// bytes), the back-off offset, then per word the first of its pairs (word count + 1 32-bit
/// starts) and its back-off step, then the entries, each the second word's number above the
/// 7-bit step of -log10 P(second | first), sorted by second word within a first word's.
struct WordPairTable: @unchecked Sendable {
    // @unchecked: a view of a `WordPack`'s bytes, which the pair model keeps.
    static let bucketBits = 7

    private let starts: UnsafeRawPointer
    private let backoffs: UnsafeRawPointer
    private let entries: UnsafeRawPointer
    private let entryWidth: Int
    private let entryMask: UInt32
    let pairCount: Int
    let backoffOffset: Int
    let wordCount: Int

    init(section: UnsafeRawBufferPointer, wordCount: Int) throws(StoryKitError) {
        let reader = PackReader(section)
        guard section.count >= 12 else { throw StoryKitError(.parse, "language pack: section PAIR is malformed") }
        pairCount = Int(reader.uint32(at: 0))
        entryWidth = Int(reader.uint32(at: 4))
        backoffOffset = Int(reader.uint32(at: 8))
        self.wordCount = wordCount
        var entryStart = 12 + 4 * (wordCount + 1) + wordCount
        entryStart += (4 - entryStart % 4) % 4
        guard entryWidth == 3 || entryWidth == 4, wordCount < 1 << (entryWidth * 8 - Self.bucketBits),
            section.count == entryStart + pairCount * entryWidth + 4 - entryWidth
        else {
            throw StoryKitError(.parse, "language pack: section PAIR is malformed")
        }
        starts = section.baseAddress! + 12
        backoffs = starts + 4 * (wordCount + 1)
        entries = section.baseAddress! + entryStart
        entryMask = entryWidth == 4 ? ~0 : (1 << UInt32(entryWidth * 8)) - 1
    }

    @inline(__always)
    func start(_ word: Int) -> Int {
        Int(UInt32(littleEndian: starts.loadUnaligned(fromByteOffset: 4 &* word, as: UInt32.self)))
    }

    /// The back-off step of `word` as a first word.
    @inline(__always)
    func backoff(_ word: Int) -> UInt8 { backoffs.load(fromByteOffset: word, as: UInt8.self) }

    /// Entry `entry`: the second word and its step.
    @inline(__always)
    func entry(_ entry: Int) -> (second: Int, bucket: UInt8) {
        let value =
            UInt32(littleEndian: entries.loadUnaligned(fromByteOffset: entry &* entryWidth, as: UInt32.self))
            & entryMask
        return (Int(value >> UInt32(Self.bucketBits)), UInt8(truncatingIfNeeded: value) & ((1 << Self.bucketBits) - 1))
    }

    /// The entry for `first` then `second`, when listed.
    func find(first: Int, second: Int) -> Int? {
        var low = start(first), high = start(first + 1)
        while low < high {
            let middle = (low + high) / 2
            if entry(middle).second < second { low = middle + 1 } else { high = middle }
        }
        return low < start(first + 1) && entry(low).second == second ? low : nil
    }

    /// Whether the starts rise to the pair count and every first word's seconds are words, in
    /// increasing order.
    func isWellFormed() -> Bool {
        guard start(0) == 0, start(wordCount) == pairCount else { return false }
        for first in 0..<wordCount {
            let low = start(first), high = start(first + 1)
            guard low <= high, high <= pairCount else { return false }
            var previous = -1
            for position in low..<high {
                let second = entry(position).second
                guard second > previous, second < wordCount else { return false }
                previous = second
            }
        }
        return true
    }
}
