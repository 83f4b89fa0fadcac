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
        public let use: Use
        /// Each word's letters folded to a-z, lower case.
        let folded: [[UInt8]]
    }

    /// The most entries a vocabulary holds.
    public static let maxEntries = LearnedWord.maxCount
    /// The most UTF-8 bytes of one entry.
    public static let maxEntryBytes = LearnedWord.maxBytes
    /// The most words of one entry.
    public static let maxPhraseWords = LearnedWord.maxWords

    /// The entries, in the order given, each once (a word given twice keeps its first use).
    public private(set) var entries: [Entry] = []
    /// Entry indices by the folded letters of their first word.
    private var byFirstWord: [[UInt8]: [Int]] = [:]

    /// An empty vocabulary.
    public init() {}

    /// A vocabulary of `known` and `ignored` words.
    /// - Throws: `.invalidArgument` naming the word for an empty word, one over
    ///   ``maxEntryBytes`` bytes or ``maxPhraseWords`` words, or one with a control character
    ///   (`LearnedWord.check(_:)`); `.limit` for more than ``maxEntries`` in all.
    public init(known: [String] = [], ignored: [String] = []) throws(StoryKitError) {
        guard known.count + ignored.count <= Self.maxEntries else {
            throw StoryKitError(
                .limit, "a vocabulary holds at most \(Self.maxEntries) words; \(known.count + ignored.count) were given"
            )
        }
        for word in known { try add(word, as: .known) }
        for word in ignored { try add(word, as: .ignored) }
    }

    /// Adds `word`; a word already held keeps its use.
    /// - Throws: as ``init(known:ignored:)``.
    public mutating func add(_ word: String, as use: Use) throws(StoryKitError) {
        let entry = try Self.entry(word, use: use)
        guard index(of: entry.folded) == nil else { return }
        guard entries.count < Self.maxEntries else {
            throw StoryKitError(.limit, "a vocabulary holds at most \(Self.maxEntries) words; \"\(word)\" is one more")
        }
        byFirstWord[entry.folded[0], default: []].append(entries.count)
        entries.append(entry)
    }

    /// Whether the vocabulary holds no word.
    public var isEmpty: Bool { entries.isEmpty }

    /// The entry whose folded words are `words`.
    func index(of words: [[UInt8]]) -> Int? {
        byFirstWord[words[0]]?.first { entries[$0].folded == words }
    }

    /// The entries whose first word is `word` (folded), longest phrase first.
    func entries(startingWith word: [UInt8]) -> [Int] {
        (byFirstWord[word] ?? []).sorted { entries[$0].folded.count > entries[$1].folded.count }
    }

    /// `word` checked and folded.
    private static func entry(_ word: String, use: Use) throws(StoryKitError) -> Entry {
        let text = try LearnedWord.check(word)
        // Letters the corrector folds are compared folded; a word in another script, which
        // the corrector keeps as typed anyway, by its lower-case bytes.
        let folded = text.split(whereSeparator: { $0 == " " || $0 == "-" }).map {
            LetterFolding.spellingKey(String($0)) ?? Array($0.lowercased().utf8)
        }
        return Entry(text: text, use: use, folded: folded)
    }

    /// The vocabulary of a store's learned words.
    /// - Throws: `.limit` for more than ``maxEntries``.
    public init(learned words: [LearnedWord]) throws(StoryKitError) {
        try self.init(
            known: words.filter { $0.use == .known }.map(\.word),
            ignored: words.filter { $0.use == .ignored }.map(\.word))
    }

    public static func == (left: Vocabulary, right: Vocabulary) -> Bool { left.entries == right.entries }
}
