/// Writes what the strict scanner recognises straight back out as canonical JSON text, with
/// no tree in between: the same bytes as parsing to a ``JSONValue`` and writing it with the
/// same options, when keys are not sorted (sorting needs each object whole).
struct JSONFormattingHandler: JSONScanHandler {
    static var needsStrings: Bool { true }

    private(set) var writer: JSONWriter
    private let indent: Int
    /// One entry per open container: whether it has a member or element yet.
    private var hasContent: [Bool] = []
    /// Whether a key was just written, so the value follows its colon directly.
    private var afterKey = false

    init(indent: Int, capacity: Int) {
        writer = JSONWriter(options: JSONWritingOptions(indent: indent), capacity: capacity)
        self.indent = indent
    }

    mutating func beginArray() {
        beginValue()
        writer.writeRaw("[")
        hasContent.append(false)
    }

    mutating func endArray() {
        endContainer()
        writer.writeRaw("]")
    }

    mutating func beginObject() {
        beginValue()
        writer.writeRaw("{")
        hasContent.append(false)
    }

    mutating func endObject() {
        endContainer()
        writer.writeRaw("}")
    }

    mutating func key(_ key: String) {
        beginEntry()
        writer.writeString(key)
        writer.writeRaw(indent > 0 ? ": " : ":")
        afterKey = true
    }

    mutating func string(_ value: String) {
        beginValue()
        writer.writeString(value)
    }

    static var wantsRawStrings: Bool { true }

    mutating func rawString(_ text: UnsafeBufferPointer<UInt8>, isKey: Bool, hasEscapes: Bool) {
        if isKey { beginEntry() } else { beginValue() }
        if hasEscapes {
            writer.writeString(jsonText: text)
        } else {
            // Text with no escape holds no quote, backslash or control character: as is.
            writer.writeRaw("\"")
            writer.writeRaw(utf8: text)
            writer.writeRaw("\"")
        }
        if isKey {
            writer.writeRaw(indent > 0 ? ": " : ":")
            afterKey = true
        }
    }

    mutating func number(_ text: UnsafeBufferPointer<UInt8>) {
        beginValue()
        writer.writeRaw(utf8: text)
    }

    mutating func literal(_ value: JSONValue) {
        beginValue()
        writer.write(value)
    }

    /// Before a value: nothing after a key; a separator and a line in an array.
    private mutating func beginValue() {
        if afterKey {
            afterKey = false
        } else if !hasContent.isEmpty {
            beginEntry()
        }
    }

    /// A comma after the container's previous entry, then the entry's line.
    private mutating func beginEntry() {
        if hasContent[hasContent.count - 1] { writer.writeRaw(",") }
        hasContent[hasContent.count - 1] = true
        writer.writeNewline(depth: hasContent.count)
    }

    /// An empty container stays on its line (`[]`, `{}`); a full one closes on a line of its own.
    private mutating func endContainer() {
        if hasContent.removeLast() { writer.writeNewline(depth: hasContent.count) }
    }
}

extension JSONValue {
    /// Strict JSON text written canonically: the bytes of parsing it and writing the value with
    /// `options`, made straight from the text (no tree) unless keys are sorted.
    ///
    ///     let bytes = try JSONValue.canonicalText(utf8: buffer)   // {"a":[1,"é"]} for { "a" : [1, "\u00e9"] }
    ///
    /// - Throws: `JSONParseError` where parsing would, with the same position.
    public static func canonicalText(
        utf8 bytes: UnsafeBufferPointer<UInt8>, options: JSONWritingOptions = .compact,
        limits: JSONParserLimits = .default
    ) throws(JSONParseError) -> [UInt8] {
        guard !options.sortKeys else { return try JSONValue(parsingUTF8: bytes, limits: limits).utf8Bytes(options) }
        var scanner = JSONScanner(
            bytes: bytes, limits: limits,
            handler: JSONFormattingHandler(indent: options.indent, capacity: bytes.count + 16))
        try scanner.scanDocument()
        return scanner.handler.writer.output
    }
}
