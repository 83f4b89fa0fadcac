/// An HTTP request as a value: what a codec builds and a transport sends.
///
/// Its `description` hides credentials, so a request can be printed or logged safely:
///
///     print(request)   // POST https://…:generateContent  x-goog-api-key: [redacted]  (312 bytes)
public struct HTTPRequest: Sendable, Hashable, CustomStringConvertible {
    /// The method, such as `"POST"`.
    public var method: String
    /// The absolute URL.
    public var url: String
    /// The header fields; credentials are among them when the request carries a key.
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: [UInt8]

    /// Creates a request.
    public init(method: String, url: String, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The header fields with every credential replaced by `[redacted]`: safe to print.
    public var redactedHeaders: HTTPHeaders {
        HTTPHeaders(
            headers.fields.map { field in
                HTTPHeaders.Field(
                    name: field.name, value: SecretRedactor.redactHeader(name: field.name, value: field.value))
            })
    }

    public var description: String {
        let headerText = redactedHeaders.fields.map { "\($0.name): \($0.value)" }.joined(separator: "  ")
        return "\(method) \(SecretRedactor.redact(url))  \(headerText)  (\(body.count) bytes)"
    }
}
