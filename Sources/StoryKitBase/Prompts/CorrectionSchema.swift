/// The JSON Schema of a structured correction reply, in the subset that Apple's guided
/// generation, Gemini's `responseSchema` and OpenAI's strict `json_schema` all accept:
/// `type`, `properties`, `required`, `additionalProperties`, `items`, `minItems`,
/// `maxItems` and `description`. Every reply that follows it is read by ``VariationParser``.
enum CorrectionSchema {
    /// The object key of each kind, as ``VariationParser`` reads them.
    static let keys: [(kind: TextVariation.Kind, key: String, description: String)] = [
        (.direct, "directCorrection", "Direct correction of typos, staying closest to the original input."),
        (.refined, "refinedPhrasing", "Refined phrasing with improved grammar and punctuation."),
        (.alternative, "alternativeInterpretation", "Alternative interpretation if the meaning is ambiguous.")
    ]

    static func schema(count: Int) -> JSONValue {
        if count <= keys.count {
            var properties = JSONObject()
            for entry in keys.prefix(count) {
                properties.append(entry.key, ["type": "string", "description": .string(entry.description)])
            }
            return [
                "type": "object",
                "properties": .object(properties),
                "required": .array(keys.prefix(count).map { .string($0.key) }),
                "additionalProperties": false
            ]
        }
        return [
            "type": "object",
            "properties": [
                "variations": [
                    "type": "array",
                    "description": .string(
                        "Exactly \(count) corrected versions: a direct correction, refined phrasing, an alternative interpretation, then other meaningfully different readings."
                    ),
                    "items": ["type": "string"],
                    "minItems": .number(JSONNumber(count)),
                    "maxItems": .number(JSONNumber(count))
                ]
            ],
            "required": ["variations"],
            "additionalProperties": false
        ]
    }

    /// The reply in words, for the instructions: `{"directCorrection": "...", ...}`.
    static func replyShape(count: Int) -> String {
        if count <= keys.count {
            return "{" + keys.prefix(count).map { "\"\($0.key)\": \"...\"" }.joined(separator: ", ") + "}"
        }
        return "{\"variations\": [\(count) strings]}"
    }
}
