/// A position in text: line and column from 1 (columns count Unicode scalars) and the byte
/// offset from 0, advanced one byte at a time.
struct TextPosition: Sendable, Hashable {
    var line = 1
    var column = 1
    var offset = 0

    @inline(__always)
    mutating func advance(_ byte: UInt8) {
        offset += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    /// `line L, column C (byte B)`, the prefix of every positioned error message.
    var description: String { "line \(line), column \(column) (byte \(offset))" }
}
