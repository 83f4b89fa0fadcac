/// Splits a stream of UTF-8 bytes into lines as they complete.
///
/// Lines end at `\n`; a `\r` before it is dropped, so `\r\n` and `\n` read the same. Only the
/// unfinished last line is kept between chunks, so memory is bounded by the longest line.
struct LineSplitter: Sendable {
    private var partial: [UInt8] = []

    /// The lines completed by `bytes`, without their terminators.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) -> [ArraySlice<UInt8>] {
        var completed: [ArraySlice<UInt8>] = []
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                if partial.isEmpty {
                    completed.append(Self.droppingCR(bytes, lineStart..<index))
                } else {
                    partial.append(contentsOf: bytes[lineStart..<index])
                    let line = partial
                    partial.removeAll(keepingCapacity: true)
                    completed.append(Self.droppingCR(line[...]))
                }
                lineStart = index + 1
            }
            index += 1
        }
        partial.append(contentsOf: bytes[lineStart..<bytes.count])
        return completed
    }

    /// The unfinished last line, if any, as the final line of the input.
    mutating func finish() -> ArraySlice<UInt8>? {
        guard !partial.isEmpty else { return nil }
        let line = partial
        partial = []
        return Self.droppingCR(line[...])
    }

    private static func droppingCR(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ArraySlice<UInt8> {
        droppingCR(Array(bytes[range])[...])
    }

    private static func droppingCR(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.last == UInt8(ascii: "\r") ? line.dropLast() : line
    }
}
