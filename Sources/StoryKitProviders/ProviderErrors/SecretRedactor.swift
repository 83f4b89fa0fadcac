/// Removes credentials from text before it reaches an error, a description or a log line.
///
/// Services echo keys back (OpenAI's "Incorrect API key provided: sk-abc1***…", a Gemini
/// error quoting the URL), so every message that leaves a codec passes through here. A word
/// is redacted when it
/// - starts like a Google (`AIza…`) or OpenAI-style (`sk-…`) key, even when partly masked;
/// - follows an authorization scheme (`Bearer `, `Basic `, `Token `, `Digest `: the whole
///   token, `=`, `+` and `/` of Base64 included), or a credential's name and `=` or `:` (`key=S`, `key: S`,
///   `"apiKey":"S"`, `key = 'S'`; names: key, apiKey, api_key, api-key, token,
///   access_token, secret, password and the like, in any case);
/// - is the password of a URL's user-info (`https://user:S@host`);
/// - looks random: 24 or more key characters mixing upper case, lower case and digits, or 32
///   or more mixing letters and digits.
///
/// Patterns cannot know every key: a generator that holds a key also removes that exact value
/// wherever it appears, with ``redact(_:secrets:)``.
///
///     SecretRedactor.redact("bad key AIzaSyA-xxx")   // "bad key [redacted]"
public enum SecretRedactor {
    /// What replaces a secret.
    public static let replacement = "[redacted]"

    /// Header names whose values are credentials.
    static let credentialHeaders = [
        "authorization", "proxy-authorization", "x-goog-api-key", "api-key", "x-api-key", "cookie"
    ]

    /// The shortest secret ``redact(_:secrets:)`` replaces wherever it appears; a shorter
    /// one would turn ordinary words of a message into `[redacted]`.
    public static let minimumExactSecretLength = 4

    /// `text` with every occurrence of each of `secrets` (of at least
    /// ``minimumExactSecretLength`` characters), and then every word that looks like a
    /// credential, replaced.
    public static func redact(_ text: String, secrets: some Sequence<String>) -> String {
        var result = text
        for secret in secrets where secret.utf8.count >= minimumExactSecretLength {
            result = replacingOccurrences(of: secret, in: result)
        }
        return redact(result)
    }

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
            if followsAuthorizationScheme(bytes[..<index]) {
                // A token68 credential (RFC 9110) runs on through Base64's `+`, `/` and `=`.
                while end < bytes.count, isTokenByte(bytes[end]) || isInnerTokenByte(bytes, end) { end += 1 }
            }
            let word = bytes[index..<end]
            if looksLikeSecret(word, precededBy: bytes[..<index]) || isUserInfoPassword(bytes, from: index, to: end) {
                output.append(contentsOf: replacement.utf8)
                changed = true
            } else {
                output.append(contentsOf: word)
            }
            index = end
        }
        return changed ? String(decoding: output, as: UTF8.self) : text
    }

    /// Schemes of the `Authorization` header whose next word is the credential, lower case.
    private static let authorizationSchemes = ["bearer ", "basic ", "token ", "digest "].map { Array($0.utf8) }

    private static func followsAuthorizationScheme(_ before: ArraySlice<UInt8>) -> Bool {
        authorizationSchemes.contains { endsWithIgnoringCase(before, $0) }
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        isKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
    }

    /// A `.` or `~` inside a token (a JWT's dots), not the full stop after it.
    private static func isInnerTokenByte(_ bytes: [UInt8], _ index: Int) -> Bool {
        (bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "~"))
            && index + 1 < bytes.count && isTokenByte(bytes[index + 1])
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "*")
    }

    /// Names whose value is a credential, lower case, without `-` and `_`.
    private static let credentialNames: Set<[UInt8]> = Set(
        [
            "key", "apikey", "accesskey", "secretkey", "privatekey", "xgoogapikey", "token", "accesstoken",
            "authtoken", "refreshtoken", "idtoken", "bearertoken", "secret", "clientsecret", "password", "passwd",
            "pwd"
        ].map { Array($0.utf8) })

    private static func looksLikeSecret(_ word: ArraySlice<UInt8>, precededBy before: ArraySlice<UInt8>) -> Bool {
        if word.starts(with: "AIza".utf8), word.count >= 8 { return true }
        if word.starts(with: "sk-".utf8), word.count >= 7 { return true }
        if followsAuthorizationScheme(before) || followsCredentialName(before) { return true }
        var upper = false, lower = false, digit = false
        for byte in word {
            upper = upper || byte.isASCIIUppercase
            lower = lower || byte.isASCIILowercase
            digit = digit || byte.isASCIIDigit
        }
        if word.count >= 24, upper, lower, digit { return true }
        return word.count >= 32 && (upper || lower) && digit
    }

    /// Whether `before` ends with a credential's name and its `=` or `:`, with any quotes
    /// and spaces around them (`key=`, `"apiKey": "`, `key = '`).
    private static func followsCredentialName(_ before: ArraySlice<UInt8>) -> Bool {
        var index = before.endIndex
        func skipQuotesAndSpaces() {
            while index > before.startIndex,
                [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\""), UInt8(ascii: "'")].contains(
                    before[index - 1])
            {
                index -= 1
            }
        }
        skipQuotesAndSpaces()
        guard index > before.startIndex,
            before[index - 1] == UInt8(ascii: "=") || before[index - 1] == UInt8(ascii: ":")
        else { return false }
        index -= 1
        skipQuotesAndSpaces()
        var name: [UInt8] = []
        while index > before.startIndex, isKeyByte(before[index - 1]) {
            index -= 1
            let byte = before[index]
            if byte != UInt8(ascii: "-"), byte != UInt8(ascii: "_") { name.append(byte.asciiLowercased) }
        }
        return credentialNames.contains(name.reversed())
    }

    /// Whether the word `bytes[start..<end]` is the password in `scheme://user:password@host`.
    private static func isUserInfoPassword(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        guard start > 0, bytes[start - 1] == UInt8(ascii: ":"), end < bytes.count, bytes[end] == UInt8(ascii: "@")
        else { return false }
        // Back over the user name to "//".
        var index = start - 1
        while index > 0, bytes[index - 1] != UInt8(ascii: "/"), bytes[index - 1] != UInt8(ascii: " ") { index -= 1 }
        return index >= 2 && bytes[index - 1] == UInt8(ascii: "/") && bytes[index - 2] == UInt8(ascii: "/")
    }

    /// `text` with every occurrence of `secret` replaced.
    private static func replacingOccurrences(of secret: String, in text: String) -> String {
        let needle = Array(secret.utf8)
        let haystack = Array(text.utf8)
        guard haystack.count >= needle.count else { return text }
        var output: [UInt8] = []
        var index = 0
        var changed = false
        while index < haystack.count {
            if haystack[index] == needle[0], index + needle.count <= haystack.count,
                haystack[index..<index + needle.count].elementsEqual(needle)
            {
                output.append(contentsOf: replacement.utf8)
                index += needle.count
                changed = true
            } else {
                output.append(haystack[index])
                index += 1
            }
        }
        return changed ? String(decoding: output, as: UTF8.self) : text
    }

    private static func endsWithIgnoringCase(_ text: ArraySlice<UInt8>, _ suffix: [UInt8]) -> Bool {
        guard text.count >= suffix.count else { return false }
        return zip(text.suffix(suffix.count), suffix).allSatisfy { $0.asciiLowercased == $1 }
    }
}
