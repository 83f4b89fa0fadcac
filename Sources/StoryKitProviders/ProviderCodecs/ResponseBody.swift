/// Reading a response body as JSON, with the errors every codec gives for one that is not.
enum ResponseBody {
    /// The body of a response that is not an error: an error body (any status) throws its
    /// error, and so does an error status whose body names none.
    static func successJSON(_ response: HTTPResponse) throws(GenerationError) -> JSONValue {
        let value = try json(response)
        if let error = ServiceErrorBody(value) {
            throw error.error(httpStatus: response.status, retryAfter: response.retryAfterSeconds)
        }
        guard response.isSuccess else {
            throw GenerationError(
                .fromHTTPStatus(response.status), httpStatus: response.status,
                detail: "HTTP \(response.status) without an error in the body",
                retryAfter: response.retryAfterSeconds)
        }
        return value
    }

    /// The body as JSON, or `.malformedResponse` saying what it was instead.
    static func json(_ response: HTTPResponse) throws(GenerationError) -> JSONValue {
        if !response.body.contains(where: { !$0.isASCIIWhitespace }) {
            // Nothing at all: the status says what went wrong, or a success sent nothing.
            let kind = GenerationError.Kind.fromHTTPStatus(response.status)
            throw GenerationError(
                kind == .malformedResponse ? .emptyResponse : kind, httpStatus: response.status,
                detail: "the body is empty", retryAfter: response.retryAfterSeconds)
        }
        do {
            return try JSONValue(parsingUTF8: response.body)
        } catch {
            throw GenerationError(
                .malformedResponse, httpStatus: response.status,
                detail: describeNonJSON(response.body, status: response.status, error: error),
                retryAfter: response.retryAfterSeconds)
        }
    }

    /// What a body that is not JSON looks like, in a few redacted words.
    static func describeNonJSON(_ body: [UInt8], status: Int?, error: JSONParseError) -> String {
        let prefix = status.map { "HTTP \($0): " } ?? ""
        let text = String(decoding: body.prefix(2048), as: UTF8.self)
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        if body.isEmpty { return prefix + "the body is empty" }
        if trimmed.first == "<" {
            let title = htmlTitle(String(trimmed)).map { " titled \"\($0)\"" } ?? ""
            return prefix + "the body is an HTML page\(title), not JSON (a proxy or gateway answered?)"
        }
        return prefix + "the body is not JSON (\(error)); it starts \"\(snippet(String(trimmed)))\""
    }

    /// The first characters of `text` on one line.
    static func snippet(_ text: String, limit: Int = 80) -> String {
        var result = ""
        for character in text.prefix(limit) {
            result.append(character.isNewline || character == "\t" ? " " : character)
        }
        return result + (text.count > limit ? "…" : "")
    }

    private static func htmlTitle(_ html: String) -> String? {
        let bytes = Array(html.utf8)
        let lowered = bytes.map(\.asciiLowercased)  // ASCII only: offsets stay put
        guard let open = lowered.firstRange(of: Array("<title>".utf8)),
            let close = lowered[open.upperBound...].firstRange(of: Array("</title>".utf8))
        else { return nil }
        return snippet(String(decoding: bytes[open.upperBound..<close.lowerBound], as: UTF8.self).trimmingWhiteSpace)
    }
}

private extension String {
    var trimmingWhiteSpace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
