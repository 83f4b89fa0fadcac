/// Small facts about UTF-8 shared by every reader in the library.
package enum UTF8Text {
    /// What a lead byte promises: the sequence length and the range its second byte must fall
    /// in (narrower after E0, ED, F0 and F4, which rules out overlong forms, surrogates and
    /// code points above U+10FFFF). `nil` for a byte that cannot start a sequence of two or more.
    @inline(__always)
    package static func leadRule(_ lead: UInt8) -> (length: Int, secondLow: UInt8, secondHigh: UInt8)? {
        switch lead {
        case 0xC2...0xDF: (2, 0x80, 0xBF)
        case 0xE0: (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
        case 0xED: (3, 0x80, 0x9F)
        case 0xF0: (4, 0x90, 0xBF)
        case 0xF1...0xF3: (4, 0x80, 0xBF)
        case 0xF4: (4, 0x80, 0x8F)
        default: nil
        }
    }

    /// The text of `bytes` when they are valid UTF-8, else `nil`.
    ///
    /// The same rules as `String(validating:as:)`, which needs macOS 15 / iOS 18; StoryKit
    /// deploys to macOS 13 / iOS 16.
    package static func string(validating bytes: UnsafeBufferPointer<UInt8>) -> String? {
        try? string(validating: bytes, name: "text")
    }

    /// The string `bytes` spell, or `.parse` naming `name`, the byte offset and what is wrong
    /// ("text is not valid UTF-8 at byte 3: byte 0xFF cannot start a character").
    package static func string(validating bytes: UnsafeBufferPointer<UInt8>, name: String) throws(StoryKitError)
        -> String
    {
        func failure(at offset: Int, _ reason: String) -> StoryKitError {
            // The validator's reasons start "invalid UTF-8: ", which the message already says.
            StoryKitError(
                .parse, "\(name) is not valid UTF-8 at byte \(offset): \(reason.dropFirst("invalid UTF-8: ".count))")
        }
        // ASCII is valid as it stands, and is most of what is read: a pack's rules, JSON, prose.
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        var validator = UTF8StreamValidator()
        for offset in bytes.indices {
            if let reason = validator.check(bytes[offset], at: offset) { throw failure(at: offset, reason) }
        }
        if let (offset, reason) = validator.endOfInputProblem() { throw failure(at: offset, reason) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Runs `body` on the UTF-8 bytes of `string`, passing on its typed error.
    @inline(__always)
    package static func withBytes<Result>(
        of string: String,
        _ body: (UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> Result
    ) throws(StoryKitError) -> Result {
        var string = string
        let result = string.withUTF8 { bytes in
            Swift.Result { () throws(StoryKitError) in try body(bytes) }
        }
        return try result.get()
    }
}
