import StoryKitCore
import Testing

/// The structured correction schema is JSON Schema in the subset the model APIs accept, and
/// the replies it allows are read by ``VariationParser`` with the right kinds.
@Suite struct CorrectionSchemaTests {
    /// The keywords the schema may use, with the JSON type each takes.
    static let keywords: [String: String] = [
        "type": "string", "properties": "object", "required": "array", "additionalProperties": "boolean",
        "items": "object", "minItems": "number", "maxItems": "number", "description": "string"
    ]

    /// Checks that `schema` uses only known keywords with values of the right type, recursively.
    private func checkSchema(_ schema: JSONValue, path: String = "#") {
        guard let object = schema.objectValue else {
            Issue.record("\(path) is not an object")
            return
        }
        for member in object {
            guard let expected = Self.keywords[member.key] else {
                Issue.record("\(path) uses unknown keyword \(member.key)")
                continue
            }
            #expect(member.value.typeName == expected, "\(path)/\(member.key)")
        }
        let type = object["type"]?.stringValue
        #expect(["object", "array", "string"].contains(type), "\(path) type")
        if type == "object" {
            let properties = object["properties"]?.objectValue ?? JSONObject()
            for member in properties { checkSchema(member.value, path: "\(path)/properties/\(member.key)") }
            let required = object["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(Set(required) == Set(properties.keys), "\(path) requires every property")
            #expect(object["additionalProperties"] == false)
        }
        if type == "array", let items = object["items"] { checkSchema(items, path: "\(path)/items") }
    }

    /// Whether `value` follows `schema` (the keywords above).
    private func conforms(_ value: JSONValue, to schema: JSONValue) -> Bool {
        switch schema["type"]?.stringValue {
        case "string":
            return value.stringValue != nil
        case "array":
            guard let array = value.arrayValue else { return false }
            if let min = schema["minItems"]?.numberValue?.int64Value, array.count < min { return false }
            if let max = schema["maxItems"]?.numberValue?.int64Value, array.count > max { return false }
            return array.allSatisfy { element in schema["items"].map { conforms(element, to: $0) } ?? true }
        case "object":
            guard let object = value.objectValue, let properties = schema["properties"]?.objectValue else {
                return false
            }
            let required = schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
            guard required.allSatisfy({ object[$0] != nil }) else { return false }
            return object.allSatisfy { member in properties[member.key].map { conforms(member.value, to: $0) } ?? false
            }
        default:
            return false
        }
    }

    /// A reply that follows the schema, with distinct versions.
    private func reply(for schema: JSONValue, count: Int) -> JSONValue {
        let texts = (0..<count).map { "Version number \($0 + 1) of the sentence." }
        if let properties = schema["properties"]?.objectValue, properties["variations"] == nil {
            return .object(JSONObject(zip(properties.keys, texts).map { JSONMember($0, .string($1)) }))
        }
        return ["variations": .array(texts.map { .string($0) })]
    }

    @Test(arguments: 1...CorrectionPromptBuilder.maxCount)
    func schemaIsValidAndItsRepliesParse(_ count: Int) throws {
        let builder = try CorrectionPromptBuilder(form: .structured, count: count)
        let prompt = try builder.build(text: "I wnat to go hmoe")
        let schema = try #require(prompt.responseSchema)
        checkSchema(schema)
        let reply = reply(for: schema, count: count)
        #expect(conforms(reply, to: schema))
        #expect(!conforms(.object(JSONObject()), to: schema))

        let parsed = try VariationParser(options: VariationOptions(expected: count)).parse(reply.formatted())
        #expect(parsed.variations.map(\.text) == (0..<count).map { "Version number \($0 + 1) of the sentence." })
        #expect(parsed.issues.isEmpty)
        #expect(parsed.source == .json)
        if count <= 3 {
            #expect(parsed.variations.map(\.kind) == Array(TextVariation.Kind.allCases.prefix(count)))
        }
        // The instructions describe the same shape the schema does.
        for key in schema["properties"]?.objectValue?.keys ?? [] {
            #expect(prompt.instructions.contains("\"\(key)\""))
        }
    }

    @Test func schemaHasADescriptionForEveryField() throws {
        let schema = try CorrectionPromptBuilder(form: .structured).responseSchema
        let properties = try #require(schema["properties"]?.objectValue)
        #expect(properties.keys == ["directCorrection", "refinedPhrasing", "alternativeInterpretation"])
        for member in properties {
            #expect(member.value["description"]?.stringValue?.isEmpty == false)
        }
    }
}
