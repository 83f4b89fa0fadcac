#if canImport(FoundationNetworking)
    @preconcurrency import Foundation
    @preconcurrency import FoundationNetworking
#else
    @preconcurrency import Foundation
#endif
import StoryKitCore

/// An ``HTTPTransport`` over URLSession, on Apple platforms and on Linux
/// (FoundationNetworking). Each request runs in its own ephemeral session, so no cookies,
/// cache or credentials carry over between requests.
///
/// `send` bounds the whole exchange by its timeout; `stream` bounds the wait for the head
/// and between two chunks. Cancelling the awaiting task, or dropping the body, cancels the
/// request.
///
///     let gemini = try RemoteTextGenerator(provider: .gemini, transport: URLSessionTransport())
public struct URLSessionTransport: HTTPTransport {
    /// The most body bytes `send` keeps: by default the most the decoders read (64 MiB).
    public var maxBodyBytes: Int

    /// Creates a transport.
    public init(maxBodyBytes: Int = JSONParserLimits.default.maxBytes) {
        self.maxBodyBytes = maxBodyBytes
    }

    public func send(_ request: HTTPRequest, timeout: Duration) async throws(GenerationError) -> HTTPResponse {
        try await start(request, timeout: timeout, wholeExchange: true).collected(maxBytes: maxBodyBytes)
    }

    public func stream(_ request: HTTPRequest, timeout: Duration) async throws(GenerationError) -> HTTPStreamingResponse
    {
        try await start(request, timeout: timeout, wholeExchange: false)
    }

    private func start(_ request: HTTPRequest, timeout: Duration, wholeExchange: Bool) async throws(GenerationError)
        -> HTTPStreamingResponse
    {
        guard let url = URL(string: request.url) else {
            throw GenerationError(.invalidRequest, detail: "\"\(request.url)\" is not a URL")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        for field in request.headers.fields {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }
        let seconds = max(timeout.secondsValue, 0.001)
        urlRequest.timeoutInterval = seconds

        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        if wholeExchange { configuration.timeoutIntervalForResource = seconds }
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        let exchange = URLSessionExchange()
        let session = URLSession(configuration: configuration, delegate: exchange, delegateQueue: nil)
        let task = session.dataTask(with: urlRequest)
        return try await exchange.head(of: task, session: session)
    }
}
