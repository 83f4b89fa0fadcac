extension JSONValue {
    /// Parses strict RFC 8259 JSON from UTF-8 bytes.
    ///
    /// The text must hold exactly one value with optional white space around it, be valid
    /// UTF-8 without a byte order mark, and stay within `limits`. A `\u` escape that holds a
    /// lone surrogate decodes to U+FFFD.
    ///
    ///     let value = try JSONValue(parsingUTF8: Array(#"[1, "two"]"#.utf8))
    ///     value[1]?.stringValue   // "two"
    ///
    /// - Throws: `JSONParseError` with the line, column and byte offset of the problem.
    public init(parsingUTF8 bytes: UnsafeBufferPointer<UInt8>, limits: JSONParserLimits = .default)
        throws(JSONParseError)
    {
        var scanner = JSONScanner(bytes: bytes, limits: limits, handler: JSONValueBuilder())
        try scanner.scanDocument()
        // A document that scans completely always yields its root value.
        self = scanner.handler.root ?? .null
    }

    /// Parses strict RFC 8259 JSON from UTF-8 bytes.
    public init(parsingUTF8 bytes: [UInt8], limits: JSONParserLimits = .default) throws(JSONParseError) {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) in try JSONValue(parsingUTF8: buffer, limits: limits) }
        }
        self = try result.get()
    }

    /// Parses strict RFC 8259 JSON from a string.
    ///
    ///     let value = try JSONValue(parsing: #"{"name": "Mia", "age": 6}"#)
    ///     value["age"]?.numberValue?.int64Value   // 6
    public init(parsing text: String, limits: JSONParserLimits = .default) throws(JSONParseError) {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONParseError) in try JSONValue(parsingUTF8: buffer, limits: limits) }
        }
        self = try result.get()
    }

    /// Checks that UTF-8 bytes are one strict RFC 8259 JSON value, building nothing.
    ///
    /// Accepts exactly what `init(parsingUTF8:limits:)` accepts, faster.
    ///
    /// - Throws: `JSONParseError` with the line, column and byte offset of the problem.
    public static func validate(utf8 bytes: UnsafeBufferPointer<UInt8>, limits: JSONParserLimits = .default)
        throws(JSONParseError)
    {
        var scanner = JSONScanner(bytes: bytes, limits: limits, handler: JSONValidatingHandler())
        try scanner.scanDocument()
    }
}

extension JSONValue {
    /// Parses strict JSON text, reporting a failure as the `StoryKitError` (`.parse` or
    /// `.limit`) that every StoryKit entry point throws.
    package static func parsed(_ text: String) throws(StoryKitError) -> JSONValue {
        do throws(JSONParseError) {
            return try JSONValue(parsing: text)
        } catch {
            throw StoryKitError(error)
        }
    }

    /// Parses strict JSON bytes, as ``parsed(_:)``.
    package static func parsed(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> JSONValue {
        do throws(JSONParseError) {
            return try JSONValue(parsingUTF8: bytes)
        } catch {
            throw StoryKitError(error)
        }
    }
}
