/// Splits a stream of UTF-8 bytes into lines as they complete.
///
/// Lines end at `\n`, `\r\n` or a lone `\r` (old Mac text, and some terminals), so all three
/// read the same, however the chunks split them. Only the unfinished last line is kept
/// between chunks, and each line is handed on as it completes, so memory is bounded by the
/// longest line, not by the number of lines.
struct LineSplitter: Sendable {
    private var partial: [UInt8] = []
    /// The last byte seen was a `\r`: a `\n` right after it ends no second line.
    private var afterCarriageReturn = false

    /// Hands each line that `bytes` completes to `onLine`, without its terminator.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, onLine: (ArraySlice<UInt8>) -> Void) {
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n"), afterCarriageReturn, index == lineStart, partial.isEmpty {
                // The \n of a \r\n whose \r ended the line already.
                afterCarriageReturn = false
                lineStart = index + 1
                index += 1
                continue
            }
            afterCarriageReturn = false
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if partial.isEmpty {
                    onLine(Array(bytes[lineStart..<index])[...])
                } else {
                    partial.append(contentsOf: bytes[lineStart..<index])
                    onLine(partial[...])
                    partial.removeAll(keepingCapacity: true)
                }
                afterCarriageReturn = byte == UInt8(ascii: "\r")
                lineStart = index + 1
            }
            index += 1
        }
        partial.append(contentsOf: bytes[lineStart..<bytes.count])
    }

    /// The unfinished last line, if any, as the final line of the input.
    mutating func finish() -> ArraySlice<UInt8>? {
        guard !partial.isEmpty else { return nil }
        let line = partial
        partial = []
        return line[...]
    }
}
