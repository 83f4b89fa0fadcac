/// Sends HTTP requests for the generators: the one piece of I/O StoryKit leaves to its host.
///
/// StoryKitFoundation's `URLSessionTransport` implements it over URLSession; the C shim
/// implements it over a callback, so a C or Python host brings its own HTTP client. A
/// transport reports its own failures as ``GenerationError`` of kind `.transport` (no
/// connection, connection dropped), `.timeout` or `.cancelled`; an HTTP error status is not a
/// failure of the transport, it is a response.
///
/// Cancelling the task that awaits `send` or reads a streamed body cancels the request.
///
///     let response = try await transport.send(request, timeout: .seconds(30))
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the whole response.
    ///
    /// `timeout` bounds the whole exchange.
    func send(_ request: HTTPRequest, timeout: Duration) async throws(GenerationError) -> HTTPResponse

    /// Sends `request` and returns the response as soon as its head has arrived; the body
    /// follows in chunks through ``HTTPStreamingResponse/body``.
    ///
    /// `timeout` bounds the wait for the head and the wait between two chunks.
    func stream(_ request: HTTPRequest, timeout: Duration) async throws(GenerationError) -> HTTPStreamingResponse
}

extension HTTPTransport {
    /// Sends `request` through ``stream(_:timeout:)`` and collects the body, for transports
    /// that only implement streaming. At most `maxBytes` of body are kept.
    public func collect(_ request: HTTPRequest, timeout: Duration, maxBytes: Int = JSONParserLimits.default.maxBytes)
        async throws(GenerationError) -> HTTPResponse
    {
        try await stream(request, timeout: timeout).collected(maxBytes: maxBytes)
    }
}
