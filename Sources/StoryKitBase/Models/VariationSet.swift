/// The variations read from one model reply, where they came from, and what is wrong with them.
///
/// JSON (the `storykit_parse_variations` result):
/// `{"variations":[{"text":"...","kind":"direct"}],"source":"json","repaired":false,"issues":[{"code":"count","expected":3,"found":1}]}`.
public struct VariationSet: Sendable, Hashable, JSONConvertible {
    /// How the reply was read.
    public enum Source: String, Sendable, Hashable, Codable {
        /// As JSON (an object keyed by kind, `{"variations": [...]}`, or an array).
        case json
        /// As a list, by the list rules.
        case list
        /// Written by the offline corrector, with no model.
        case offline
    }

    /// The variations, in the reply's order.
    public var variations: [TextVariation]
    /// How the reply was read.
    public var source: Source
    /// Whether the JSON needed repairs (trailing commas, quotes, truncation...).
    public var repaired: Bool
    /// The repairs the JSON took, one per kind in the order first needed (prose and fences
    /// around it included); empty for a list or strict JSON. In JSON only when not empty.
    public var repairs: [JSONRepair]
    /// Problems found: a wrong count, duplicates. Empty when the set is as asked.
    public var issues: [VariationIssue]

    /// Creates a set.
    public init(
        variations: [TextVariation], source: Source, repaired: Bool = false, issues: [VariationIssue] = [],
        repairs: [JSONRepair] = []
    ) {
        self.variations = variations
        self.source = source
        self.repaired = repaired
        self.issues = issues
        self.repairs = repairs
    }

    /// Whether the set has no issues.
    public var isValid: Bool { issues.isEmpty }

    /// The set as JSON, written directly rather than through an encoder (it is written for
    /// every corrected sentence); `encode(to:)` writes the same.
    public var json: JSONValue {
        var members: [JSONMember] = [
            JSONMember("variations", .array(variations.map(\.json))), JSONMember("source", .string(source.rawValue)),
            JSONMember("repaired", .bool(repaired))
        ]
        if !repairs.isEmpty { members.append(JSONMember("repairs", JSONRepair.json(repairs))) }
        members.append(JSONMember("issues", .array(issues.map(\.json))))
        return .object(JSONObject(members))
    }

    private enum CodingKeys: String, CodingKey {
        case variations, source, repaired, repairs, issues
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            variations: try container.decode([TextVariation].self, forKey: .variations),
            source: try container.decode(Source.self, forKey: .source),
            repaired: try container.decode(Bool.self, forKey: .repaired),
            issues: try container.decode([VariationIssue].self, forKey: .issues),
            repairs: try container.decodeIfPresent([JSONRepair].self, forKey: .repairs) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

extension VariationSet {
    /// ``json`` as compact UTF-8, written straight from the variations, with no tree between.
    package func utf8JSON() -> [UInt8] {
        var writer = JSONWriter(options: .compact, capacity: variations.count * 32 + issues.count * 40 + 64)
        writer.writeRaw("{\"variations\":[")
        for (position, variation) in variations.enumerated() {
            writer.writeRaw(position == 0 ? "{\"text\":" : ",{\"text\":")
            writer.writeString(variation.text)
            writer.writeRaw(",\"kind\":")
            if let kind = variation.kind { writer.writeString(kind.rawValue) } else { writer.writeRaw("null") }
            if let origin = variation.origin {
                writer.writeRaw(",\"source\":")
                writer.writeString(origin.rawValue)
            }
            writer.writeRaw("}")
        }
        writer.writeRaw("],\"source\":")
        writer.writeString(source.rawValue)
        writer.writeRaw(repaired ? ",\"repaired\":true" : ",\"repaired\":false")
        if !repairs.isEmpty {
            writer.writeRaw(",\"repairs\":")
            writer.write(JSONRepair.json(repairs))
        }
        writer.writeRaw(",\"issues\":[")
        for (position, issue) in issues.enumerated() {
            if position > 0 { writer.writeRaw(",") }
            switch issue {
            case .count(let expected, let found):
                writer.writeRaw("{\"code\":\"count\",\"expected\":")
                writer.writeInteger(expected)
                writer.writeRaw(",\"found\":")
                writer.writeInteger(found)
            case .duplicate(let index, let of):
                writer.writeRaw("{\"code\":\"duplicate\",\"index\":")
                writer.writeInteger(index)
                writer.writeRaw(",\"of\":")
                writer.writeInteger(of)
            case .language(let detected):
                writer.writeRaw("{\"code\":\"language\",\"detected\":")
                writer.writeString(detected)
            case .split(let pieces):
                writer.writeRaw("{\"code\":\"split\",\"pieces\":")
                writer.writeInteger(pieces)
            case .keptAsTyped(let offset, let length):
                writer.writeRaw("{\"code\":\"keptAsTyped\",\"offset\":")
                writer.writeInteger(offset)
                writer.writeRaw(",\"length\":")
                writer.writeInteger(length)
            case .unfaithful(let kind, let reason, let words):
                writer.writeRaw("{\"code\":\"unfaithful\",\"kind\":")
                if let kind { writer.writeString(kind.rawValue) } else { writer.writeRaw("null") }
                writer.writeRaw(",\"reason\":")
                writer.writeString(reason)
                Self.write(words, to: &writer)
            case .mended(let kind, let words):
                writer.writeRaw("{\"code\":\"mended\",\"kind\":")
                if let kind { writer.writeString(kind.rawValue) } else { writer.writeRaw("null") }
                Self.write(words, to: &writer)
            }
            writer.writeRaw("}")
        }
        writer.writeRaw("]}")
        return writer.output
    }

    /// `,"words":[…]` of an issue.
    private static func write(_ words: [String], to writer: inout JSONWriter) {
        writer.writeRaw(",\"words\":[")
        for (position, word) in words.enumerated() {
            if position > 0 { writer.writeRaw(",") }
            writer.writeString(word)
        }
        writer.writeRaw("]")
    }
}
