/// A writer's own words: a hero's name, a coined word, a grandson's name. Each is `known`
/// (kept as typed, and offered, with its own capitals and diacritics, as the reading of a slip
/// of it: `Zorbxa` reads `Zorbax`, `Oisin` reads `Oisín`) or `ignored` (kept as typed, never
/// offered). A vocabulary is a value given per correction: the corrector holds no list of its
/// own.
///
/// An entry is a word or a phrase of up to ``maxPhraseWords`` words (`Sir Pounce`), stored in
/// NFC and compared by its letters folded to a-z with case ignored, as the corrector reads
/// typed words.
public struct Vocabulary: Sendable, Equatable {
    /// How a word of the writer's is read: `known` or `ignored`.
    public typealias Use = LearnedWord.Use

    /// One word or phrase.
    public struct Entry: Sendable, Equatable {
        /// The word as the writer writes it (NFC).
        public let text: String
        /// Whether the word is read for its slips (`known`) or only kept (`ignored`).
        public let use: Use
    }

    /// The most entries a vocabulary holds.
    public static let maxEntries = LearnedWord.maxCount
    /// The most UTF-8 bytes of one entry.
    public static let maxEntryBytes = LearnedWord.maxBytes
    /// The most words of one entry.
    public static let maxPhraseWords = LearnedWord.maxWords

    /// The entries, in the order given, each once (a word given twice keeps its first use).
    public private(set) var entries: [Entry] = []
    // Ten thousand words take well under a megabyte: the folded letters of every entry live
    // in one buffer, and the index is a hash table of entry numbers.
    /// Every entry's words folded to a-z in lower case, back to back; a phrase's words are
    /// separated by a space.
    private var folding: [UInt8] = []
    /// Where each entry's folded words end in `folding`.
    private var foldingEnds: [Int32] = []
    /// A known one-word entry's letters as bits, with `slipTargetMark`, for a quick look at what
    /// a slip may be; 0 for the other entries.
    private var letterSets: [UInt32] = []
    /// The first entry by the key of its first folded word, and the next entry with the same key.
    private var firstByKey: [Int: Int32] = [:]
    private var nextWithKey: [Int32] = []

    /// An empty vocabulary.
    public init() {}

    /// A vocabulary of `known` and `ignored` words.
    /// - Throws: `.invalidArgument` naming the word for an empty word, one over
    ///   ``maxEntryBytes`` bytes or ``maxPhraseWords`` words, or one with a control character
    ///   (`LearnedWord.check(_:)`); `.limit` for more than ``maxEntries`` distinct entries.
    public init(known: [String] = [], ignored: [String] = []) throws(StoryKitError) {
        // The limit counts distinct entries (a word given twice, or in two cases, is one);
        // past ten times it, the list is refused before any is read.
        guard known.count + ignored.count <= 10 * Self.maxEntries else {
            throw StoryKitError(
                .limit, "a vocabulary holds at most \(Self.maxEntries) words; \(known.count + ignored.count) were given"
            )
        }
        let count = min(known.count + ignored.count, Self.maxEntries)
        entries.reserveCapacity(count)
        foldingEnds.reserveCapacity(count)
        letterSets.reserveCapacity(count)
        nextWithKey.reserveCapacity(count)
        firstByKey.reserveCapacity(count)
        for word in known { try add(word, as: .known) }
        for word in ignored { try add(word, as: .ignored) }
    }

    /// Adds `word`; a word already held keeps its use.
    /// - Throws: as ``init(known:ignored:)``.
    public mutating func add(_ word: String, as use: Use) throws(StoryKitError) {
        let (text, folded) = try Self.checkedAndFolded(word)
        guard index(ofFolded: folded) == nil else { return }
        guard entries.count < Self.maxEntries else {
            throw StoryKitError(.limit, "a vocabulary holds at most \(Self.maxEntries) words; \"\(word)\" is one more")
        }
        let number = Int32(entries.count)
        let key = Self.key(folded.prefix { $0 != Self.wordSeparator })
        entries.append(Entry(text: text, use: use))
        folding += folded
        foldingEnds.append(Int32(folding.count))
        let isSlipTarget = use == .known && !folded.contains(Self.wordSeparator)
        letterSets.append(isSlipTarget ? Self.letterSet(folded) | Self.slipTargetMark : 0)
        nextWithKey.append(firstByKey[key] ?? -1)
        firstByKey[key] = number
    }

    /// Whether the vocabulary holds no word.
    public var isEmpty: Bool { entries.isEmpty }

    /// The folded words of entry `index`, a phrase's separated by a space.
    func folded(at index: Int) -> ArraySlice<UInt8> {
        folding[(index == 0 ? 0 : Int(foldingEnds[index - 1]))..<Int(foldingEnds[index])]
    }

    /// The folded words of entry `index`, one by one.
    func foldedWords(at index: Int) -> [ArraySlice<UInt8>] {
        folded(at: index).split(separator: Self.wordSeparator)
    }

    /// The entries whose first word is `word` (folded), longest phrase first.
    func entries(startingWith word: some Collection<UInt8>) -> [Int] {
        var found: [Int] = []
        var next = firstByKey[Self.key(word)] ?? -1
        while next >= 0 {
            let index = Int(next)
            if folded(at: index).prefix(while: { $0 != Self.wordSeparator }).elementsEqual(word) { found.append(index) }
            next = nextWithKey[index]
        }
        return found.count < 2 ? found : found.sorted { foldedWords(at: $0).count > foldedWords(at: $1).count }
    }

    /// The known one-word entries, with their folded letters and the bits of their letters.
    func slipTargets() -> some Sequence<(index: Int, letters: ArraySlice<UInt8>, letterSet: UInt32)> {
        letterSets.indices.lazy.filter { letterSets[$0] != 0 }.map {
            ($0, folded(at: $0), letterSets[$0] & ~Self.slipTargetMark)
        }
    }

    /// The entry whose folded words are `folded`.
    private func index(ofFolded folded: [UInt8]) -> Int? {
        entries(startingWith: folded.prefix { $0 != Self.wordSeparator }).first {
            self.folded(at: $0).elementsEqual(folded)
        }
    }

    /// Set in `letterSets` for every slip target, so that one without a-z letters is one too.
    private static let slipTargetMark: UInt32 = 1 << 31

    /// What separates a phrase's words in `folding`.
    private static let wordSeparator = LearnedWord.keyWordSeparator

    private static func key(_ word: some Sequence<UInt8>) -> Int {
        var hasher = Hasher()
        for byte in word { hasher.combine(byte) }
        return hasher.finalize()
    }

    /// The letters a-z of `word` as bits.
    static func letterSet(_ word: some Sequence<UInt8>) -> UInt32 {
        word.reduce(0) { $1.isASCIILowercase ? $0 | 1 << UInt32($1 - UInt8(ascii: "a")) : $0 }
    }

    /// `word` checked, and its words folded, separated by a space.
    private static func checkedAndFolded(_ word: String) throws(StoryKitError) -> (String, [UInt8]) {
        let text = try LearnedWord.check(word)
        return (text, LearnedWord.foldedLetters(ofChecked: text))
    }

    /// The vocabulary of a store's learned words.
    /// - Throws: `.limit` for more than ``maxEntries``.
    public init(learned words: [LearnedWord]) throws(StoryKitError) {
        try self.init(known: words.words(used: .known), ignored: words.words(used: .ignored))
    }

    public static func == (left: Vocabulary, right: Vocabulary) -> Bool { left.entries == right.entries }
}
