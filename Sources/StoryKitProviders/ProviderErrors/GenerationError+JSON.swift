extension GenerationError {
    /// The error in StoryKit's JSON: `{"kind","retryable","status","httpStatus","message"}`,
    /// plus `reason`, `detail`, `retryAfter` and `partialText` when present.
    public var json: JSONValue {
        var object: JSONObject = [
            "kind": .string(kind.rawValue),
            "retryable": .bool(retryable),
            "status": status.map(JSONValue.string) ?? .null,
            "httpStatus": httpStatus.map { .number(JSONNumber($0)) } ?? .null,
            "message": .string(message)
        ]
        if let reason { object["reason"] = .string(reason) }
        if let detail { object["detail"] = .string(detail) }
        if let retryAfter, let seconds = JSONNumber(retryAfter) { object["retryAfter"] = .number(seconds) }
        if let partialText { object["partialText"] = .string(partialText) }
        return .object(object)
    }
}
