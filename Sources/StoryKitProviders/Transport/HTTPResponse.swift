/// An HTTP response as a value: what a transport receives and a codec decodes.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code, such as 200 or 429.
    public var status: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The `Retry-After` header in seconds, when it is a number of seconds (an HTTP date is
    /// not understood without a clock, and is ignored).
    public var retryAfterSeconds: Double? {
        guard let value = headers["Retry-After"] else { return nil }
        return value.utf8.filter { $0 != 0x20 && $0 != 0x09 }.asciiDecimalValue.map(Double.init)
    }
}
