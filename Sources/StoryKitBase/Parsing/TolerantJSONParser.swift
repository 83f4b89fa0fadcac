/// Reads JSON as language models write it, repairing what they commonly get wrong and saying
/// what it repaired.
///
/// Repairs: code fences and prose around the value (the first complete object or array is
/// taken); trailing commas; single- and curly-quoted strings; unquoted keys; `//` and `/* */`
/// comments; `True`/`False`/`None`; raw newlines and tabs in strings; backtick strings; a
/// missing comma; a `"` inside a string value that does not end it; a label line (`[JSON]`)
/// before the value. Truncated input is
/// closed: open strings, arrays and objects are closed, a key with no value is dropped, an
/// incomplete literal or escape is dropped, and a number is kept as far as it is valid.
/// Anything else is an error with its line and column, never a silent cut.
///
///     let repaired = try TolerantJSONParser().parse("```json\n{'a': [1, 2,], b: True\n")
///     repaired.value.formatted()        // {"a":[1,2],"b":true}
///     repaired.repairs.map(\.kind)      // [.codeFence, .singleQuotes, .trailingComma, .unquotedKey, .pythonLiteral, .truncated]
public struct TolerantJSONParser: Sendable {
    /// The size and depth limits.
    public var limits: JSONParserLimits

    /// Creates a parser; the default limits are the C ABI's.
    public init(limits: JSONParserLimits = .default) {
        self.limits = limits
    }

    /// Parses a reply given as UTF-8 bytes.
    ///
    /// - Throws: `.parse` (with line and column) or `.limit`.
    public func parse(utf8 text: UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> RepairedJSON {
        // The stream's own code path, so batch and streamed results cannot differ.
        var stream = JSONStream(limits: limits, reportsEvents: false)
        _ = try stream.feed(utf8: text)
        return try stream.finish()
    }

    /// Parses a reply given as UTF-8 bytes into ``RepairedJSON/json`` as UTF-8, writing the
    /// value as it is read rather than building it (the C ABI's answer).
    package func parseToUTF8JSON(_ text: UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> [UInt8] {
        var stream = JSONStream(writingAnswerWithin: limits, reportsEvents: false)
        _ = try stream.feed(utf8: text)
        return try stream.finishRepairJSON()
    }

    /// Parses a reply.
    ///
    /// - Throws: `.parse` (with line and column) or `.limit`.
    public func parse(_ text: String) throws(StoryKitError) -> RepairedJSON {
        try UTF8Text.withBytes(of: text) { (bytes) throws(StoryKitError) in try parse(utf8: bytes) }
    }
}
