/// Decides whether a `"` inside a string value closed it, from the bytes that follow.
///
/// Models write quotations without escaping them (`"She said "hi" to me"`). Valid JSON is
/// never read differently: the quote closes when what follows is what JSON allows after a
/// value (`,` then a key or a value, `}`, `]`, a comment, the end), and is text otherwise.
/// A word after the comma is read far enough to tell a literal (`true`) or an unquoted key
/// (`b:`) from prose (`, then left"`).
struct QuoteContinuation {
    enum Verdict: Equatable {
        /// More bytes are needed.
        case undecided
        /// The quote closed the string; the bytes after it are JSON.
        case closes
        /// The quote was text.
        case isText
    }

    private enum Stage {
        case afterQuote, afterComma, inWord, afterWord
    }

    /// Whether the string is a member of an object (else an element of an array).
    let inObject: Bool
    private var stage = Stage.afterQuote
    private var word: [UInt8] = []

    init(inObject: Bool) {
        self.inObject = inObject
    }

    /// Reads the next byte after the quote.
    mutating func read(_ byte: UInt8) -> Verdict {
        let isSpace = TolerantJSONMachine.isWhitespace(byte)
        switch stage {
        case .afterQuote:
            if isSpace { return .undecided }
            if byte == UInt8(ascii: ",") {
                stage = .afterComma
                return .undecided
            }
            return Self.closesAValue(byte) || byte == UInt8(ascii: "\"") ? .closes : .isText
        case .afterComma:
            if isSpace { return .undecided }
            if Self.closesAValue(byte) || Self.opensAValue(byte) { return .closes }
            // A number after a comma is an element of an array; in an object it is text.
            if byte.isASCIIDigit || byte == UInt8(ascii: "-") { return inObject ? .isText : .closes }
            if TolerantJSONMachine.isWordByte(byte) {
                stage = .inWord
                word = [byte]
                return .undecided
            }
            return .isText
        case .inWord:
            if TolerantJSONMachine.isWordByte(byte) {
                word.append(byte)
                return word.count > Self.longestWord ? .isText : .undecided
            }
            stage = .afterWord
            return decideAfterWord(byte, isSpace: isSpace)
        case .afterWord:
            return decideAfterWord(byte, isSpace: isSpace)
        }
    }

    /// The verdict when the input ends while undecided: a quote at the end closes.
    var verdictAtEnd: Verdict {
        switch stage {
        case .afterQuote, .afterComma: .closes
        case .inWord, .afterWord: isKeyOrLiteral(nextByte: nil) ? .closes : .isText
        }
    }

    private func decideAfterWord(_ byte: UInt8, isSpace: Bool) -> Verdict {
        if isSpace { return .undecided }
        return isKeyOrLiteral(nextByte: byte) ? .closes : .isText
    }

    /// In an object a word after the comma is a key when a colon follows; in an array it is
    /// a literal when a delimiter follows.
    private func isKeyOrLiteral(nextByte: UInt8?) -> Bool {
        if inObject { return nextByte == UInt8(ascii: ":") }
        let delimits = nextByte.map { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "]") } ?? true
        return delimits && Self.literals.contains(word)
    }

    private static let literals = Set(TolerantJSONMachine.literals.map { Array($0.utf8) })
    /// Past this many letters a word is prose whatever follows: no key models write is longer.
    private static let longestWord = 64

    private static func closesAValue(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "/")
    }

    private static func opensAValue(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "{")
            || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "`") || byte == 0xE2
    }
}
