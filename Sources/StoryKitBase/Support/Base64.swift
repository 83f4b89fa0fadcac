/// Base64 (RFC 4648, standard alphabet) as the generation APIs use it for image bytes.
///
///     Base64.encode([0xFF])            // "/w=="
///     try Base64.decode("/w==")        // [0xFF]
package enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// Why a text is not base64.
    package struct DecodingError: Error {
        package let message: String
    }

    /// The bytes `text` encodes. Padding is optional; any other character, a misplaced `=`,
    /// or a length that no encoding has is an error. At most `maxBytes` bytes come out.
    package static func decode(_ text: some Collection<UInt8>, maxBytes: Int = .max) throws(DecodingError) -> [UInt8] {
        var count = text.count
        var padding = 0
        var end = text.endIndex
        while padding < 2, count > 0 {
            let last = text.index(end, offsetBy: -1)
            guard text[last] == UInt8(ascii: "=") else { break }
            end = last
            count -= 1
            padding += 1
        }
        guard count % 4 != 1 else { throw DecodingError(message: "its length is not that of any base64 text") }
        if padding > 0, (count + padding) % 4 != 0 {
            throw DecodingError(message: "its padding does not match its length")
        }
        let decodedCount = count / 4 * 3 + max(0, count % 4 - 1)
        guard decodedCount <= maxBytes else {
            throw DecodingError(message: "it decodes to \(decodedCount) bytes, over the limit of \(maxBytes)")
        }
        var output: [UInt8] = []
        output.reserveCapacity(decodedCount)
        var accumulator: UInt32 = 0
        var bits = 0
        var offset = 0
        for byte in text[text.startIndex..<end] {
            let value = values[Int(byte)]
            guard value != 0xFF else {
                throw DecodingError(
                    message:
                        "byte \(offset) (\(byte == UInt8(ascii: "=") ? "=" : "0x" + String(byte, radix: 16))) is not a base64 character"
                )
            }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
            offset += 1
        }
        return output
    }

    /// The padded base64 text of `bytes`.
    package static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output.append(alphabet[Int(group >> 18 & 63)])
            output.append(alphabet[Int(group >> 12 & 63)])
            output.append(alphabet[Int(group >> 6 & 63)])
            output.append(alphabet[Int(group & 63)])
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            let group = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            output.append(alphabet[Int(group >> 18 & 63)])
            output.append(alphabet[Int(group >> 12 & 63)])
            output.append(rest == 2 ? alphabet[Int(group >> 6 & 63)] : UInt8(ascii: "="))
            output.append(UInt8(ascii: "="))
        }
        return String(decoding: output, as: UTF8.self)
    }
}
