/// Checks UTF-8 incrementally, across chunk boundaries that may split a character.
///
/// Every streaming parser runs its input through one of these, so that invalid UTF-8 is an
/// error with its byte offset however the input was split.
struct UTF8StreamValidator: Sendable {
    /// Bytes of the current character still expected.
    private(set) var remaining = 0
    /// The range the next continuation byte must fall in (narrower after E0, ED, F0, F4).
    private var nextLow: UInt8 = 0x80
    private var nextHigh: UInt8 = 0xBF
    /// Offset of the lead byte of the character in progress.
    private var characterStart = 0

    /// Checks the byte at `offset` of the input; returns why it is invalid, or `nil`.
    @inline(__always)
    mutating func check(_ byte: UInt8, at offset: Int) -> String? {
        if remaining > 0 {
            guard byte >= nextLow, byte <= nextHigh else {
                return
                    "invalid UTF-8: byte 0x\(hex(byte, width: 2)) cannot continue the character that starts at byte \(characterStart)"
            }
            remaining -= 1
            nextLow = 0x80
            nextHigh = 0xBF
            return nil
        }
        if byte < 0x80 { return nil }
        guard let rule = UTF8Text.leadRule(byte) else {
            return "invalid UTF-8: byte 0x\(hex(byte, width: 2)) cannot start a character"
        }
        characterStart = offset
        remaining = rule.length - 1
        nextLow = rule.secondLow
        nextHigh = rule.secondHigh
        return nil
    }

    /// The error for input that ends inside a character, if it does.
    func endOfInputProblem() -> (offset: Int, reason: String)? {
        guard remaining > 0 else { return nil }
        return (characterStart, "invalid UTF-8: a character is cut off by the end of input")
    }
}
