/// One HTTP exchange of a ``HostTransport``, which the host fills: ``respond(status:headers:)``
/// with the response's head, ``write(_:)`` with each piece of its body, or ``fail(_:)``; the
/// operation awaiting it may ``cancel()`` it, and a host sees that from ``isCancelled`` and from
/// its next call, which throws `.cancelled` with the reason.
///
/// Every change of phase happens in one critical section, and the continuation or body
/// writer it releases is resumed after the lock is dropped, exactly once. Thread-safe.
public final class HostExchange: Sendable {
    private enum Phase {
        case waiting(CheckedContinuation<HTTPStreamingResponse, any Error>?)
        case body(HTTPBody.Writer, bytes: Int)
        case ended
    }

    private struct State {
        var phase = Phase.waiting(nil)
        var failed = false
        /// Why the exchange takes nothing more from the host, once it does not.
        var cancellation: String?
        /// When the host last gave the exchange something; the idle time-out counts from it.
        var lastActivity = ContinuousClock.now
    }

    private let state = LockedValue(State())
    /// The largest body taken, in bytes; more fails the exchange.
    public let maxBodyBytes: Int

    /// An exchange whose body may hold up to `maxBodyBytes` bytes.
    public init(maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
    }

    /// Whether the operation no longer wants this exchange's answer.
    public var isCancelled: Bool { state.withLock { $0.cancellation != nil } }

    func awaitHead(_ continuation: CheckedContinuation<HTTPStreamingResponse, any Error>) {
        let cancelled: Bool = state.withLock { state in
            guard state.cancellation == nil, case .waiting = state.phase else { return true }
            state.phase = .waiting(continuation)
            return false
        }
        if cancelled { continuation.resume(throwing: GenerationError(.cancelled, detail: "the request was cancelled")) }
    }

    /// The response's head.
    ///
    /// - Throws: `.cancelled` (with the reason) once the exchange is cancelled; `.state` when it
    ///   has already responded or failed.
    public func respond(status: Int, headers: HTTPHeaders) throws(StoryKitError) {
        let (continuation, body) = try state.withLock { (state) throws(StoryKitError) in
            try Self.checkLive(state)
            guard case .waiting(let continuation) = state.phase, !state.failed else {
                throw StoryKitError(.state, "the exchange has already responded or failed")
            }
            // Made only once the state allows it: a body dropped unused would end the exchange.
            let (body, writer) = HTTPBody.makeStream(onTermination: { [weak self] in self?.readerStopped() })
            state.phase = .body(writer, bytes: 0)
            state.lastActivity = .now
            return (continuation, body)
        }
        continuation?.resume(returning: HTTPStreamingResponse(status: status, headers: headers, body: body))
    }

    /// The next piece of the body, after ``respond(status:headers:)``.
    ///
    /// - Throws: `.cancelled` once the exchange is cancelled or nobody reads the body any more;
    ///   `.state` before a response or after a failure; `.limit` when the body would pass
    ///   ``maxBodyBytes`` (the exchange then fails: the operation gets no cut answer).
    public func write(_ chunk: UnsafeBufferPointer<UInt8>) throws(StoryKitError) {
        let limit = maxBodyBytes
        let (writer, overLimit) = try state.withLock { (state) throws(StoryKitError) -> (HTTPBody.Writer, Bool) in
            try Self.checkLive(state)
            guard case .body(let writer, let bytes) = state.phase else {
                throw StoryKitError(
                    .state,
                    state.failed
                        ? "the exchange has failed" : "the response's head (respond) must come before its body (write)")
            }
            guard bytes + chunk.count <= limit else {
                // The body is cut: the reader must not take what arrived for the whole answer.
                state.failed = true
                state.phase = .ended
                return (writer, true)
            }
            state.phase = .body(writer, bytes: bytes + chunk.count)
            state.lastActivity = .now
            return (writer, false)
        }
        if overLimit {
            writer.finish(
                throwing: GenerationError(
                    .malformedResponse, detail: "the response body is over \(limit) bytes and was cut off"))
            throw StoryKitError(.limit, "the response body is over \(limit) bytes; the operation fails, stop sending")
        }
        if !chunk.isEmpty, !writer.write(Array(chunk)) { readerStopped() }
    }

    /// Ends the exchange with `error`. After a cancellation it is accepted and does nothing:
    /// the host is reporting the stop it was asked for.
    ///
    /// - Throws: `.state` when the exchange has already failed.
    public func fail(_ error: GenerationError) throws(StoryKitError) {
        let phase: Phase? = try state.withLock { (state) throws(StoryKitError) in
            guard state.cancellation == nil else { return nil }
            guard !state.failed else { throw StoryKitError(.state, "the exchange has already failed") }
            state.failed = true
            defer { state.phase = .ended }
            return state.phase
        }
        if let phase { Self.end(phase, with: error) }
    }

    /// The host's call returned `status` (0: normally): an exchange it left open ends here.
    func hostReturned(status: Int32) {
        let phase = state.withLock { state in
            defer { state.phase = .ended }
            return state.phase
        }
        let error: GenerationError? =
            switch phase {
            case .waiting:
                GenerationError(
                    .transport,
                    detail: status == 0
                        ? "the transport callback returned without responding or failing"
                        : "the transport callback returned \(status)")
            case .body where status != 0:
                GenerationError(.cancelled, detail: "the transport callback returned \(status)")
            default: nil
            }
        Self.end(phase, with: error)
    }

    /// The awaiting task was cancelled: the host is told to stop, and the operation gets
    /// `.cancelled` at once.
    public func cancel() {
        stop(
            because: "the operation was cancelled; stop sending and return",
            error: GenerationError(.cancelled, detail: "the request was cancelled"))
    }

    /// Ends the exchange with a time-out when the host has given it nothing for `timeout`,
    /// and says whether it did (or the exchange has ended anyway), so a watchdog can stop.
    func timeOutIfIdle(_ timeout: Duration) -> (ended: Bool, deadline: ContinuousClock.Instant) {
        let (timedOut, ended, deadline): (Phase?, Bool, ContinuousClock.Instant) = state.withLock { state in
            let deadline = state.lastActivity + timeout
            if case .ended = state.phase { return (nil, true, deadline) }
            guard state.cancellation == nil else { return (nil, true, deadline) }
            guard deadline <= .now else { return (nil, false, deadline) }
            state.cancellation =
                "the request timed out after \(timeout.secondsValue) s with nothing from the host; stop sending and return"
            defer { state.phase = .ended }
            return (state.phase, true, deadline)
        }
        if let timedOut {
            Self.end(
                timedOut,
                with: GenerationError(.timeout, detail: "no answer from the transport within \(timeout.secondsValue) s")
            )
        }
        return (ended, deadline)
    }

    private func readerStopped() {
        stop(
            because: "nobody reads this response any more (the operation stopped); stop sending and return", error: nil)
    }

    /// Marks the exchange cancelled and ends it in the same critical section.
    private func stop(because reason: String, error: GenerationError?) {
        let phase: Phase? = state.withLock { state in
            guard state.cancellation == nil else { return nil }
            state.cancellation = reason
            defer { state.phase = .ended }
            return state.phase
        }
        if let phase { Self.end(phase, with: error) }
    }

    private static func checkLive(_ state: State) throws(StoryKitError) {
        if let reason = state.cancellation { throw StoryKitError(.cancelled, reason) }
    }

    private static func end(_ phase: Phase, with error: GenerationError?) {
        switch phase {
        case .waiting(let continuation):
            continuation?.resume(throwing: error ?? GenerationError(.transport, detail: "no response"))
        case .body(let writer, _):
            writer.finish(throwing: error)
        case .ended:
            break
        }
    }
}
