/// A host that answers a ``HostTransport``'s requests: an app or a binding that does its own
/// HTTP (the C library's transport callback is one).
public protocol TransportHost: Sendable {
    /// Answers `request` (``HostTransport/requestJSON(_:timeout:streaming:)`` as text) through
    /// `exchange` before returning, blocking as long as it likes: it runs on a thread of its
    /// own. Returns 0, or any other status to stop the operation.
    func perform(_ request: String, through exchange: HostExchange) -> Int32
    /// Called on the operation's side just before a call to ``perform(_:through:)`` starts.
    func callStarting()
    /// Called once that call has returned `status`; `cancelled` when the operation had
    /// already stopped wanting its answer (a nonzero status is then the stop it was asked for).
    func callReturned(status: Int32, cancelled: Bool)
}

/// An ``HTTPTransport`` whose requests a ``TransportHost`` answers.
///
/// Each call into the host runs on a detached thread of its own, so a host that blocks holds
/// up neither Swift's task threads nor any other operation. A watchdog ends the exchange with
/// `.timeout` when the host gives it nothing for the request's time-out (the wait for the
/// head, and between two pieces of the body); the exchange is then cancelled, which the host
/// sees from ``HostExchange/isCancelled`` and from its next respond or write. Cancelling the
/// awaiting task cancels the exchange the same way and ends the request at once.
public struct HostTransport: HTTPTransport {
    /// The host that answers the requests.
    public let host: any TransportHost
    /// The largest response body taken, in bytes.
    public let maxBodyBytes: Int

    /// A transport whose requests `host` answers, taking response bodies up to `maxBodyBytes`.
    public init(host: any TransportHost, maxBodyBytes: Int) {
        self.host = host
        self.maxBodyBytes = maxBodyBytes
    }

    /// Sends `request` through the host and collects the whole response.
    public func send(_ request: HTTPRequest, timeout: Duration) async throws(GenerationError) -> HTTPResponse {
        // The exchange already holds the body to `maxBodyBytes`.
        try await start(request, timeout: timeout, streaming: false).collected(maxBytes: Int.max)
    }

    /// Sends `request` through the host; the body arrives as the host writes it.
    public func stream(_ request: HTTPRequest, timeout: Duration) async throws(GenerationError) -> HTTPStreamingResponse
    {
        try await start(request, timeout: timeout, streaming: true)
    }

    private func start(_ request: HTTPRequest, timeout: Duration, streaming: Bool) async throws(GenerationError)
        -> HTTPStreamingResponse
    {
        let exchange = HostExchange(maxBodyBytes: maxBodyBytes)
        let requestText = Self.requestJSON(request, timeout: timeout, streaming: streaming).formatted()
        let host = self.host
        let watchdog = Task {
            while true {
                let (ended, deadline) = exchange.timeOutIfIdle(timeout)
                if ended { return }
                do {
                    try await ContinuousClock().sleep(until: deadline)
                } catch {
                    return
                }
            }
        }
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation {
                    (continuation: CheckedContinuation<HTTPStreamingResponse, any Error>) in
                    exchange.awaitHead(continuation)
                    host.callStarting()
                    let started = DetachedThread.start {
                        let status = host.perform(requestText, through: exchange)
                        watchdog.cancel()
                        host.callReturned(status: status, cancelled: exchange.isCancelled)
                        exchange.hostReturned(status: status)
                    }
                    if !started {
                        watchdog.cancel()
                        try? exchange.fail(
                            GenerationError(
                                .transport, detail: "the system refused a thread for the transport callback"))
                        host.callReturned(status: 0, cancelled: false)
                    }
                }
            } onCancel: {
                exchange.cancel()
            }
        } catch let error as GenerationError {
            throw error
        } catch {
            throw GenerationError(.transport, detail: "\(error)")
        }
    }

    /// The request as the host receives it: `{"method","url","headers":{lower-case name:
    /// value},"body","stream","timeoutSeconds"}`.
    public static func requestJSON(_ request: HTTPRequest, timeout: Duration, streaming: Bool) -> JSONValue {
        var headers = JSONObject()
        for field in request.headers.fields { headers[field.name.lowercased()] = .string(field.value) }
        return [
            "method": .string(request.method), "url": .string(request.url), "headers": .object(headers),
            "body": .string(String(decoding: request.body, as: UTF8.self)), "stream": .bool(streaming),
            "timeoutSeconds": .number(JSONNumber(timeout.secondsValue) ?? JSONNumber(60))
        ]
    }
}
