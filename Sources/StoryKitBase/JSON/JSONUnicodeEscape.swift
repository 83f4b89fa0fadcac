/// The `\uXXXX` escapes of JSON strings, read the same way where the scanner decodes a string,
/// where the writer re-writes one straight from its text, and where the tolerant machine reads
/// one byte by byte.
enum JSONUnicodeEscape {
    /// The scalar of the `\u` escape whose four hex digits start at `start` in string contents
    /// the scanner has checked, and the offset after what was read. A high surrogate pairs
    /// only with a low surrogate escape right after it; a lone surrogate is U+FFFD.
    static func scalar(in contents: UnsafeBufferPointer<UInt8>, digitsAt start: Int) -> (
        scalar: Unicode.Scalar, next: Int
    ) {
        var value = hex4(contents, at: start)
        var next = start + 4
        if highSurrogates.contains(value) {
            if next + 6 <= contents.count, contents[next] == UInt8(ascii: "\\"),
                contents[next + 1] == UInt8(ascii: "u"),
                case let low = hex4(contents, at: next + 2), lowSurrogates.contains(low)
            {
                value = pair(high: value, low: low)
                next += 6
            } else {
                value = 0xFFFD
            }
        } else if lowSurrogates.contains(value) {
            value = 0xFFFD
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", next)
    }

    /// The first half of a surrogate pair.
    static let highSurrogates: ClosedRange<UInt32> = 0xD800...0xDBFF
    /// The second half of a surrogate pair.
    static let lowSurrogates: ClosedRange<UInt32> = 0xDC00...0xDFFF

    /// The scalar that a high and a low surrogate stand for together.
    static func pair(high: UInt32, low: UInt32) -> UInt32 {
        0x10000 + ((high - highSurrogates.lowerBound) << 10) + (low - lowSurrogates.lowerBound)
    }

    /// The UTF-8 of `value`, or of U+FFFD when it is no scalar (a lone surrogate), appended to `bytes`.
    static func appendUTF8(of value: UInt32, to bytes: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        bytes.append(contentsOf: UTF8.encode(scalar)!)
    }

    /// The value of a hexadecimal digit, either case.
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in start..<start + 4 {
            value = value << 4 | (hexValue(bytes[offset]) ?? 0)
        }
        return value
    }
}
