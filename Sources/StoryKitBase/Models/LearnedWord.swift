/// A word the writer taught the corrector: a hero's name, a coined word, a name in the family.
/// `known` words are kept as typed and read for their slips; `ignored` ones are only kept.
///
/// JSON: `{"id":"zorbax","word":"Zorbax","use":"known"}`: the word as the writer first wrote
/// it, in NFC, under the key the corrector compares it by, so every spelling of it in case and
/// marks is one entry; a phrase of up to ``maxWords`` words (`Sir Pounce`) is one entry.
public struct LearnedWord: Sendable, Hashable, JSONConvertible {
    /// How a writer's word is read.
    public enum Use: String, Sendable, Hashable, Codable, CaseIterable {
        /// Kept as typed and offered as the reading of a slip.
        case known
        /// Kept as typed, never offered.
        case ignored
    }

    /// The most UTF-8 bytes of a word.
    public static let maxBytes = 64
    /// The most words of one entry.
    public static let maxWords = 3
    /// The most words a vocabulary, or a store, holds.
    public static let maxCount = 10_000

    /// The record id: the word as the corrector compares it, ``key(of:)``. `Zorbax`,
    /// `zorbax` and `ZORBAX` are one entry.
    public let id: String
    /// The word as the writer first wrote it, in NFC: its capitals and marks are the ones the
    /// corrector writes.
    public let word: String
    /// Whether the word is read for its slips (`known`) or only kept (`ignored`).
    public var use: Use

    /// A learned word.
    /// - Throws: `.invalidArgument` naming the word, as ``check(_:)``.
    public init(_ word: String, use: Use = .known) throws(StoryKitError) {
        self.word = try Self.check(word)
        id = String(decoding: Self.foldedLetters(ofChecked: self.word), as: UTF8.self)
        self.use = use
    }

    /// The key `word` is stored and compared by: its words in lower case with their letters'
    /// marks folded (`Oisín` → `oisin`, `Straße` → `strasse`), separated by one space
    /// (`Sir-Pounce` → `sir pounce`); a word in another script by its lower-case letters.
    /// - Throws: `.invalidArgument` naming the word, as ``check(_:)``.
    public static func key(of word: String) throws(StoryKitError) -> String {
        try String(decoding: foldedLetters(ofChecked: check(word)), as: UTF8.self)
    }

    /// What separates a phrase's words in its key.
    package static let keyWordSeparator = UInt8(ascii: " ")

    /// The folded letters of a word ``check(_:)`` returned, as ``key(of:)`` describes them.
    package static func foldedLetters(ofChecked text: String) -> [UInt8] {
        var folded: [UInt8] = []
        folded.reserveCapacity(text.utf8.count)
        for part in text.utf8.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "-") }) {
            if !folded.isEmpty { folded.append(keyWordSeparator) }
            if part.allSatisfy({ $0 < 0x80 }) {
                // ASCII letters fold to themselves in lower case; an apostrophe is kept.
                folded += part.lazy.map { $0.isASCIIUppercase ? $0 | 0x20 : $0 }
            } else {
                // Letters the corrector folds are compared folded; a word in another script,
                // which the corrector keeps as typed anyway, by its lower-case bytes.
                let word = String(decoding: part, as: UTF8.self)
                folded += LetterFolding.spellingKey(word) ?? Array(word.lowercased().utf8)
            }
        }
        return folded
    }

    /// `word` in NFC, checked: not empty, at most ``maxBytes`` bytes and ``maxWords`` words
    /// (separated by spaces or hyphens), no space or hyphen at either end, and nothing but
    /// letters (with their marks) and apostrophes in its words: what a typed word can match.
    /// - Throws: `.invalidArgument` naming the word and the limit.
    @discardableResult
    public static func check(_ word: String) throws(StoryKitError) -> String {
        func refuse(_ reason: String) -> StoryKitError {
            // A control character is shown as its code point, so that the message stays one line.
            var shown = ""
            for scalar in word.unicodeScalars {
                if scalar.properties.generalCategory == .control {
                    shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    shown.unicodeScalars.append(scalar)
                }
            }
            return StoryKitError(.invalidArgument, "vocabulary word \"\(shown)\": \(reason)")
        }
        // Most words are ASCII: their NFC form is themselves, and their bytes say the rest.
        let isASCII = word.utf8.allSatisfy { $0 < 0x80 }
        let text = isASCII ? word : String(decoding: word._nfcCodeUnits, as: UTF8.self)
        guard !text.isEmpty else { throw StoryKitError(.invalidArgument, "a vocabulary word must not be empty") }
        guard text.utf8.count <= maxBytes else {
            throw refuse("\(text.utf8.count) bytes, over the limit of \(maxBytes)")
        }
        let hasControl =
            isASCII
            ? text.utf8.contains { $0 < 0x20 || $0 == 0x7F }
            : text.unicodeScalars.contains { $0.properties.generalCategory == .control }
        guard !hasControl else { throw refuse("holds a control character") }
        if let stray = isASCII ? Self.firstStrayASCII(text) : Self.firstStray(text) {
            // The corrector reads words as runs of letters and apostrophes: an entry with
            // anything else (`R2D2`, `a/b`, an emoji, a joiner or a direction mark) never matches.
            throw refuse(
                "holds \(stray), which no typed word can match: a writer's word is letters, with apostrophes, spaces or hyphens between them"
            )
        }
        let separators: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "-")]
        guard let first = text.utf8.first, let last = text.utf8.last, !separators.contains(first),
            !separators.contains(last)
        else { throw refuse("must not start or end with a space or a hyphen") }
        let words = text.utf8.split(whereSeparator: separators.contains).count
        guard words <= maxWords else { throw refuse("\(words) words, over the limit of \(maxWords)") }
        return text
    }

    /// The first ASCII character of `text` that is no letter, apostrophe, space or hyphen, as
    /// an error names it.
    private static func firstStrayASCII(_ text: String) -> String? {
        text.utf8.first { byte in
            !(byte.isASCIILetter || byte == UInt8(ascii: "'") || byte == UInt8(ascii: " ")
                || byte == UInt8(ascii: "-"))
        }.map { "\"\(Character(Unicode.Scalar($0)))\"" }
    }

    /// The first scalar of `text` that is no letter, combining mark, apostrophe, space or
    /// hyphen, as an error names it (`U+200D` for one that does not show).
    private static func firstStray(_ text: String) -> String? {
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark:
                continue
            default:
                if scalar == "'" || scalar == "\u{2019}" || scalar == " " || scalar == "-" { continue }
                let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
                let visible = scalar.properties.generalCategory != .format && !scalar.properties.isWhitespace
                return visible ? "\"\(scalar)\" (\(code))" : code
            }
        }
        return nil
    }

    private enum CodingKeys: String, CodingKey {
        case id, word, use
    }

    /// Reads `{"id":"zorbax","word":"Zorbax","use":"known"}`, and a record written before ids
    /// were folded, `{"id":"Zorbax","use":"known"}`, whose id is its word. The id is always
    /// computed from the word.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let word =
            try container.decodeIfPresent(String.self, forKey: .word) ?? container.decode(String.self, forKey: .id)
        try self.init(word, use: container.decodeIfPresent(Use.self, forKey: .use) ?? .known)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(word, forKey: .word)
        try container.encode(use, forKey: .use)
    }
}

extension Sequence<LearnedWord> {
    /// The words learned with `use`, in the order learned.
    public func words(used use: LearnedWord.Use) -> [String] {
        filter { $0.use == use }.map(\.word)
    }
}
