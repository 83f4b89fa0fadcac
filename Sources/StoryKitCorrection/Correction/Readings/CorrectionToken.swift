/// One piece of the text being corrected: a word the corrector may change, or anything it
/// must leave exactly as typed (white space, punctuation, numbers, URLs, e-mail addresses,
/// names, acronyms, words in other scripts).
struct CorrectionToken: Sendable {
    enum Kind: Sendable {
        case word
        case space
        case kept
    }

    var kind: Kind
    /// The text as typed.
    var text: String
    /// Lower-case ASCII letters of a word (apostrophes included).
    var lowered: [UInt8] = []
    /// Whether this word (or kept text, such as an elided `l'`) starts a sentence.
    var startsSentence = false
    /// Whether the word's capitals are written so on purpose (`McKnight`, `iPhone`, `IDs`):
    /// it is then read and written exactly as typed.
    var keepsItsCase = false
    /// The word as typed when a slip was mended before reading (`don'y`, read as `don't`).
    var asTyped: String?
    /// A word of the writer's own (`WritersWords`): kept as typed, never split or joined.
    var isWritersWord = false

    /// Writes `written` for the word, keeping what was first typed in `asTyped`.
    mutating func respell(as written: String) {
        guard written != text else { return }
        asTyped = asTyped ?? text
        text = written
    }

    /// Puts `apostrophe` into the word after its first `cut` letters (ASCII, so letters and
    /// bytes agree): `shed` → `she'd`, `Ill` → `I'll`.
    mutating func insertApostrophe(_ apostrophe: Character, after cut: Int) {
        let at = text.utf8.index(text.utf8.startIndex, offsetBy: cut)
        respell(as: String(text[..<at]) + String(apostrophe) + String(text[at...]))
        lowered.insert(0x27, at: cut)
    }

    /// Marks the word as the writer's own (`WritersWords`): kept as typed from here on.
    mutating func markAsWritersWord() {
        isWritersWord = true
        keepsItsCase = true
    }

    /// Whether the text starts with a capital letter. An ASCII first byte decides alone: a
    /// mark after it (`A` and U+0301) leaves its case as it is.
    var startsWithCapital: Bool {
        guard let first = text.utf8.first else { return false }
        return first < 0x80 ? first.isASCIIUppercase : text.first?.isUppercase == true
    }

    /// A single space between two words: they may be one word typed with an extra space, and
    /// the first is the second's context.
    var isPlainSpace: Bool { kind == .space && text == " " }

    /// Whether `tokens` were typed with the typographic apostrophe (`’`) and never the ASCII
    /// one: an apostrophe the corrector puts back is then written `’` too.
    static func writeTypographicApostrophes(_ tokens: [CorrectionToken]) -> Bool {
        tokens.contains { ($0.asTyped ?? $0.text).unicodeScalars.contains("\u{2019}") }
            && !tokens.contains { ($0.asTyped ?? $0.text).utf8.contains(UInt8(ascii: "'")) }
    }

    /// The apostrophe the corrector puts back into `tokens`: `’` where they were typed with
    /// that one only (`writeTypographicApostrophes`), otherwise `'`.
    static func apostrophe(for tokens: [CorrectionToken]) -> Character {
        writeTypographicApostrophes(tokens) ? "\u{2019}" : "'"
    }

    /// Whether the word at `index` of `tokens` is followed at once by a hyphen: it starts a
    /// hyphened word (`all-time`).
    static func isFollowedByHyphen(_ tokens: [CorrectionToken], at index: Int) -> Bool {
        index + 1 < tokens.count && tokens[index + 1].kind == .kept
            && tokens[index + 1].text.utf8.first == UInt8(ascii: "-")
    }

    /// Splits `text` into tokens; with `rules` of a language whose letters are folded, words
    /// with diacritics are words too (their `lowered` letters folded), and an elided word
    /// (`l'`, `qu'`) is kept apart from the word it is written with.
    static func tokenize(_ text: String, rules: LanguagePack.Rules? = nil) -> [CorrectionToken] {
        let folding = rules?.foldsLetters == true
        var tokens = text.utf8.allSatisfy { $0 < 0x80 } ? asciiRuns(text) : characterRuns(text, folding: folding)
        if let rules, !rules.elisions.isEmpty { tokens = splittingElisions(tokens, rules.elisions) }
        if let rules, !rules.apocopes.isEmpty { tokens = joiningApocopes(tokens, rules.apocopes) }
        var sentenceStart = true
        for index in tokens.indices {
            switch tokens[index].kind {
            case .word:
                tokens[index].startsSentence = sentenceStart
                sentenceStart = false
            case .kept:
                tokens[index].startsSentence = sentenceStart
                if tokens[index].endsSentence {
                    sentenceStart = true
                } else if tokens[index].hasLetterOrDigit {
                    sentenceStart = false
                }
            case .space:
                if tokens[index].breaksLine { sentenceStart = true }
            }
        }
        return tokens
    }

    /// Kept text whose last character is `.`, `!` or `?`.
    private var endsSentence: Bool {
        text.last.map { ".!?".contains($0) } ?? false
    }

    /// Kept text with a letter or a digit (a number, a name, a word in another script).
    private var hasLetterOrDigit: Bool {
        text.contains { $0.isLetter || $0.isNumber }
    }

    /// Text made of white space alone (a space token may hold a combining mark after a space).
    var isWhiteSpaceOnly: Bool {
        text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    /// White space with a line break.
    var breaksLine: Bool {
        text.contains(where: \.isNewline)
    }

    /// Runs of white space, and the tokens of the runs between them, in ASCII text, byte by
    /// byte: splitting by characters costs 6-8% of a correction of an English sentence.
    private static func asciiRuns(_ text: String) -> [CorrectionToken] {
        var tokens: [CorrectionToken] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let isSpace = bytes[start].isASCIIWhitespace
            var end = start + 1
            while end < bytes.count, bytes[end].isASCIIWhitespace == isSpace { end += 1 }
            if isSpace {
                tokens.append(CorrectionToken(kind: .space, text: String(decoding: bytes[start..<end], as: UTF8.self)))
            } else {
                splitChunk(bytes[start..<end], into: &tokens)
            }
            start = end
        }
        return tokens
    }

    /// `asciiRuns` for any text: white space as Unicode defines it, character by character.
    private static func characterRuns(_ text: String, folding: Bool) -> [CorrectionToken] {
        var tokens: [CorrectionToken] = []
        var chunk = ""
        var space = ""
        func flushChunk() {
            guard !chunk.isEmpty else { return }
            if chunk.utf8.contains(where: { $0 >= 0x80 }),
                folding || chunk.unicodeScalars.allSatisfy({ $0.isASCII || typographicMarks.contains($0) })
            {
                // Without folded letters, only the marks a phone's smart punctuation types
                // (`don’t`, `“hello”`) are read around words; other letters are kept.
                splitFoldedChunk(chunk, into: &tokens)
            } else {
                splitChunk(Array(chunk.utf8)[...], into: &tokens)
            }
            chunk = ""
        }
        for character in text {
            if character.isWhitespace {
                flushChunk()
                space.append(character)
            } else {
                if !space.isEmpty { tokens.append(CorrectionToken(kind: .space, text: space)); space = "" }
                chunk.append(character)
            }
        }
        flushChunk()
        if !space.isEmpty { tokens.append(CorrectionToken(kind: .space, text: space)) }
        return tokens
    }

    /// The apostrophes, quotation marks, dashes and ellipsis a phone's smart punctuation
    /// writes for the ASCII ones typed (not guillemets: English text does not use them, so a
    /// word between them is kept, as another language's).
    private static let typographicMarks: Set<Unicode.Scalar> = [
        "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2013}", "\u{2014}", "\u{2026}"
    ]

    /// A run of non-space characters: kept whole when it is a URL, an address, a number or
    /// not ASCII; otherwise words and the punctuation around them.
    private static func splitChunk(_ bytes: ArraySlice<UInt8>, into tokens: inout [CorrectionToken]) {
        if bytes.contains(where: { $0 >= 0x80 }) || isKeptWhole(bytes) {
            tokens.append(CorrectionToken(kind: .kept, text: String(decoding: bytes, as: UTF8.self)))
            return
        }
        let bytes = withSlippedApostrophes(bytes)
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let isWordByte = bytes[start].isASCIILetter
            var end = start + 1
            while end < bytes.endIndex {
                let byte = bytes[end]
                let continues =
                    isWordByte
                    ? byte.isASCIILetter || (byte == 0x27 && end + 1 < bytes.endIndex && bytes[end + 1].isASCIILetter)
                    : !byte.isASCIILetter
                guard continues else { break }
                end += 1
            }
            let piece = String(decoding: bytes[start..<end], as: UTF8.self)
            if isWordByte {
                tokens.append(
                    CorrectionToken(kind: .word, text: piece, lowered: bytes[start..<end].map(\.asciiLowercased)))
            } else {
                tokens.append(CorrectionToken(kind: .kept, text: piece))
            }
            start = end
        }
    }

    /// `splitChunk` for a language whose letters are folded, for a chunk that is not ASCII:
    /// runs of letters (with their diacritics, and an apostrophe between letters) are words
    /// whose `lowered` letters are folded; a chunk with a digit, an address's marks, or
    /// anything the folding does not know (``LetterFolding/keepsChunkAsTyped(_:)``) is kept.
    private static func splitFoldedChunk(_ chunk: String, into tokens: inout [CorrectionToken]) {
        if isKeptWhole(Array(chunk.utf8)[...]) || LetterFolding.keepsChunkAsTyped(chunk.unicodeScalars) {
            tokens.append(CorrectionToken(kind: .kept, text: chunk))
            return
        }
        let scalars = Array(chunk.unicodeScalars)
        var start = 0
        while start < scalars.count {
            let isWord = LetterFolding.isLetter(scalars[start])
            var end = start + 1
            while end < scalars.count {
                let scalar = scalars[end]
                let continues =
                    isWord
                    ? LetterFolding.isLetter(scalar) || LetterFolding.isCombiningMark(scalar)
                        || (LetterFolding.isApostrophe(scalar) && end + 1 < scalars.count
                            && LetterFolding.isLetter(scalars[end + 1]))
                    : !LetterFolding.isLetter(scalar)
                guard continues else { break }
                end += 1
            }
            var piece = String.UnicodeScalarView()
            piece.append(contentsOf: scalars[start..<end])
            let text = String(piece)
            if isWord, let folded = LetterFolding.folded(text[...].unicodeScalars) {
                tokens.append(CorrectionToken(kind: .word, text: text, lowered: folded))
            } else {
                tokens.append(CorrectionToken(kind: .kept, text: text))
            }
            start = end
        }
    }

    /// `tokens` with each word that starts with one of `elisions` (`l'école`, `qu'il`) split
    /// into the elided word, kept as typed, and the word after it.
    private static func splittingElisions(_ tokens: [CorrectionToken], _ elisions: [[UInt8]]) -> [CorrectionToken] {
        guard tokens.contains(where: { $0.kind == .word && $0.lowered.contains(0x27) }) else { return tokens }
        var split: [CorrectionToken] = []
        split.reserveCapacity(tokens.count + 2)
        for token in tokens {
            guard token.kind == .word, let mark = token.lowered.firstIndex(of: 0x27), mark + 1 < token.lowered.count,
                elisions.contains(where: { $0.elementsEqual(token.lowered[...mark]) }),
                let textMark = token.text.unicodeScalars.firstIndex(where: LetterFolding.isApostrophe)
            else {
                split.append(token)
                continue
            }
            let rest = token.text.unicodeScalars.index(after: textMark)
            split.append(CorrectionToken(kind: .kept, text: String(token.text[..<rest])))
            split.append(
                CorrectionToken(
                    kind: .word, text: String(token.text[rest...]), lowered: Array(token.lowered[(mark + 1)...])))
        }
        return split
    }

    /// `tokens` with each word cut short that the apostrophe after it marks (Italian `po'`)
    /// holding its apostrophe, as an elided word does: it is a word as typed, not a slip.
    private static func joiningApocopes(_ tokens: [CorrectionToken], _ apocopes: [[UInt8]]) -> [CorrectionToken] {
        var joined: [CorrectionToken] = []
        joined.reserveCapacity(tokens.count)
        var index = tokens.startIndex
        while index < tokens.endIndex {
            var token = tokens[index]
            index += 1
            guard token.kind == .word, index < tokens.endIndex, tokens[index].kind == .kept,
                let mark = tokens[index].text.unicodeScalars.first, LetterFolding.isApostrophe(mark),
                apocopes.contains(where: { $0.elementsEqual(token.lowered + [0x27]) })
            else {
                joined.append(token)
                continue
            }
            token.text.unicodeScalars.append(mark)
            token.lowered.append(0x27)
            joined.append(token)
            let rest = String(tokens[index].text.unicodeScalars.dropFirst())
            if !rest.isEmpty { joined.append(CorrectionToken(kind: .kept, text: rest)) }
            index += 1
        }
        return joined
    }

    /// `bytes` with each `;` typed for the apostrophe beside it read as one: between letters and
    /// before the ending of a contraction or a possessive (`don;t`, `it;s`, `I;m`, `we;ll`,
    /// `week;s`). A semicolon of a sentence is followed by a space. The token then holds the
    /// apostrophe, as the corrected text does.
    private static func withSlippedApostrophes(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard bytes.contains(UInt8(ascii: ";")) else { return bytes }
        var repaired = bytes
        for index in bytes.indices
        where bytes[index] == UInt8(ascii: ";") && index > bytes.startIndex && bytes[index - 1].isASCIILetter {
            var end = index + 1
            while end < bytes.endIndex, bytes[end].isASCIILetter { end += 1 }
            let ending = String(decoding: bytes[(index + 1)..<end], as: UTF8.self).lowercased()
            var start = index - 1
            while start > bytes.startIndex, bytes[start - 1].isASCIILetter { start -= 1 }
            let before = String(decoding: bytes[start..<index], as: UTF8.self).lowercased()
            let isContraction =
                switch ending {
                case "s", "d", "re", "ve", "ll": true
                case "t": before.hasSuffix("n")
                case "m": before == "i"
                default: false
                }
            if isContraction { repaired[index] = 0x27 }
        }
        return repaired
    }

    /// Whether a chunk is kept as typed whatever its letters: it holds a number, an address's
    /// marks (`@`, `/`, `_`) or a dot inside a word (`hasInnerDot`).
    private static func isKeptWhole(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.contains {
            $0.isASCIIDigit || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "_")
        }
            || hasInnerDot(bytes)
    }

    /// `a.b` with letters on both sides: a domain or file name. Not `wou.d` (two letters or
    /// more, a dot, one letter, then the chunk's end or punctuation): the dot key, beside `l`,
    /// hit inside a word.
    private static func hasInnerDot(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count >= 3 else { return false }
        for index in (bytes.startIndex + 1)..<(bytes.endIndex - 1) where bytes[index] == UInt8(ascii: ".") {
            if bytes[index - 1].isASCIILetter && bytes[index + 1].isASCIILetter && !isSlippedDot(bytes, at: index) {
                return true
            }
        }
        return false
    }

    private static func isSlippedDot(_ bytes: ArraySlice<UInt8>, at index: Int) -> Bool {
        // "Ph.D" and "U.S" are abbreviations.
        guard index - 2 >= bytes.startIndex, bytes[index + 1].isASCIILowercase,
            bytes[bytes.startIndex..<index].allSatisfy(\.isASCIILetter),
            bytes[(bytes.startIndex + 1)..<index].allSatisfy(\.isASCIILowercase)
        else { return false }
        let after = index + 2
        return after == bytes.endIndex
            || (!bytes[after].isASCIILetter && !bytes[after...].contains(UInt8(ascii: "."))
                || bytes[after...].allSatisfy { $0 == UInt8(ascii: ".") })
    }

    /// Punctuation keys that sit among the letters (`.` and `,` below `l`, `;` beside it) and
    /// so are hit inside a word: `wou.d`, `treatm,ent`, `week;s`.
    static let slippedMarks: [String] = [".", ",", ";"]
}
