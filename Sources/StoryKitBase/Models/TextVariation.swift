/// One corrected version of a user's text.
///
/// JSON: `{"text":"I want to go home.","kind":"direct"}`; `kind` is `null` when the reply did
/// not say which kind a variation is.
public struct TextVariation: Sendable, Hashable, JSONConvertible {
    /// The three kinds of variation the corrector asks for.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A direct correction of typos, closest to the input.
        case direct
        /// Refined phrasing with better grammar and punctuation.
        case refined
        /// An alternative interpretation where the input is ambiguous.
        case alternative
    }

    /// The corrected text.
    public var text: String
    /// Which kind of variation this is, when known.
    public var kind: Kind?

    /// Creates a variation.
    public init(text: String, kind: Kind? = nil) {
        self.text = text
        self.kind = kind
    }

    private enum CodingKeys: String, CodingKey {
        case text, kind
    }

    /// The variation as JSON; `kind` is always present, null when unknown, as the C shape says.
    /// `encode(to:)` writes the same.
    public var json: JSONValue { ["text": .string(text), "kind": kind.map { .string($0.rawValue) } ?? .null] }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
