/// A line of prose or a code fence read before a JSON value in a model's reply, and the one
/// rule for whether a `{` or `[` on it opens the value: at the start of the line, after a
/// fence, or after a sentence (`.`, `:`, `!`, `?`). The tolerant parser and the variation
/// stream both follow it.
struct ProseLine {
    /// Whether the line has a byte other than white space.
    private(set) var hasContent = false
    /// Whether the line starts with a code fence (```` ``` ```` or `~~~`).
    private(set) var isFence = false
    private var lastContentByte: UInt8 = 0
    private var start: [UInt8] = []

    /// Whether a `{` or `[` read next opens a JSON value.
    var bracketOpensJSON: Bool {
        !hasContent || isFence || lastContentByte == UInt8(ascii: ".") || lastContentByte == UInt8(ascii: ":")
            || lastContentByte == UInt8(ascii: "!") || lastContentByte == UInt8(ascii: "?")
    }

    /// Whether the line has prose and its last byte ends a sentence (`.`, `!`, `?`): a
    /// bracket there is inside a line of prose, though it may open the value.
    var followsSentenceInLine: Bool {
        hasContent && !isFence
            && (lastContentByte == UInt8(ascii: ".") || lastContentByte == UInt8(ascii: "!")
                || lastContentByte == UInt8(ascii: "?"))
    }

    /// Reads a byte of the line other than its line feed; whether it is the line's first byte
    /// other than white space.
    @discardableResult
    mutating func read(_ byte: UInt8) -> Bool {
        guard byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"), byte != UInt8(ascii: "\r") else { return false }
        let isFirst = !hasContent
        hasContent = true
        lastContentByte = byte
        if start.count < 3 {
            start.append(byte)
            isFence = start == Array("```".utf8) || start == Array("~~~".utf8)
        }
        return isFirst
    }

    /// Starts the next line.
    mutating func reset() {
        hasContent = false
        isFence = false
        lastContentByte = 0
        start.removeAll(keepingCapacity: true)
    }
}
