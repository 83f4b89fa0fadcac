/// A language pack's bytes in the format of `docs/language-pack-format.md`, read in place: the
/// corrector's word lookups, candidate search and pair probabilities read these bytes
/// directly, so a pack costs no parsing and no heap per word.
///
/// The packs the library ships are constant bytes in the binary (`embedded:`): their pages are
/// shared, clean and loaded only where read. A pack handed over at run time (`copying:`) is
/// copied once into memory the pack owns and checked in full first: checksum, every offset,
/// every state and edge, so that a damaged or hostile pack is refused, never read.
final class WordPack: @unchecked Sendable {
    // @unchecked: the bytes are never written after `init`, and the copy a pack owns is freed
    // only in `deinit`, when nothing reads it.

    static let magic: [UInt8] = Array("SKPACK\r\n".utf8)
    static let version: UInt32 = 1
    static let headerSize = 32
    static let directoryEntrySize = 16

    /// The language tag the pack was made for (`en`).
    let language: String
    let wordCount: Int
    let stepsPerDecade: Int
    let automaton: WordAutomaton
    /// One count step per word, in word order.
    let buckets: UnsafeBufferPointer<UInt8>
    /// How many words have each of the 256 steps.
    let wordsPerStep: [Int]
    /// The optional sections, read once here; nil when absent.
    let spellingTable: SpellingTable?
    let pairTable: WordPairTable?
    /// The word triples (TRIP), when the pack has them.
    let tripleTable: WordTripleTable?
    /// The VARS section's bytes (see `SpellingVariants`).
    let variants: UnsafeRawBufferPointer?
    /// The rules (RULE), by name; empty when the pack has none.
    let ruleValues: [String: [String]]
    /// Rule `names`, read apart from `ruleValues` when well formed (see `ruleValues(in:)`).
    let ruleNames: NameList?
    private let bytes: UnsafeRawBufferPointer
    /// Whether `deinit` frees the bytes: set only once the pack is read, so that a pack
    /// refused by a check in `init` leaves its bytes to the caller that allocated them.
    private var ownsBytes = false

    /// Reads a pack built into the binary. Only the header and directory are checked: the
    /// bytes were checked in full when they were generated and by the test suite.
    convenience init(embedded bytes: UnsafeRawBufferPointer) throws(StoryKitError) {
        try self.init(bytes: bytes, owned: false, checked: false)
    }

    /// Copies `source` and reads the copy, after checking all of it.
    convenience init(copying source: some Collection<UInt8>) throws(StoryKitError) {
        let count = source.count
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 16)
        copy.copyBytes(from: source)
        do {
            try self.init(
                bytes: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(copy)[0..<count]), owned: true,
                checked: true)
        } catch {
            copy.deallocate()
            throw error
        }
    }

    private init(bytes: UnsafeRawBufferPointer, owned: Bool, checked: Bool) throws(StoryKitError) {
        func refuse(_ reason: String) -> StoryKitError {
            StoryKitError(.parse, "language pack: \(reason)")
        }
        guard bytes.count >= Self.headerSize, let base = bytes.baseAddress else {
            throw refuse("shorter than its 32-byte header")
        }
        guard Int(bitPattern: base) % 8 == 0 else { throw refuse("not 8-byte aligned in memory") }
        guard bytes.prefix(8).elementsEqual(Self.magic) else {
            throw refuse("not a StoryKit language pack (wrong magic number)")
        }
        let reader = PackReader(bytes)
        let version = reader.uint32(at: 8)
        guard version == Self.version else {
            throw refuse("format version \(version); this library reads version \(Self.version)")
        }
        let sectionCount = Int(reader.uint32(at: 12))
        let length = reader.uint64(at: 16)
        guard length == UInt64(bytes.count) else {
            throw refuse("its header says \(length) bytes, but it has \(bytes.count)")
        }
        if checked {
            let sum = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[Self.headerSize...]))
            guard sum == reader.uint32(at: 24) else { throw refuse("checksum mismatch: the pack is damaged") }
        }
        guard sectionCount <= (bytes.count - Self.headerSize) / Self.directoryEntrySize else {
            throw refuse("section directory runs past the end")
        }
        var sections: [String: UnsafeRawBufferPointer] = [:]
        for position in 0..<sectionCount {
            let entry = Self.headerSize + position * Self.directoryEntrySize
            let tag = String(decoding: bytes[entry..<(entry + 4)], as: UTF8.self)
            let offset = Int(reader.uint32(at: entry + 8)), count = Int(reader.uint32(at: entry + 12))
            guard offset % 8 == 0, offset <= bytes.count, count <= bytes.count - offset else {
                throw refuse("section \(tag) lies outside the pack")
            }
            guard sections[tag] == nil else { throw refuse("section \(tag) appears twice") }
            sections[tag] = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
        }
        func section(_ tag: String) throws(StoryKitError) -> UnsafeRawBufferPointer {
            guard let section = sections[tag] else { throw refuse("section \(tag) is missing") }
            return section
        }
        let meta = try section("META")
        guard meta.count >= 32 else { throw refuse("section META is too short") }
        let metaReader = PackReader(meta)
        language = String(decoding: meta.prefix(8).prefix { $0 != 0 }, as: UTF8.self)
        wordCount = Int(metaReader.uint32(at: 8))
        stepsPerDecade = Int(metaReader.uint32(at: 12))
        guard LanguageTag(language) != nil, wordCount > 0, stepsPerDecade > 0 else {
            throw refuse("section META is malformed")
        }
        let frequencies = try section("FREQ")
        guard frequencies.count == wordCount else {
            throw refuse("section FREQ holds \(frequencies.count) counts for \(wordCount) words")
        }
        automaton = try WordAutomaton(
            states: section("STAT"), edges: section("EDGE"), stateCount: Int(metaReader.uint32(at: 16)),
            edgeCount: Int(metaReader.uint32(at: 20)), stateBits: Int(metaReader.uint32(at: 24)),
            edgeWidth: Int(metaReader.uint32(at: 28)), wordCount: wordCount, checked: checked)
        buckets = frequencies.bindMemory(to: UInt8.self)
        let histogram = try section("HIST")
        guard histogram.count == 256 * 4 else { throw refuse("section HIST is malformed") }
        let histogramReader = PackReader(histogram)
        wordsPerStep = (0..<256).map { Int(histogramReader.uint32(at: 4 * $0)) }
        if checked {
            var counted = [Int](repeating: 0, count: 256)
            for step in buckets { counted[Int(step)] += 1 }
            guard counted == wordsPerStep else { throw refuse("section HIST does not count FREQ's steps") }
        }
        if let section = sections["SPEL"] {
            guard let table = SpellingTable(section: section, wordCount: wordCount) else {
                throw refuse("section SPEL is malformed")
            }
            spellingTable = table
        } else {
            spellingTable = nil
        }
        if let section = sections["PAIR"] {
            pairTable = try WordPairTable(section: section, wordCount: wordCount)
        } else {
            pairTable = nil
        }
        if let section = sections["TRIP"] {
            tripleTable = try WordTripleTable(section: section, wordCount: wordCount)
        } else {
            tripleTable = nil
        }
        variants = sections["VARS"]
        if let section = sections["RULE"] {
            (ruleValues, ruleNames) = try Self.ruleValues(in: section)
        } else {
            ruleValues = [:]
            ruleNames = nil
        }
        self.bytes = bytes
        if checked { try checkSections() }
        ownsBytes = owned
    }

    deinit {
        if ownsBytes { bytes.deallocate() }
    }
}
