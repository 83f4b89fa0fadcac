/// The letters with diacritics that Latin-script keyboards make with a long press, folded to
/// the key pressed (`é` → `e`, `ß` → `ss`): a language pack other than English keys its words
/// by their folded letters, so a skipped long press is a cheap slip, not another word.
/// `scripts/generate-language-packs.py` folds its word lists with the same letters.
enum LetterFolding {
    /// The lower-case letters folded, each with its letters without the diacritic.
    private static let lowerCaseFolds: [(letters: String, folded: String)] = [
        ("àáâãäå", "a"), ("ç", "c"), ("èéêë", "e"), ("ìíîï", "i"), ("ñ", "n"), ("òóôõö", "o"),
        ("ùúûü", "u"), ("ýÿ", "y"), ("ß", "ss"), ("æ", "ae"), ("œ", "oe")
    ]

    /// Each folded letter, upper and lower case, by its scalar value.
    private static let folds: [UInt32: [UInt8]] = {
        var folds: [UInt32: [UInt8]] = [:]
        for (letters, folded) in lowerCaseFolds {
            for letter in letters.unicodeScalars {
                folds[letter.value] = Array(folded.utf8)
                // ß has no one-letter capital ("SS"), so only single scalars are added.
                let upper = String(letter).uppercased().unicodeScalars
                if upper.count == 1, let capital = upper.first, capital != letter {
                    folds[capital.value] = Array(folded.utf8)
                }
            }
        }
        return folds
    }()

    /// Whether `scalar` is a combining diacritic (typed after its letter on some keyboards).
    static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        (0x300...0x36F).contains(scalar.value)
    }

    /// Combining diacritics that, after an ASCII letter, spell a letter this folding knows
    /// (`e` and U+0301 is `é`): grave, acute, circumflex, tilde, diaeresis, ring, cedilla.
    private static let composingMarks: Set<UInt32> = [0x300, 0x301, 0x302, 0x303, 0x308, 0x30A, 0x327]

    /// Whether a chunk of text must be kept exactly as typed by a language whose letters are
    /// folded, as English keeps any chunk outside ASCII: it holds a letter, number, symbol or
    /// mark the folding does not know (`Dvořák`, `İstanbul`, `cбafe`, `km²`, `µg`, `pH₇`), or
    /// a combining mark that does not spell a known letter with the ASCII letter before it
    /// (`s̶aid`, a letter under a pile of accents). Punctuation (`«`, `—`, `”`) splits words
    /// as ever.
    static func keepsChunkAsTyped(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
        var previous: Unicode.Scalar?
        for scalar in scalars {
            defer { previous = scalar }
            if scalar.isASCII || folds[scalar.value] != nil || isApostrophe(scalar) { continue }
            if composingMarks.contains(scalar.value) {
                guard let previous, previous.isASCII, UInt8(previous.value).isASCIILetter else { return true }
                continue
            }
            switch scalar.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                .finalPunctuation, .otherPunctuation, .spaceSeparator, .format:
                continue
            default:
                return true
            }
        }
        return false
    }

    /// Whether `scalar` is an apostrophe as keyboards type it: `'`, or `’` with smart punctuation.
    static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2019}"
    }

    /// Whether `scalar` is a letter this folding knows: a-z, A-Z or a folded letter.
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? UInt8(scalar.value).isASCIILetter : folds[scalar.value] != nil
    }

    /// `text`'s letters in lower case and folded to a-z (apostrophes kept), or `nil` when it
    /// holds anything else.
    static func folded(_ text: Substring.UnicodeScalarView) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        for scalar in text {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                guard byte.isASCIILetter || byte == 0x27 else { return nil }
                bytes.append(byte.asciiLowercased)
            } else if let folded = folds[scalar.value] {
                bytes += folded
            } else if scalar == "\u{2019}" {
                bytes.append(0x27)
            } else if !isCombiningMark(scalar) || bytes.isEmpty {
                return nil
            }
        }
        return bytes
    }
}
