/// Estimates how many tokens a language model's tokenizer makes of a text, without the
/// tokenizer's vocabulary, by counting by script.
///
/// The model, in tenths of a token so that the sum stays an integer until the end:
/// - a word of Latin letters (with accents and combining marks) costs 1 token for its first
///   7 letters and 1 more for every 7 after, so English prose averages about 4 characters per
///   token with its spaces;
/// - a run of digits costs 1 token per 3 digits;
/// - kana, Hangul syllables, CJK and full-width punctuation cost 1 token each; a CJK
///   ideograph costs 1.3 (byte-level tokenizers split many ideographs in two);
/// - letters of other scripts (Cyrillic, Greek, Arabic, Hebrew, Devanagari, Thai, ...) cost
///   1 token per 2 letters;
/// - other punctuation and symbols cost 1 token each, and characters outside the Basic
///   Multilingual Plane (emoji) 2; a line break costs 1; spaces are free (tokenizers join
///   them to the next word).
///
/// Checked in the tests against the counts of a real byte-level BPE tokenizer for English and
/// Japanese prose (`Tests/Fixtures/Prompts/token-reference.json`): within 15%. Text with many
/// misspellings tokenizes denser than prose (about 2.3 characters per token in the reference)
/// and is underestimated; budgets keep a margin for that.
public struct TokenEstimator: Sendable {
    /// Creates an estimator.
    public init() {}

    /// The estimated token count of `text`; 0 only for text without visible characters.
    public func tokens(in text: String) -> Int {
        var text = text
        return text.withUTF8(tokens(utf8:))
    }

    /// ``tokens(in:)`` of a part of a text, without copying it.
    public func tokens(in text: Substring) -> Int {
        var text = text
        return text.withUTF8(tokens(utf8:))
    }

    /// The estimated token count of valid UTF-8.
    func tokens(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var counter = Counter()
        scan(bytes, into: &counter) { _, _ in true }
        return counter.total
    }

    /// The length in bytes of the longest prefix of `text` that is estimated at `maxTokens` or
    /// fewer, ending on a Unicode scalar boundary. One pass, stopping at the cut.
    public func prefixLength(of text: String, fittingTokens maxTokens: Int) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            var counter = Counter()
            var fitting = 0
            scan(bytes, into: &counter) { counter, end in
                guard counter.provisionalTotal <= maxTokens else { return false }
                fitting = end
                return true
            }
            return fitting
        }
    }

    /// Feeds each scalar of `bytes` to `counter`, calling `proceed` with the byte offset after
    /// it until `proceed` says stop.
    private func scan(_ bytes: UnsafeBufferPointer<UInt8>, into counter: inout Counter, proceed: (Counter, Int) -> Bool)
    {
        let asciiKinds = Self.asciiKinds
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                counter.add(asciiKinds[Int(lead)], wide: false)
                index += 1
                guard proceed(counter, index) else { return }
                continue
            }
            // A String's bytes are valid UTF-8, so the lead byte gives the length.
            var value = UInt32(lead)
            let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            value &= length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07
            for offset in 1..<length where index + offset < bytes.count {
                value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
            }
            index += length
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            counter.add(Self.classify(scalar), wide: value > 0xFFFF)
            guard proceed(counter, min(index, bytes.count)) else { return }
        }
    }

    /// The running count, in tenths of a token.
    private struct Counter {
        var tenths = 0
        var run = Run.none
        var runLength = 0

        /// The tenths the open run costs.
        var runTenths: Int {
            switch run {
            case .none: 0
            case .latin: 10 * (1 + (runLength - 1) / 7)
            case .digits: 10 * ((runLength + 2) / 3)
            case .otherLetters: 10 * ((runLength + 1) / 2)
            }
        }

        mutating func closeRun() {
            tenths += runTenths
            run = .none
            runLength = 0
        }

        /// The total so far, counting the open run as if it ended here.
        var provisionalTotal: Int { (tenths + runTenths + 9) / 10 }

        @inline(__always)
        mutating func extend(_ next: Run) {
            if run != next {
                closeRun()
                run = next
            }
            runLength += 1
        }

        @inline(__always)
        mutating func add(_ kind: Kind, wide: Bool) {
            switch kind {
            case .latin: extend(.latin)
            case .digits: extend(.digits)
            case .otherLetters: extend(.otherLetters)
            case .mark, .invisible:
                // Combining marks belong to the letter before them.
                return
            case .space:
                closeRun()
            case .lineBreak, .kana, .wide:
                closeRun()
                tenths += 10
            case .ideograph:
                closeRun()
                tenths += 13
            case .symbol:
                closeRun()
                tenths += wide ? 20 : 10
            }
        }

        var total: Int {
            mutating get {
                closeRun()
                return (tenths + 9) / 10
            }
        }
    }

    private enum Run: Equatable { case none, latin, digits, otherLetters }

    private enum Kind: Equatable {
        case latin, digits, otherLetters, mark, space, lineBreak, kana, wide, ideograph, symbol, invisible
    }

    /// The kind of each ASCII scalar, so that the common case is one load.
    private static let asciiKinds: [Kind] = (0..<128).map { classify(Unicode.Scalar(UInt8($0))) }

    private static func classify(_ scalar: Unicode.Scalar) -> Kind {
        let value = scalar.value
        switch value {
        case 0x41...0x5A, 0x61...0x7A: return .latin
        case 0x30...0x39: return .digits
        case 0x0A, 0x0D, 0x2028, 0x2029: return .lineBreak
        case 0x09, 0x20, 0xA0, 0x3000: return .space
        case 0x00...0x1F, 0x7F, 0x200B...0x200F, 0xFE00...0xFE0F, 0xFEFF: return .invisible
        case 0x21...0x7E: return .symbol
        case 0xC0...0x24F, 0x1E00...0x1EFF:
            return value == 0xD7 || value == 0xF7 ? .symbol : .latin
        case 0x300...0x36F: return .mark
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xAC00...0xD7AF, 0x1100...0x11FF: return .kana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return .ideograph
        case 0x3001...0x303F, 0xFF00...0xFFEF: return .wide
        default:
            let properties = scalar.properties
            if properties.isWhitespace { return .space }
            if properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
                || properties.generalCategory == .enclosingMark
            {
                return .mark
            }
            if properties.isAlphabetic { return .otherLetters }
            return .symbol
        }
    }
}
