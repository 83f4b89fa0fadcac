/// A pack's names (rule `names`): lower-case ASCII words, sorted by their bytes, held as one
/// run of bytes with each name's end. English lists 4,096, read at every process's first
/// correction: made into strings one by one, checked and sorted, they cost it 9% more work.
struct NameList: Sendable {
    /// The names, each followed by a NUL (as a RULE section holds them).
    private var bytes: [UInt8] = []
    /// Where each name's NUL is in `bytes`; name `i` starts after name `i - 1`'s.
    private var ends: [Int32] = []

    /// No names.
    init() {}

    /// `names`, each one or more ASCII letters in lower case (checked by the caller), sorted
    /// here when they are not already.
    init(_ names: [String]) {
        let inOrder = zip(names, names.dropFirst()).allSatisfy { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for name in inOrder ? names : names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            bytes.append(contentsOf: name.utf8)
            bytes.append(0)
            ends.append(Int32(bytes.count - 1))
        }
    }

    /// The names of a RULE section's values: `count` NUL-terminated records from `offset` of
    /// `section`, copied at once and checked in one pass, then sorted only when a pack lists
    /// them out of order. Nil when a record runs past the section or is not one to `maxBytes`
    /// ASCII letters in lower case; `offset` is then left alone.
    init?(section: UnsafeRawBufferPointer, offset: inout Int, count: Int, maxBytes: Int) {
        guard count > 0 else { return }
        guard offset < section.count, let base = section.baseAddress else { return nil }
        let region = UnsafeBufferPointer(
            start: (base + offset).assumingMemoryBound(to: UInt8.self), count: section.count - offset)
        var ends: [Int32] = []
        ends.reserveCapacity(count)
        var inOrder = true
        var start = 0, previous = 0..<0
        // One pass over the bytes: each name's end, its letters, and its order after the last.
        for _ in 0..<count {
            var position = start
            while position < region.count, region[position] != 0 {
                guard region[position].isASCIILowercase else { return nil }
                position += 1
            }
            guard position < region.count else { return nil }
            let name = start..<position
            guard !name.isEmpty, name.count <= maxBytes else { return nil }
            inOrder = inOrder && (start == 0 || Self.precedes(region, previous, name))
            ends.append(Int32(position))
            previous = name
            start = position + 1
        }
        bytes = Array(UnsafeBufferPointer(rebasing: region[..<start]))
        self.ends = ends
        offset += start
        if !inOrder { self = NameList(strings) }
    }

    /// Whether the bytes `first` of `bytes` come strictly before the bytes `second`.
    private static func precedes(_ bytes: UnsafeBufferPointer<UInt8>, _ first: Range<Int>, _ second: Range<Int>) -> Bool
    {
        for step in 0..<min(first.count, second.count) {
            let a = bytes[first.lowerBound + step], b = bytes[second.lowerBound + step]
            if a != b { return a < b }
        }
        return first.count < second.count
    }

    var count: Int { ends.count }
    var isEmpty: Bool { ends.isEmpty }

    /// The bytes of name `index`.
    func name(_ index: Int) -> ArraySlice<UInt8> {
        bytes[(index == 0 ? 0 : Int(ends[index - 1]) + 1)..<Int(ends[index])]
    }

    /// The names as strings, in order.
    var strings: [String] { (0..<count).map { String(decoding: name($0), as: UTF8.self) } }

    /// Whether `word` (lower case) is one of the names.
    func contains(_ word: String) -> Bool {
        var word = word
        return word.withUTF8 { typed in
            var low = 0, high = count
            while low < high {
                let middle = (low + high) / 2
                if name(middle).lexicographicallyPrecedes(typed) { low = middle + 1 } else { high = middle }
            }
            return low < count && name(low).elementsEqual(typed)
        }
    }
}
