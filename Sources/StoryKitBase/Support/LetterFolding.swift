/// The letters with diacritics that Latin-script keyboards make with a long press, folded to
/// the key pressed (`é` → `e`, `ß` → `ss`): a language pack other than English keys its words
/// by their folded letters, so a skipped long press is a cheap slip, not another word.
/// `scripts/generate-language-packs.py` folds its word lists with the same letters.
package enum LetterFolding {
    /// The lower-case letters folded, each with its letters without the diacritic.
    @usableFromInline static let lowerCaseFolds: [(letters: String, folded: String)] = [
        ("àáâãäå", "a"), ("ç", "c"), ("èéêë", "e"), ("ìíîï", "i"), ("ñ", "n"), ("òóôõö", "o"),
        ("ùúûü", "u"), ("ýÿ", "y"), ("ß", "ss"), ("æ", "ae"), ("œ", "oe")
    ]

    /// Each folded letter, upper and lower case, by its scalar value.
    @usableFromInline static let folds: [UInt32: [UInt8]] = {
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
    @inlinable package static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        (0x300...0x36F).contains(scalar.value)
    }

    /// The letters each combining diacritic spells after an ASCII letter, as this folding
    /// knows them precomposed (`e` and U+0301 is `é`, as NFC writes it): grave, acute,
    /// circumflex, tilde, diaeresis, ring, cedilla. `b` and a cedilla spells no such letter.
    @usableFromInline static let composingMarks: [UInt32: Set<UInt8>] = {
        let lowerCase: [UInt32: String] = [
            0x300: "aeiou", 0x301: "aeiouy", 0x302: "aeiou", 0x303: "ano", 0x308: "aeiouy", 0x30A: "a", 0x327: "c"
        ]
        return lowerCase.mapValues { letters in Set(letters.utf8.flatMap { [$0, $0 - 0x20] }) }
    }()

    /// Whether `mark` after the ASCII letter `base` spells a letter this folding knows.
    @inlinable package static func composes(_ base: Unicode.Scalar, with mark: Unicode.Scalar) -> Bool {
        base.isASCII && composingMarks[mark.value]?.contains(UInt8(base.value)) == true
    }

    /// Whether a chunk of text must be kept exactly as typed by a language whose letters are
    /// folded, as English keeps any chunk outside ASCII: it holds a letter, number, symbol or
    /// mark the folding does not know (`Dvořák`, `İstanbul`, `cбafe`, `km²`, `µg`, `pH₇`), or
    /// a combining mark that does not spell a known letter with the ASCII letter before it
    /// (`s̶aid`, a letter under a pile of accents). Punctuation (`«`, `—`, `”`) splits words
    /// as ever.
    @inlinable package static func keepsChunkAsTyped(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
        var previous: Unicode.Scalar?
        for scalar in scalars {
            defer { previous = scalar }
            if scalar.isASCII || folds[scalar.value] != nil || isApostrophe(scalar) { continue }
            if composingMarks[scalar.value] != nil {
                guard let previous, composes(previous, with: scalar) else { return true }
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

    /// The key letters of a pack's spelling (`dzień` → `dzien`, `Straße` → `strasse`), or `nil`
    /// when it holds anything but letters, apostrophes and combining marks. Wider than
    /// `folded(_:)`: a Latin letter with any diacritic counts as its base letter (told from its
    /// Unicode name, `LATIN SMALL LETTER N WITH ACUTE`), so a pack of another Latin-script
    /// language is checked too; a spelling can add diacritics and capitals, never other letters.
    @inlinable package static func spellingKey(_ spelling: String) -> [UInt8]? {
        fold(spelling.unicodeScalars, readingAnyLatinLetter: true)
    }

    /// The a-z letter a Latin letter with a diacritic is written on, from its Unicode name.
    @usableFromInline static func latinBaseLetter(of scalar: Unicode.Scalar) -> UInt8? {
        guard let name = scalar.properties.name else { return nil }
        for prefix in ["LATIN SMALL LETTER ", "LATIN CAPITAL LETTER "] where name.hasPrefix(prefix) {
            let rest = name.utf8.dropFirst(prefix.utf8.count)
            guard let letter = rest.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(letter),
                rest.dropFirst().starts(with: " WITH ".utf8)
            else { return nil }
            return letter | 0x20
        }
        return nil
    }

    /// Whether `scalar` is an apostrophe as keyboards type it: `'`, or `’` with smart punctuation.
    @inlinable package static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2019}"
    }

    /// Whether `scalar` is a letter this folding knows: a-z, A-Z or a folded letter.
    @inlinable package static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? UInt8(scalar.value).isASCIILetter : folds[scalar.value] != nil
    }

    /// `text`'s letters in lower case and folded to a-z (apostrophes kept), or `nil` when it
    /// holds anything else.
    @inlinable package static func folded(_ text: Substring.UnicodeScalarView) -> [UInt8]? {
        fold(text, readingAnyLatinLetter: false)
    }

    /// `folded(_:)`, and with `readingAnyLatinLetter` any Latin letter with a diacritic read as
    /// its base letter (`spellingKey(_:)`).
    @inlinable package static func fold(_ scalars: some Collection<Unicode.Scalar>, readingAnyLatinLetter: Bool)
        -> [UInt8]?
    {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count)
        for scalar in scalars {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                guard byte.isASCIILetter || byte == 0x27 else { return nil }
                bytes.append(byte.asciiLowercased)
            } else if let folded = folds[scalar.value] {
                bytes += folded
            } else if scalar == "\u{2019}" {
                bytes.append(0x27)
            } else if isCombiningMark(scalar), !bytes.isEmpty {
                continue
            } else if readingAnyLatinLetter, let base = latinBaseLetter(of: scalar) {
                bytes.append(base)
            } else {
                return nil
            }
        }
        return bytes
    }
}
