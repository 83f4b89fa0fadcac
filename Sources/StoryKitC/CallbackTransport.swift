import CStoryKit
import Dispatch
import StoryKitCore

/// The callbacks and `user_data` of one service call, and whether the host stopped it.
final class HostCallbacks: @unchecked Sendable {
    // The host's pointers are only handed back to the host; the library never reads them.
    let transport: storykit_transport_fn?
    let onEvent: storykit_event_fn?
    let userData: UnsafeMutableRawPointer?
    private let stopReason = LockedValue<String?>(nil)
    private let operation = LockedValue<Task<Void, Never>?>(nil)

    init(transport: storykit_transport_fn?, onEvent: storykit_event_fn?, userData: UnsafeMutableRawPointer?) {
        self.transport = transport
        self.onEvent = onEvent
        self.userData = userData
    }

    /// Why the host stopped the operation, if it did.
    var stopped: String? { stopReason.withLock { $0 } }

    /// Records that a callback returned `status`, and cancels the operation.
    func stop(_ callback: String, status: storykit_status) {
        stopReason.withLock { reason in
            if reason == nil { reason = "\(callback) returned \(status), which stops the operation" }
        }
        operation.withLock { $0 }?.cancel()
    }

    /// Hands `event` to `on_event`; stops the operation when it asks to.
    func send(event: JSONValue) {
        guard let onEvent, stopped == nil else { return }
        let status = event.formatted().withCString { onEvent($0, userData) }
        if status != STORYKIT_OK { stop("on_event", status: status) }
    }

    /// Runs `body` as a task and blocks this thread until it ends; a stop by a callback
    /// becomes `.callback`.
    func runBlocking<Value: Sendable>(_ body: @escaping @Sendable () async throws(StoryKitError) -> Value) throws(StoryKitError) -> Value {
        let outcome = LockedValue<Result<Value, StoryKitError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = Task {
            let result: Result<Value, StoryKitError>
            do {
                result = .success(try await body())
            } catch let error as StoryKitError {
                result = .failure(error)
            } catch {
                result = .failure(StoryKitError(.internal, "\(error)"))
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        operation.withLock { $0 = task }
        if stopped != nil { task.cancel() }
        done.wait()
        if let stopped { throw StoryKitError(.callback, stopped) }
        guard let result = outcome.withLock({ $0 }) else { throw StoryKitError(.internal, "the operation ended without a result") }
        return try result.get()
    }
}

/// An ``HTTPTransport`` over the host's `storykit_transport_fn`. The callback runs on a
/// Dispatch thread, so a host that blocks in it does not hold up Swift's task threads.
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
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPStreamingResponse, any Error>) in
                    exchange.awaitHead(continuation)
                    let handle = Unmanaged.passRetained(exchange)
                    DispatchQueue.global().async {
                        let status = requestText.withCString { text in
                            transport(OpaquePointer(handle.toOpaque()), text, host.userData)
                        }
                        handle.release()
                        if status != STORYKIT_OK { host.stop("the transport callback", status: status) }
                        exchange.callbackReturned(status: status)
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
