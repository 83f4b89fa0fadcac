/// One corrected version of a user's text.
///
/// JSON: `{"text":"I want to go home.","kind":"direct","source":"model"}`; `kind` is `null`
/// when the reply did not say which kind a variation is; `source` is present once a
/// correction has said where the version came from (a parsed reply has none yet).
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

    /// Where a correction's version came from, so an app can say so.
    public enum Origin: String, Sendable, Hashable, Codable, CaseIterable {
        /// A model's version, as it wrote it, that passed the check.
        case model
        /// The offline corrector's version.
        case offline
        /// A model's version with some words read by the offline corrector instead: slips the
        /// model kept, or words the keyboard does not explain
        /// (``VariationIssue/mended(kind:words:)`` says which).
        case mended
    }

    /// The corrected text.
    public var text: String
    /// Which kind of variation this is, when known.
    public var kind: Kind?
    /// Where the version came from; `nil` for a version parsed from a reply and not yet
    /// checked.
    public var origin: Origin?

    /// Creates a variation.
    public init(text: String, kind: Kind? = nil, origin: Origin? = nil) {
        self.text = text
        self.kind = kind
        self.origin = origin
    }

    private enum CodingKeys: String, CodingKey {
        case text, kind, source
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        kind = try container.decodeIfPresent(Kind.self, forKey: .kind)
        origin = try container.decodeIfPresent(Origin.self, forKey: .source)
    }

    /// The variation as JSON; `kind` is always present, null when unknown, as the C shape says;
    /// `source` only when known. `encode(to:)` writes the same.
    public var json: JSONValue {
        var object: JSONObject = ["text": .string(text), "kind": kind.map { .string($0.rawValue) } ?? .null]
        if let origin { object.append("source", .string(origin.rawValue)) }
        return .object(object)
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
