import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import StoryKitCore

/// An ``HTTPTransport`` over AsyncHTTPClient, for Linux hosts: it waits for a model's answer
/// on SwiftNIO's event loop, using no CPU while nothing arrives, where FoundationNetworking's
/// URLSession keeps a core busy for the whole wait.
///
/// Redirects are never followed: a request and its key stay with the host asked, and a 3xx
/// answer fails the call. `send` bounds the whole exchange by its timeout; `stream` bounds
/// the wait for the head and the wait between two chunks. Cancelling the awaiting task, or
/// dropping the body, cancels the request.
///
///     let model = try RemoteTextGenerator(provider: .openai, model: "smollm2",
///                                         transport: AsyncHTTPClientTransport(), apiKey: "none",
///                                         baseURL: "http://127.0.0.1:8080/v1")
public struct AsyncHTTPClientTransport: HTTPTransport {
    /// The most body bytes `send` keeps: by default the most the decoders read (64 MiB).
    public var maxBodyBytes: Int

    private let client: HTTPClient

    /// Creates a transport on `client`, which must not follow redirects; by default one
    /// client the process shares, built so.
    public init(
        client: HTTPClient = AsyncHTTPClientTransport.sharedClient,
        maxBodyBytes: Int = JSONParserLimits.default.maxBytes
    ) {
        self.client = client
        self.maxBodyBytes = maxBodyBytes
    }

    /// One client for the whole process, on NIO's shared event loops: no redirects, and a
    /// connection pool that keeps a model server's connection between requests. It is never
    /// shut down, as it lives as long as the process.
    public static let sharedClient = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup,
        configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))

    public func send(_ request: HTTPRequest, timeout: Duration) async throws(GenerationError) -> HTTPResponse {
        // The client's deadline covers the whole exchange, the body's arrival included.
        let deadline = NIODeadline.now() + TimeAmount(timeout)
        let clientRequest = try Self.clientRequest(request)
        let (client, maxBodyBytes) = (self.client, self.maxBodyBytes)
        return try await Self.translatingErrors(timeout: timeout) {
            let response = try await client.execute(clientRequest, deadline: deadline)
            try Self.refuseRedirect(response)
            var body: [UInt8] = []
            for try await buffer in response.body {
                guard body.count + buffer.readableBytes <= maxBodyBytes else {
                    throw GenerationError(
                        .malformedResponse, httpStatus: Int(response.status.code),
                        detail: "the body is over \(maxBodyBytes) bytes")
                }
                body.append(contentsOf: buffer.readableBytesView)
            }
            return HTTPResponse(status: Int(response.status.code), headers: Self.headers(of: response), body: body)
        }
    }

    public func stream(_ request: HTTPRequest, timeout: Duration) async throws(GenerationError) -> HTTPStreamingResponse
    {
        // The head must come within `timeout`; the body then has `timeout` between chunks,
        // which a watchdog checks, so a long stream that keeps arriving is never cut.
        let deadline = NIODeadline.now() + TimeAmount(timeout)
        let clientRequest = try Self.clientRequest(request)
        let client = self.client
        let response = try await Self.translatingErrors(timeout: timeout, beforeDeadline: deadline) {
            let response = try await client.execute(clientRequest, deadline: .distantFuture)
            try Self.refuseRedirect(response)
            return response
        }
        let pump = BodyPump(timeout: timeout)
        let (body, writer) = HTTPBody.makeStream(onTermination: { pump.stop() })
        pump.start(reading: response.body, into: writer)
        return HTTPStreamingResponse(status: Int(response.status.code), headers: Self.headers(of: response), body: body)
    }

    static func clientRequest(_ request: HTTPRequest) throws(GenerationError) -> HTTPClientRequest {
        guard request.url.hasPrefix("http://") || request.url.hasPrefix("https://") else {
            throw GenerationError(.invalidRequest, detail: "\"\(request.url)\" is not an http or https URL")
        }
        var clientRequest = HTTPClientRequest(url: request.url)
        clientRequest.method = HTTPMethod(rawValue: request.method)
        for field in request.headers.fields {
            clientRequest.headers.add(name: field.name, value: field.value)
        }
        if !request.body.isEmpty {
            clientRequest.body = .bytes(ByteBuffer(bytes: request.body))
        }
        return clientRequest
    }

    static func refuseRedirect(_ response: HTTPClientResponse) throws(GenerationError) {
        guard (300..<400).contains(response.status.code) else { return }
        let location = response.headers.first(name: "location") ?? "no location"
        throw GenerationError(
            .transport,
            detail:
                "the server redirected the request (HTTP \(response.status.code)) to \(location); redirects are not followed, so a request and its key never go to another host"
        )
    }

    static func headers(of response: HTTPClientResponse) -> StoryKitCore.HTTPHeaders {
        StoryKitCore.HTTPHeaders(
            response.headers.map { StoryKitCore.HTTPHeaders.Field(name: $0.name, value: $0.value) })
    }

    /// Runs `body`, failing with `.timeout` once `deadline` passes (the request is then
    /// cancelled), and turns AsyncHTTPClient's and NIO's errors into ``GenerationError``s.
    static func translatingErrors<Value: Sendable>(
        timeout: Duration, beforeDeadline deadline: NIODeadline? = nil,
        _ body: @escaping @Sendable () async throws -> Value
    ) async throws(GenerationError) -> Value {
        do {
            guard let deadline else { return try await body() }
            return try await withThrowingTaskGroup(of: Value?.self) { group in
                group.addTask { try await body() }
                group.addTask {
                    let nanoseconds = max(0, (deadline - .now()).nanoseconds)
                    try await Task.sleep(for: .nanoseconds(nanoseconds))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let value = first else {
                    throw GenerationError(.timeout, detail: "no answer within \(timeout.secondsValue) s")
                }
                return value
            }
        } catch {
            throw generationError(error, timeout: timeout)
        }
    }

    /// An error of the request as StoryKit's taxonomy.
    static func generationError(_ error: any Error, timeout: Duration) -> GenerationError {
        if let error = error as? GenerationError { return error }
        if error is CancellationError { return GenerationError(.cancelled, detail: "the request was cancelled") }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout:
                return GenerationError(.timeout, detail: "no answer within \(timeout.secondsValue) s (\(error))")
            case .cancelled: return GenerationError(.cancelled, detail: "the request was cancelled")
            default: return GenerationError(.transport, detail: "\(error)")
            }
        }
        return GenerationError(.transport, detail: "\(error)")
    }
}

extension TimeAmount {
    fileprivate init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(max(0, seconds) &* 1_000_000_000 &+ max(0, attoseconds) / 1_000_000_000)
    }
}

extension Duration {
    var secondsValue: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
