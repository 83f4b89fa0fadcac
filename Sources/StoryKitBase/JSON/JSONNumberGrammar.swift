/// The RFC 8259 number grammar, shared by the strict parser and `JSONNumber`.
enum JSONNumberGrammar {
    /// Why a number stopped matching the grammar, and where.
    enum Failure: Error, Equatable {
        /// A digit was required at this offset (after `-`, `.`, `e`, or at the start).
        case digitExpected(at: Int)
        /// A leading zero is followed by another digit at this offset.
        case leadingZero(at: Int)
    }

    /// The offset one past the number that starts at `start`, or why it is not a number.
    ///
    /// Stops at the first byte that cannot continue the number; the caller decides whether
    /// that byte may follow a number.
    @inline(__always)
    static func end(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Result<Int, Failure> {
        var index = start
        let count = bytes.count
        if index < count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count, bytes[index].isASCIIDigit else { return .failure(.digitExpected(at: index)) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < count, bytes[index].isASCIIDigit { return .failure(.leadingZero(at: index)) }
        } else {
            index = digitsEnd(bytes, from: index + 1)
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < count, bytes[index].isASCIIDigit else { return .failure(.digitExpected(at: index)) }
            index = digitsEnd(bytes, from: index + 1)
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < count, bytes[index].isASCIIDigit else { return .failure(.digitExpected(at: index)) }
            index = digitsEnd(bytes, from: index + 1)
        }
        return .success(index)
    }

    @inline(__always)
    private static func digitsEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
        return index
    }
}
