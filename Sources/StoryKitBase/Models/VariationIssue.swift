/// A problem found when checking variations, reported rather than thrown so that a caller can
/// still show what the model gave.
public enum VariationIssue: Sendable, Hashable, Codable {
    /// The reply held `found` variations where `expected` were asked for.
    case count(expected: Int, found: Int)
    /// Variation `index` differs from variation `of` only in case, punctuation or white space.
    case duplicate(index: Int, of: Int)
    /// The text is in a language the offline corrector has no word list for (`detected`, a BCP
    /// 47 primary language subtag: the one it told from the text, or the one the caller gave),
    /// so it was returned as typed rather than rewritten into English words.
    case language(detected: String)
    /// The text was longer than the model's context window takes in one prompt: it was
    /// corrected in `pieces` parts, cut after sentence ends, and the parts joined. Each part was
    /// corrected without the others in view.
    case split(pieces: Int)
    /// A span of the text was returned as typed in every version: one word longer than a
    /// correction prompt holds (a pasted `data:` URL). `offset` and `length` are in UTF-8
    /// bytes of the text.
    case keptAsTyped(offset: Int, length: Int)
    /// A model's version of `kind` was not shown: it changes what was typed in a way no slip
    /// explains (`reason`: "is empty", "holds markup", "invents words", "drops words"), with the
    /// words at fault.
    case unfaithful(kind: TextVariation.Kind?, reason: String, words: [String])
    /// A model's version of `kind` is shown with some of its words read by the offline
    /// corrector instead (`words`: each as `model's word → reading`): slips the model kept
    /// as typed, or words the keyboard does not explain. Its ``TextVariation/origin`` is
    /// ``TextVariation/Origin/mended``.
    case mended(kind: TextVariation.Kind?, words: [String])

    /// One sentence for a person: what the issue means, with its figures.
    public var summary: String {
        switch self {
        case .count(let expected, let found):
            "\(found) of the \(expected) versions asked for came back"
        case .duplicate(let index, let of):
            "version \(index + 1) repeats version \(of + 1) (only case, punctuation or spaces differ)"
        case .language(let detected):
            "the text is in \(detected), which no loaded language pack reads; it is returned as typed"
        case .split(let pieces):
            "the text was corrected in \(pieces) parts, each without the others in view"
        case .keptAsTyped(let offset, let length):
            "\(length) bytes at byte \(offset) were kept as typed: longer than a prompt holds"
        case .unfaithful(let kind, let reason, let words):
            "the model's \(kind?.rawValue ?? "version") was not shown: it \(reason)"
                + (words.isEmpty ? "" : " (\(words.prefix(5).joined(separator: ", ")))")
        case .mended(let kind, let words):
            "the model's \(kind?.rawValue ?? "version") is shown with words the offline corrector read: "
                + words.prefix(5).joined(separator: ", ")
        }
    }

    private enum CodingKeys: String, CodingKey {
        case code, expected, found, index, of, detected, pieces, offset, length, kind, reason, words
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let code = try container.decode(String.self, forKey: .code)
        switch code {
        case "count":
            self = .count(
                expected: try container.decode(Int.self, forKey: .expected),
                found: try container.decode(Int.self, forKey: .found))
        case "duplicate":
            self = .duplicate(
                index: try container.decode(Int.self, forKey: .index), of: try container.decode(Int.self, forKey: .of))
        case "language":
            self = .language(detected: try container.decode(String.self, forKey: .detected))
        case "split":
            self = .split(pieces: try container.decode(Int.self, forKey: .pieces))
        case "unfaithful":
            self = .unfaithful(
                kind: try container.decodeIfPresent(TextVariation.Kind.self, forKey: .kind),
                reason: try container.decode(String.self, forKey: .reason),
                words: try container.decodeIfPresent([String].self, forKey: .words) ?? [])
        case "mended":
            self = .mended(
                kind: try container.decodeIfPresent(TextVariation.Kind.self, forKey: .kind),
                words: try container.decodeIfPresent([String].self, forKey: .words) ?? [])
        case "keptAsTyped":
            self = .keptAsTyped(
                offset: try container.decode(Int.self, forKey: .offset),
                length: try container.decode(Int.self, forKey: .length))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .code, in: container,
                debugDescription:
                    "unknown issue code \"\(code)\"; expected \"count\", \"duplicate\", \"language\", \"split\", \"keptAsTyped\", \"unfaithful\" or \"mended\""
            )
        }
    }

    /// The issue as JSON; `encode(to:)` writes the same.
    public var json: JSONValue {
        switch self {
        case .count(let expected, let found):
            ["code": "count", "expected": .number(JSONNumber(expected)), "found": .number(JSONNumber(found))]
        case .duplicate(let index, let of):
            ["code": "duplicate", "index": .number(JSONNumber(index)), "of": .number(JSONNumber(of))]
        case .language(let detected):
            ["code": "language", "detected": .string(detected)]
        case .split(let pieces):
            ["code": "split", "pieces": .number(JSONNumber(pieces))]
        case .keptAsTyped(let offset, let length):
            ["code": "keptAsTyped", "offset": .number(JSONNumber(offset)), "length": .number(JSONNumber(length))]
        case .unfaithful(let kind, let reason, let words):
            [
                "code": "unfaithful", "kind": kind.map { .string($0.rawValue) } ?? .null, "reason": .string(reason),
                "words": .array(words.map(JSONValue.string))
            ]
        case .mended(let kind, let words):
            [
                "code": "mended", "kind": kind.map { .string($0.rawValue) } ?? .null,
                "words": .array(words.map(JSONValue.string))
            ]
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
