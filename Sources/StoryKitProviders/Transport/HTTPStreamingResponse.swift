/// A response whose body is still arriving: the status and headers, and the body's chunks in
/// order. Reading stops the request when the reading task is cancelled or stops iterating.
///
///     let response = try await transport.stream(request, timeout: .seconds(30))
///     for try await chunk in response.body { parser.feed(chunk) }
public struct HTTPStreamingResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body's chunks; iteration throws a ``GenerationError`` (`.transport`, `.timeout`,
    /// `.cancelled`) when the body cannot be read to its end.
    public var body: HTTPBody

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = [:], body: HTTPBody) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Reads the whole body: the response as ``HTTPResponse``.
    ///
    /// - Throws: the body's own failure; `.malformedResponse` past `maxBytes`.
    public func collected(maxBytes: Int) async throws(GenerationError) -> HTTPResponse {
        var bytes: [UInt8] = []
        for try await chunk in body {
            guard bytes.count + chunk.count <= maxBytes else {
                throw GenerationError(
                    .malformedResponse, httpStatus: status, detail: "the body is over \(maxBytes) bytes")
            }
            bytes.append(contentsOf: chunk)
        }
        return head(body: bytes)
    }

    /// The head of the response with an empty body, as ``HTTPResponse`` (for error decoding).
    public func head(body bytes: [UInt8] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: bytes)
    }
}
