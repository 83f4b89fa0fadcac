/// What the first token after a bracket held in a line of prose says of it: `[see below` and
/// `:-[ sorry` open no JSON value (a word is no value, and `{` takes a key or `}` first), so
/// such a bracket is released as prose at the end of its line instead of swallowing the JSON
/// on the lines after it. Read one byte at a time, in constant space.
struct HeldBracketShape: Sendable {
    private let opensObject: Bool
    /// The first token's letters so far (at most five are needed: `false`).
    private var word: [UInt8] = []
    private var spaceAfterWord = false
    private var decided = false
    /// Whether the bracket cannot open a JSON value.
    private(set) var isProse = false

    /// The shape of a held `{` (`opensObject`) or `[`.
    init(opensObject: Bool) {
        self.opensObject = opensObject
    }

    /// Reads the next held byte after the bracket.
    mutating func read(_ byte: UInt8) {
        guard !decided else { return }
        let isSpace = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == 0x0A || byte == 0x0D
        if byte.isASCIILetter || byte == UInt8(ascii: "_") || (byte.isASCIIDigit && !word.isEmpty) {
            // A second word before an object's colon is prose ("{sorry about that").
            if spaceAfterWord { return decide(prose: true) }
            word.append(byte)
            if !opensObject, !Self.literals.contains(where: { $0.starts(with: word) }) { decide(prose: true) }
            return
        }
        if isSpace {
            if !word.isEmpty { spaceAfterWord = true }
            return
        }
        if !word.isEmpty {
            // An unquoted key ends at its colon; a literal at a comma or bracket.
            return decide(prose: opensObject && byte != UInt8(ascii: ":"))
        }
        let valueStart: Bool
        if opensObject {
            valueStart = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "}")
        } else {
            valueStart =
                byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "{")
                || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "-")
                || byte.isASCIIDigit
        }
        decide(prose: !valueStart)
    }

    private mutating func decide(prose: Bool) {
        decided = true
        isProse = prose
    }

    private static let literals: [[UInt8]] = [Array("true".utf8), Array("false".utf8), Array("null".utf8)]
}
