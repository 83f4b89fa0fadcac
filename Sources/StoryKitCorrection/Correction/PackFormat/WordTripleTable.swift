/// A pack's word triples (TRIP), read in place: the context count, the triple count, the
/// entry width (3 or 4 bytes), then per context (a pair of words, in increasing order) its
/// first word, its second word, the first of its entries (one more start closes the last)
/// and its back-off step, then the entries: the third word's number above the 7-bit step of
/// -log10 P(third | first, second), sorted by third word within a context's.
struct WordTripleTable: @unchecked Sendable {
    // @unchecked: a view of a `WordPack`'s bytes, which the context model keeps.
    private let firsts: UnsafeRawPointer
    private let seconds: UnsafeRawPointer
    private let starts: UnsafeRawPointer
    private let backoffs: UnsafeRawPointer
    private let entries: PackEntryList
    let contextCount: Int
    let tripleCount: Int
    let wordCount: Int

    init(section: UnsafeRawBufferPointer, wordCount: Int) throws(StoryKitError) {
        let reader = PackReader(section)
        let malformed = StoryKitError(.parse, "language pack: section TRIP is malformed")
        guard section.count >= 12 else { throw malformed }
        contextCount = Int(reader.uint32(at: 0))
        tripleCount = Int(reader.uint32(at: 4))
        let entryWidth = Int(reader.uint32(at: 8))
        self.wordCount = wordCount
        // Each context costs 13 bytes and each entry at least 3: bound both before multiplying.
        guard contextCount <= section.count / 13, tripleCount <= section.count / 3 else { throw malformed }
        var entryStart = 12 + 12 * contextCount + 4 + contextCount
        entryStart += (4 - entryStart % 4) % 4
        guard PackEntryList.isValid(width: entryWidth, wordCount: wordCount),
            section.count == entryStart + tripleCount * entryWidth + 4 - entryWidth
        else { throw malformed }
        firsts = section.baseAddress! + 12
        seconds = firsts + 4 * contextCount
        starts = seconds + 4 * contextCount
        backoffs = starts + 4 * (contextCount + 1)
        entries = PackEntryList(base: section.baseAddress! + entryStart, width: entryWidth)
    }

    @inline(__always)
    private func word(_ base: UnsafeRawPointer, _ index: Int) -> Int {
        Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 4 &* index, as: UInt32.self)))
    }

    private func entryRange(_ context: Int) -> Range<Int> { word(starts, context)..<word(starts, context + 1) }

    /// The two words of `context`.
    func words(ofContext context: Int) -> (first: Int, second: Int) { (word(firsts, context), word(seconds, context)) }

    /// The context `first` then `second`, when it has triples.
    func context(first: Int, second: Int) -> Int? { context(second: second, among: contexts(first: first)) }

    /// The contexts whose first word is `first`: a run, as contexts are sorted by their words.
    func contexts(first: Int) -> Range<Int> {
        let low = lowerBound(of: first, in: firsts, 0..<contextCount)
        // Most runs are short: the end is found by doubling steps from the start.
        var step = 1
        while low + step < contextCount, word(firsts, low + step) <= first { step *= 2 }
        return low..<lowerBound(of: first + 1, in: firsts, low + step / 2..<min(low + step, contextCount))
    }

    /// The context among `run` (contexts with one first word) whose second word is `second`.
    /// A run is searched by its second words alone: a caller with many contexts after one
    /// word finds the run once, and each search then reads one array, not two.
    func context(second: Int, among run: Range<Int>) -> Int? {
        let low = lowerBound(of: second, in: seconds, run)
        return low < run.upperBound && word(seconds, low) == second ? low : nil
    }

    /// The first index of `range` whose word in `base` is at least `value` (words rise there).
    private func lowerBound(of value: Int, in base: UnsafeRawPointer, _ range: Range<Int>) -> Int {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = (low &+ high) / 2
            if word(base, middle) < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The back-off step of `context`.
    @inline(__always)
    func backoff(_ context: Int) -> UInt8 { backoffs.load(fromByteOffset: context, as: UInt8.self) }

    /// The step of `third` after `context`, when listed.
    func bucket(context: Int, third: Int) -> UInt8? { entries.bucket(of: third, in: entryRange(context)) }

    /// Whether the contexts rise strictly, every context has entries, the starts rise to the
    /// triple count and every context's third words are words, in increasing order.
    func isWellFormed() -> Bool {
        guard word(starts, 0) == 0, word(starts, contextCount) == tripleCount else { return false }
        var previous = (-1, -1)
        for context in 0..<contextCount {
            // The bounds are compared before a range is formed: a pack from outside may have them fall.
            let key = (word(firsts, context), word(seconds, context))
            let low = word(starts, context), high = word(starts, context + 1)
            guard key > previous, key.0 < wordCount, key.1 < wordCount, low < high, high <= tripleCount,
                entries.wordsRise(in: low..<high, below: wordCount)
            else { return false }
            previous = key
        }
        return true
    }
}
