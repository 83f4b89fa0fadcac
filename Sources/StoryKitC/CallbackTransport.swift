import CStoryKit
import Dispatch
import StoryKitCore

/// An ``HTTPTransport`` over the host's `storykit_transport_fn`.
///
/// Each callback runs on a thread of its own (``HostThread``), so a host that blocks in it
/// holds up neither Swift's task threads nor any other operation. A watchdog ends the
/// exchange with `.timeout` when the host gives it nothing for the request's time-out (the
/// wait for the head, and between two chunks); the exchange is then cancelled, which the
/// host sees from `storykit_exchange_cancelled` and from its next respond or write.
struct CallbackTransport: HTTPTransport {
    let host: HostCallbacks

    func send(_ request: HTTPRequest, timeout: Duration) async throws(GenerationError) -> HTTPResponse {
        // The exchange already holds the body to STORYKIT_MAX_INPUT_BYTES.
        try await start(request, timeout: timeout, streaming: false).collected(maxBytes: Int.max)
    }

    func stream(_ request: HTTPRequest, timeout: Duration) async throws(GenerationError) -> HTTPStreamingResponse {
        try await start(request, timeout: timeout, streaming: true)
    }

    private func start(_ request: HTTPRequest, timeout: Duration, streaming: Bool) async throws(GenerationError) -> HTTPStreamingResponse {
        guard let transport = host.transport else {
            throw GenerationError(.transport, detail: "no transport callback was given")
        }
        let exchange = ExchangeHandle()
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
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPStreamingResponse, any Error>) in
                    exchange.awaitHead(continuation)
                    let handle = Unmanaged.passRetained(exchange)
                    host.callbackStarting()
                    let started = HostThread.start {
                        let status = requestText.withCString { text in
                            transport(OpaquePointer(handle.toOpaque()), text, host.userData)
                        }
                        handle.release()
                        watchdog.cancel()
                        // A callback that gives up on a cancelled exchange is doing as told.
                        if status != STORYKIT_OK, !exchange.isCancelled { host.stop("the transport callback", status: status) }
                        exchange.callbackReturned(status: status)
                        host.callbackReturned()
                    }
                    if !started {
                        handle.release()
                        watchdog.cancel()
                        try? exchange.fail(GenerationError(.transport, detail: "the system refused a thread for the transport callback"))
                        host.callbackReturned()
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

    /// The request as the host's callback receives it.
    static func requestJSON(_ request: HTTPRequest, timeout: Duration, streaming: Bool) -> JSONValue {
        var headers = JSONObject()
        for field in request.headers.fields { headers[field.name.lowercased()] = .string(field.value) }
        return ["method": .string(request.method), "url": .string(request.url), "headers": .object(headers),
                "body": .string(String(decoding: request.body, as: UTF8.self)), "stream": .bool(streaming),
                "timeoutSeconds": .number(JSONNumber(timeout.secondsValue) ?? JSONNumber(60))]
    }
}
