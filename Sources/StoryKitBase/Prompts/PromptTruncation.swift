/// A piece of user text that was cut at a word boundary to fit a token budget, and marked
/// with ``PromptText/truncationMarker`` where it was cut.
public struct PromptTruncation: Sendable, Hashable {
    /// The request field the text came from, such as `text` or `hero.appearance`.
    public var field: String
    /// The length of the text as given, in characters.
    public var originalCharacters: Int
    /// How many of its characters were kept.
    public var keptCharacters: Int

    /// Creates a truncation report.
    public init(field: String, originalCharacters: Int, keptCharacters: Int) {
        self.field = field
        self.originalCharacters = originalCharacters
        self.keptCharacters = keptCharacters
    }

    /// `{"field":"text","originalCharacters":100000,"keptCharacters":2650}`.
    public var json: JSONValue {
        .object([
            "field": .string(field),
            "originalCharacters": .number(JSONNumber(originalCharacters)),
            "keptCharacters": .number(JSONNumber(keptCharacters))
        ])
    }
}
