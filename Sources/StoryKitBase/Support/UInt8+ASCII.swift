/// ASCII classification of bytes, for the byte-level scanners: UTF-8 bytes of other scripts
/// are never ASCII, so these never split a character. Inlinable: the corrector's modules test
/// bytes in their hottest loops.
extension UInt8 {
    @inlinable @inline(__always)
    package var isASCIIDigit: Bool { self &- UInt8(ascii: "0") < 10 }

    @inlinable @inline(__always)
    package var isASCIILetter: Bool { (self | 0x20) &- UInt8(ascii: "a") < 26 }

    @inlinable @inline(__always)
    package var isASCIIUppercase: Bool { self &- UInt8(ascii: "A") < 26 }

    @inlinable @inline(__always)
    package var isASCIILowercase: Bool { self &- UInt8(ascii: "a") < 26 }

    /// Tab, line feed, vertical tab, form feed, carriage return or space: the ASCII characters
    /// with Unicode's White_Space property.
    @inlinable @inline(__always)
    package var isASCIIWhitespace: Bool { self == 0x20 || self &- 0x09 < 5 }

    /// The byte with an ASCII capital made lower case; every other byte unchanged.
    @inlinable @inline(__always)
    package var asciiLowercased: UInt8 { isASCIIUppercase ? self | 0x20 : self }

    /// The byte with an ASCII lower-case letter made upper case.
    @inlinable
    package var asciiUppercased: UInt8 { isASCIILowercase ? self & ~0x20 : self }
}

extension Collection<UInt8> {
    /// The value of 1 to 9 ASCII digits and nothing else; `nil` otherwise.
    package var asciiDecimalValue: Int? {
        guard !isEmpty, count <= 9, allSatisfy(\.isASCIIDigit) else { return nil }
        return reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
