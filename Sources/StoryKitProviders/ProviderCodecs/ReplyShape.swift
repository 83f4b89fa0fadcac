/// Tells a reply of the provider's shape from JSON of another shape: `{"this":[...]}` with a
/// 200 status is a malformed reply (a proxy's page, the wrong endpoint), not an empty one.
enum ReplyShape {
    /// The object's member names when none is one of `known`; `nil` when one is.
    static func foreignKeys(_ object: JSONObject, known: Set<String>) -> [String]? {
        let keys = object.members.map(\.key)
        return keys.contains(where: known.contains) ? nil : keys
    }

    /// The error for a reply whose objects had only `keys`.
    static func foreign(_ keys: [String], expected: String) -> GenerationError {
        let shown = keys.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ")
        return GenerationError(
            .malformedResponse,
            detail: "the reply is JSON but not a \(expected) response (its fields: \(keys.isEmpty ? "none" : shown))")
    }
}
