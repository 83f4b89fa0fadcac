/// The brackets of prose that was passed over while looking for a reply's JSON.
///
/// A `{` or `[` inside a sentence is prose, not the start of the value ("The answer is
/// {"a": [1, 2]} as requested."); nothing inside what it opens may start the value either,
/// or a part of a skipped value would be taken for the whole ("[1, 2]"). Strings inside a
/// skipped bracket are followed, so a bracket in one does not count.
struct SkippedBrackets: Sendable {
    private var depth = 0
    private var inString = false
    private var escaped = false

    /// Whether the bytes now being read are inside a bracket that was skipped.
    var isInside: Bool { depth > 0 }

    /// What the outermost skipped bracket's first token says of it.
    private var outerShape: HeldBracketShape?

    /// Whether the outermost bracket is still open and its first token is no JSON value
    /// (`[see below`): such a bracket is prose, and closes with its line (``endLine()``).
    var opensNoValue: Bool { depth > 0 && outerShape?.isProse == true }

    /// Ends a line: a bracket that opens no value stops counting, so the JSON on the next
    /// lines is not taken for its contents.
    mutating func endLine() {
        if opensNoValue { self = SkippedBrackets() }
    }

    /// Notes a byte that was passed over as prose.
    mutating func skip(_ byte: UInt8) {
        if depth > 0 { outerShape?.read(byte) }
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            return
        }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            if depth == 0 { outerShape = HeldBracketShape(opensObject: byte == UInt8(ascii: "{")) }
            depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            if depth > 0 { depth -= 1 }
        case UInt8(ascii: "\""):
            inString = depth > 0
        default:
            break
        }
    }
}
