/// Working memory for candidate searches (`WordLexicon.candidates`), reused from one search to
/// the next: a correction runs several searches, and sharing one block keeps it in cache
/// instead of allocating and clearing fresh memory for each. Not for concurrent use: one per
/// correction.
final class CandidateSearchMemory {
    /// Alignment of the block: enough for every buffer a search carves from it.
    static let alignment = 16
    private var block: UnsafeMutableRawPointer
    private var capacity: Int

    init() {
        capacity = 32 << 10
        block = .allocate(byteCount: capacity, alignment: Self.alignment)
    }

    deinit { block.deallocate() }

    /// At least `byteCount` bytes, aligned to `alignment`; their contents are undefined, and
    /// valid until the next call.
    func bytes(_ byteCount: Int) -> UnsafeMutableRawPointer {
        if byteCount > capacity {
            block.deallocate()
            capacity = max(byteCount, 2 * capacity)
            block = .allocate(byteCount: capacity, alignment: Self.alignment)
        }
        return block
    }
}
