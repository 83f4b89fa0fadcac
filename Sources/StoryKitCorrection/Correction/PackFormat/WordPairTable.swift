/// A pack's word pairs (PAIR), read in place: the pair count, the entry width (3 or 4
/// bytes), the back-off offset, then per word the first of its pairs (word count + 1 32-bit
/// starts) and its back-off step, then the entries, each the second word's number above the
/// 7-bit step of -log10 P(second | first), sorted by second word within a first word's.
struct WordPairTable: @unchecked Sendable {
    // @unchecked: a view of a `WordPack`'s bytes, which the pair model keeps.
    private let starts: UnsafeRawPointer
    private let backoffs: UnsafeRawPointer
    private let entries: PackEntryList
    let pairCount: Int
    let backoffOffset: Int
    let wordCount: Int

    init(section: UnsafeRawBufferPointer, wordCount: Int) throws(StoryKitError) {
        let reader = PackReader(section)
        guard section.count >= 12 else { throw StoryKitError(.parse, "language pack: section PAIR is malformed") }
        pairCount = Int(reader.uint32(at: 0))
        let entryWidth = Int(reader.uint32(at: 4))
        backoffOffset = Int(reader.uint32(at: 8))
        self.wordCount = wordCount
        var entryStart = 12 + 4 * (wordCount + 1) + wordCount
        entryStart += (4 - entryStart % 4) % 4
        guard PackEntryList.isValid(width: entryWidth, wordCount: wordCount), pairCount <= section.count / 3,
            section.count == entryStart + pairCount * entryWidth + 4 - entryWidth
        else {
            throw StoryKitError(.parse, "language pack: section PAIR is malformed")
        }
        starts = section.baseAddress! + 12
        backoffs = starts + 4 * (wordCount + 1)
        entries = PackEntryList(base: section.baseAddress! + entryStart, width: entryWidth)
    }

    @inline(__always)
    private func start(_ word: Int) -> Int {
        Int(UInt32(littleEndian: starts.loadUnaligned(fromByteOffset: 4 &* word, as: UInt32.self)))
    }

    /// The back-off step of `word` as a first word.
    @inline(__always)
    func backoff(_ word: Int) -> UInt8 { backoffs.load(fromByteOffset: word, as: UInt8.self) }

    /// Whether any pair starting with `word` is listed.
    func listsPairs(after word: Int) -> Bool { start(word + 1) > start(word) }

    /// The step of `first` then `second`, when listed.
    func bucket(first: Int, second: Int) -> UInt8? { entries.bucket(of: second, in: start(first)..<start(first + 1)) }

    /// Whether the starts rise to the pair count and every first word's seconds are words, in
    /// increasing order.
    func isWellFormed() -> Bool {
        guard start(0) == 0, start(wordCount) == pairCount else { return false }
        for first in 0..<wordCount {
            let low = start(first), high = start(first + 1)
            guard low <= high, high <= pairCount, entries.wordsRise(in: low..<high, below: wordCount) else {
                return false
            }
        }
        return true
    }
}
