extension SecretRedactor {
    /// A header value safe to print: credentials become `[redacted]` (keeping an
    /// `Authorization` scheme such as `Bearer`), other values pass through `redact`.
    public static func redactHeader(name: String, value: String) -> String {
        guard credentialHeaders.contains(where: { HTTPHeaders.sameName($0, name) }) else { return redact(value) }
        if let space = value.firstIndex(of: " "), value[..<space].allSatisfy(\.isLetter) {
            return "\(value[..<space]) \(replacement)"
        }
        return replacement
    }
}
