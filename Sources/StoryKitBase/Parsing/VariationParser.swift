/// Reads the variations out of a correction reply, whatever form the model chose.
///
/// Accepted forms: the structured object keyed `directCorrection` / `refinedPhrasing` /
/// `alternativeInterpretation`; `{"variations": [...]}` of strings or `{"text": ...}`
/// objects; a bare JSON array — each possibly fenced, after prose, or in need of the tolerant
/// parser's repairs — or a list by the list rules, with kind labels and one pair of wrapping
/// quotes removed. A wrong count and duplicates are reported in ``VariationSet/issues``,
/// not thrown.
///
///     let set = try VariationParser().parse("1. I want to go home.\n2. I'd like to go home.")
///     set.variations.map(\.text)   // ["I want to go home.", "I'd like to go home."]
///     set.issues                   // [.count(expected: 3, found: 2)]
public struct VariationParser: Sendable {
    /// The expected count and whether duplicates are reported.
    public var options: VariationOptions
    /// The size and depth limits.
    public var limits: JSONParserLimits

    /// Creates a parser.
    public init(options: VariationOptions = VariationOptions(), limits: JSONParserLimits = .default) {
        self.options = options
        self.limits = limits
    }

    /// Parses a reply given as UTF-8 bytes.
    ///
    /// - Throws: `.parse` for JSON it cannot repair (with line and column) or invalid UTF-8,
    ///   `.limit` over the limits.
    public func parse(utf8 reply: UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> VariationSet {
        // The stream's own code path, so batch and streamed results cannot differ.
        var stream = VariationStream(options: options, limits: limits, reportsEvents: false)
        _ = try stream.feed(utf8: reply)
        return try stream.finish()
    }

    /// Parses a reply.
    public func parse(_ reply: String) throws(StoryKitError) -> VariationSet {
        try UTF8Text.withBytes(of: reply) { (bytes) throws(StoryKitError) in try parse(utf8: bytes) }
    }
}
