/// Turns a JSON Schema into the OpenAPI subset Gemini's `responseSchema` accepts: type names
/// in upper case, `["string","null"]` as `nullable`, the keywords Gemini does not know (such as
/// `additionalProperties`) left out, and `propertyOrdering` added so that the reply keeps the
/// schema's field order.
enum GeminiSchema {
    private static let copiedKeywords: Set<String> = [
        "format", "title", "description", "nullable", "enum", "maxItems", "minItems", "required",
        "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "example", "default",
        "minimum", "maximum", "propertyOrdering"
    ]

    /// The Gemini form of `schema`.
    static func convert(_ schema: JSONValue) -> JSONValue {
        guard case .object(let object) = schema else { return schema }
        var result = JSONObject()
        for member in object {
            switch member.key {
            case "type":
                switch member.value {
                case .string(let type):
                    result["type"] = .string(type.uppercased())
                case .array(let types):
                    let names = types.compactMap(\.stringValue)
                    if let type = names.first(where: { $0 != "null" }) { result["type"] = .string(type.uppercased()) }
                    if names.contains("null") { result["nullable"] = true }
                default:
                    break
                }
            case "properties":
                guard case .object(let properties) = member.value else { continue }
                result["properties"] = .object(
                    JSONObject(properties.members.map { JSONMember($0.key, convert($0.value)) }))
                if object["propertyOrdering"] == nil {
                    result["propertyOrdering"] = .array(properties.keys.map(JSONValue.string))
                }
            case "items":
                result["items"] = convert(member.value)
            case "anyOf":
                result["anyOf"] = .array((member.value.arrayValue ?? []).map(convert))
            case let key where copiedKeywords.contains(key):
                result[key] = member.value
            default:
                break  // additionalProperties, $schema, strict, …: not part of Gemini's schema
            }
        }
        return .object(result)
    }
}
