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
    /// Transport callbacks still running, and the semaphore the operation's caller waits on
    /// for them to return.
    private let running = LockedValue<(count: Int, allReturned: DispatchSemaphore?)>((0, nil))

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

    /// Counts a transport callback that is about to run.
    func callbackStarting() {
        running.withLock { $0.count += 1 }
    }

    /// Counts a transport callback that has returned.
    func callbackReturned() {
        let waiter: DispatchSemaphore? = running.withLock { running in
            running.count -= 1
            return running.count == 0 ? running.allReturned : nil
        }
        waiter?.signal()
    }

    /// Blocks until every transport callback of the operation has returned, so that the
    /// host may free `user_data` as soon as the operation's function returns.
    private func waitForCallbacks() {
        let waiter = DispatchSemaphore(value: 0)
        let mustWait = running.withLock { running in
            guard running.count > 0 else { return false }
            running.allReturned = waiter
            return true
        }
        if mustWait { waiter.wait() }
    }

    /// Runs `body` as a task and blocks this thread until it ends and every transport
    /// callback it started has returned; a stop by a callback becomes `.callback`.
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
        waitForCallbacks()
        if let stopped { throw StoryKitError(.callback, stopped) }
        guard let result = outcome.withLock({ $0 }) else { throw StoryKitError(.internal, "the operation ended without a result") }
        return try result.get()
    }
}

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
