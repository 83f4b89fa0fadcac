/// Removes credentials from text before it reaches an error, a description or a log line.
///
/// Services echo keys back (OpenAI's "Incorrect API key provided: sk-abc1***…", a Gemini
/// error quoting the URL), so every message that leaves a codec passes through here. A word
/// is redacted when it
/// - starts like a Google (`AIza…`) or OpenAI-style (`sk-…`) key, even when partly masked;
/// - follows `Bearer `, or `key=`, `api_key=`, `apikey=`, `token=`, `access_token=`;
/// - looks random: 24 or more key characters mixing upper case, lower case and digits, or 32
///   or more mixing letters and digits.
///
///     SecretRedactor.redact("bad key AIzaSyA-xxx")   // "bad key [redacted]"
public enum SecretRedactor {
    /// What replaces a secret.
    public static let replacement = "[redacted]"

    /// Header names whose values are credentials.
    static let credentialHeaders = ["authorization", "proxy-authorization", "x-goog-api-key", "api-key", "x-api-key", "cookie"]

    /// `text` with every word that looks like a credential replaced.
    public static func redact(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var changed = false
        while index < bytes.count {
            guard isKeyByte(bytes[index]) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, isKeyByte(bytes[end]) { end += 1 }
            let word = bytes[index..<end]
            if looksLikeSecret(word, precededBy: bytes[..<index]) {
                output.append(contentsOf: replacement.utf8)
                changed = true
            } else {
                output.append(contentsOf: word)
            }
            index = end
        }
        return changed ? String(decoding: output, as: UTF8.self) : text
    }

    /// A header value safe to print: credentials become `[redacted]` (keeping an
    /// `Authorization` scheme such as `Bearer`), other values pass through `redact`.
    public static func redactHeader(name: String, value: String) -> String {
        guard credentialHeaders.contains(where: { HTTPHeaders.sameName($0, name) }) else { return redact(value) }
        if let space = value.firstIndex(of: " "), value[..<space].allSatisfy(\.isLetter) {
            return "\(value[..<space]) \(replacement)"
        }
        return replacement
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "*")
    }

    private static let markers: [[UInt8]] = ["bearer ", "key=", "api_key=", "apikey=", "token=", "access_token=", "key: "].map { Array($0.utf8) }

    private static func looksLikeSecret(_ word: ArraySlice<UInt8>, precededBy before: ArraySlice<UInt8>) -> Bool {
        if word.starts(with: "AIza".utf8), word.count >= 8 { return true }
        if word.starts(with: "sk-".utf8), word.count >= 7 { return true }
        if word.count >= 8, markers.contains(where: { endsWithIgnoringCase(before, $0) }) { return true }
        var upper = false, lower = false, digit = false
        for byte in word {
            upper = upper || byte.isASCIIUppercase
            lower = lower || byte.isASCIILowercase
            digit = digit || byte.isASCIIDigit
        }
        if word.count >= 24, upper, lower, digit { return true }
        return word.count >= 32 && (upper || lower) && digit
    }

    private static func endsWithIgnoringCase(_ text: ArraySlice<UInt8>, _ suffix: [UInt8]) -> Bool {
        guard text.count >= suffix.count else { return false }
        return zip(text.suffix(suffix.count), suffix).allSatisfy { $0.asciiLowercased == $1 }
    }
}
