/// The file name that holds an id, the same on every file system.
///
/// Ids are compared as Swift compares strings: spellings that are canonically equivalent
/// (`"é"` as one scalar, or as `e` and a combining accent) are one id, and case matters
/// (`Hero` and `hero` are two). File systems disagree on both: ext4 compares names byte by
/// byte, so the two spellings of `é` would be two files; APFS and HFS+ ignore case and
/// normalisation by default, so `Hero` and `hero` would be one file, and HFS+ hands names
/// back decomposed. So a name is made from the id's NFC form in a spelling that every one of
/// them keeps apart and returns as it was written:
///
/// - ids of lower-case ASCII letters, digits, `-`, `_` and `.` are their own names
///   (`hero-1` → `hero-1`), so most stores read as they always have;
/// - an upper-case ASCII letter is `!` and the letter in lower case (`Hero` → `!hero`);
/// - any other byte of the NFC form is `%` and two lower-case hex digits (`ä` → `%c3%a4`);
/// - and when that spelling would pass ``maxLength`` bytes, the name is `=` and the NFC form
///   in lower-case base32 (RFC 4648, no padding), which holds any id of up to 128 bytes.
///
/// No spelling starts with `=` but the last, and each is undone exactly, so every name
/// names at most one id.
enum RecordFileName {
    /// The longest name, leaving room for an extension of up to 5 bytes (`.json`, `.jpeg`)
    /// within the 255 bytes file systems allow.
    static let maxLength = 250

    /// The name of `id` (without an extension).
    static func encode(_ id: String) -> String {
        let canonical = id._nfcCodeUnits
        var name: [UInt8] = []
        name.reserveCapacity(canonical.count)
        for byte in canonical {
            if isKeptAsIs(byte) {
                name.append(byte)
            } else if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") {
                name.append(UInt8(ascii: "!"))
                name.append(byte | 0x20)
            } else {
                name.append(UInt8(ascii: "%"))
                name.append(hexDigits[Int(byte >> 4)])
                name.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        if name.count <= maxLength { return String(decoding: name, as: UTF8.self) }
        return "=" + base32(canonical)
    }

    /// The id a name holds, or `nil` when `name` is not a name that ``encode(_:)`` makes
    /// (a file written by an older release, named by the id itself, or a stranger's file).
    static func decode(_ name: String) -> String? {
        let bytes = Array(name.utf8)
        guard let first = bytes.first else { return nil }
        var id: [UInt8] = []
        if first == UInt8(ascii: "=") {
            guard let decoded = unbase32(bytes.dropFirst()) else { return nil }
            id = decoded
        } else {
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if isKeptAsIs(byte) {
                    id.append(byte)
                    index += 1
                } else if byte == UInt8(ascii: "!"), index + 1 < bytes.count,
                    bytes[index + 1] >= UInt8(ascii: "a"), bytes[index + 1] <= UInt8(ascii: "z")
                {
                    id.append(bytes[index + 1] & ~0x20)
                    index += 2
                } else if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                    let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                {
                    id.append(high << 4 | low)
                    index += 3
                } else {
                    return nil
                }
            }
        }
        guard let text = id.withUnsafeBufferPointer(UTF8Text.string(validating:)) else { return nil }
        // Only the spelling `encode` makes counts, so that no two names hold one id.
        return encode(text) == name ? text : nil
    }

    private static func isKeptAsIs(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    private static let base32Alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    private static func base32(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 8 + 4) / 5)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                output.append(base32Alphabet[Int(buffer >> UInt32(bits) & 31)])
            }
        }
        if bits > 0 { output.append(base32Alphabet[Int(buffer << UInt32(5 - bits) & 31)]) }
        return String(decoding: output, as: UTF8.self)
    }

    private static func unbase32(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for character in text {
            guard let value = base32Alphabet.firstIndex(of: character) else { return nil }
            buffer = buffer << 5 | UInt32(value)
            bits += 5
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return output
    }
}
