/// Parses a model reply as a list, following the list rules of the design.
///
/// Lines before the first item become ``ParsedList/preamble``; text after a blank line that
/// follows the last item becomes ``ParsedList/postamble``. Text with no item is not an error:
/// the list is empty and the whole text is the preamble.
///
///     let list = try ListParser().parse("Here you go:\n1. Rest\n2. Drink water")
///     list.items.map(\.text)   // ["Rest", "Drink water"]
public struct ListParser: Sendable {
    /// The most bytes of reply accepted.
    public var maxBytes: Int

    /// Creates a parser; the default limit is the C ABI's `STORYKIT_MAX_INPUT_BYTES`.
    public init(maxBytes: Int = JSONParserLimits.default.maxBytes) {
        self.maxBytes = maxBytes
    }

    /// Parses a reply given as UTF-8 bytes.
    ///
    /// - Throws: `.parse` for invalid UTF-8 (with its byte offset), `.limit` over `maxBytes`.
    public func parse(utf8 reply: UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> ParsedList {
        var stream = ListStream(maxBytes: maxBytes)
        try stream.feed(utf8: reply) { _ in }
        return try stream.finish()
    }

    /// Parses a reply given as UTF-8 bytes into ``ParsedList``'s JSON, written straight from
    /// the parser's compact items (the C ABI's answer).
    package func parseToUTF8JSON(_ reply: UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> [UInt8] {
        var stream = ListStream(maxBytes: maxBytes)
        try stream.feed(utf8: reply) { _ in }
        return try stream.finishJSON()
    }

    /// Parses a reply.
    ///
    /// - Throws: `.limit` over `maxBytes`.
    public func parse(_ reply: String) throws(StoryKitError) -> ParsedList {
        try UTF8Text.withBytes(of: reply) { (bytes) throws(StoryKitError) in try parse(utf8: bytes) }
    }
}
