/// A correction kept in a store: what the user typed and the versions offered for it.
///
/// JSON: `{"id":"c1","text":"I wnat to go hmoe","backend":"offline",
/// "variations":[{"text":"I want to go home","kind":"direct"},...]}`.
public struct CorrectionRecord: Sendable, Hashable, JSONConvertible {
    /// The most versions a correction holds (and a correction prompt may ask for).
    public static let maxVariations = 10

    /// The longest text a record keeps, in characters.
    public static let maxTextCharacters = 20_000

    /// The record id: 1 to 128 UTF-8 bytes, no control characters, no `/` or `\\`, not `.` or `..`.
    public var id: String
    /// The text as the user typed it; never empty.
    public var text: String
    /// The backend that wrote the versions.
    public var backend: CorrectionBackend
    /// The corrected versions, 1 to ``maxVariations``.
    public var variations: [TextVariation]

    /// Creates a record, checking every field.
    ///
    /// - Throws: `.invalidArgument` for a bad id, an empty or over-long text, or no versions
    ///   or too many.
    public init(id: String, text: String, backend: CorrectionBackend, variations: [TextVariation]) throws(StoryKitError)
    {
        try ModelValidation.id(id, field: "correction id")
        try ModelValidation.text(text, field: "correction text", maxCharacters: Self.maxTextCharacters)
        guard (1...Self.maxVariations).contains(variations.count) else {
            throw StoryKitError(
                .invalidArgument, "a correction has 1 to \(Self.maxVariations) variations, not \(variations.count)")
        }
        self.id = id
        self.text = text
        self.backend = backend
        self.variations = variations
    }

    private enum CodingKeys: String, CodingKey {
        case id, text, backend, variations
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            id: container.decode(String.self, forKey: .id),
            text: container.decode(String.self, forKey: .text),
            backend: container.decode(CorrectionBackend.self, forKey: .backend),
            variations: container.decode([TextVariation].self, forKey: .variations)
        )
    }
}

extension CorrectionBackend: Codable {}
