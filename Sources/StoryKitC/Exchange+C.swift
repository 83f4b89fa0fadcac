import CStoryKit
import StoryKitCore

/// The object behind a `storykit_exchange *`: one HTTP exchange of ``CallbackTransport``,
/// filled by the host through `storykit_exchange_respond`, `_write` and `_fail`.
///
/// Every change of phase happens in one critical section, and the continuation or body
/// writer it releases is resumed after the lock is dropped, exactly once.
final class ExchangeHandle: Sendable {
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

    /// Whether the operation no longer wants this exchange's answer.
    var isCancelled: Bool { state.withLock { $0.cancellation != nil } }

    func awaitHead(_ continuation: CheckedContinuation<HTTPStreamingResponse, any Error>) {
        let cancelled: Bool = state.withLock { state in
            guard state.cancellation == nil, case .waiting = state.phase else { return true }
            state.phase = .waiting(continuation)
            return false
        }
        if cancelled { continuation.resume(throwing: GenerationError(.cancelled, detail: "the request was cancelled")) }
    }

    func respond(status: Int, headers: HTTPHeaders) throws(StoryKitError) {
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

    func write(_ chunk: UnsafeBufferPointer<UInt8>) throws(StoryKitError) {
        let limit = Int(STORYKIT_MAX_INPUT_BYTES)
        let (writer, overLimit) = try state.withLock { (state) throws(StoryKitError) -> (HTTPBody.Writer, Bool) in
            try Self.checkLive(state)
            guard case .body(let writer, let bytes) = state.phase else {
                throw StoryKitError(.state, state.failed ? "the exchange has failed" : "storykit_exchange_respond must come before storykit_exchange_write")
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
            writer.finish(throwing: GenerationError(.malformedResponse, detail: "the response body is over \(limit) bytes (STORYKIT_MAX_INPUT_BYTES) and was cut off"))
            throw StoryKitError(.limit, "the response body is over \(limit) bytes (STORYKIT_MAX_INPUT_BYTES); the operation fails, stop sending")
        }
        if !chunk.isEmpty, !writer.write(Array(chunk)) { readerStopped() }
    }

    /// Ends the exchange with `error`. After a cancellation it is accepted and does nothing:
    /// the host is reporting the stop it was asked for.
    func fail(_ error: GenerationError) throws(StoryKitError) {
        let phase: Phase? = try state.withLock { (state) throws(StoryKitError) in
            guard state.cancellation == nil else { return nil }
            guard !state.failed else { throw StoryKitError(.state, "the exchange has already failed") }
            state.failed = true
            defer { state.phase = .ended }
            return state.phase
        }
        if let phase { Self.end(phase, with: error) }
    }

    /// The host's callback returned: an exchange it left open ends here.
    func callbackReturned(status: storykit_status) {
        let phase = state.withLock { state in
            defer { state.phase = .ended }
            return state.phase
        }
        let error: GenerationError? = switch phase {
        case .waiting: GenerationError(.transport, detail: status == STORYKIT_OK
            ? "the transport callback returned without responding or failing"
            : "the transport callback returned \(status)")
        case .body where status != STORYKIT_OK: GenerationError(.cancelled, detail: "the transport callback returned \(status)")
        default: nil
        }
        Self.end(phase, with: error)
    }

    /// The awaiting task was cancelled: the host is told to stop, and the operation gets
    /// `.cancelled` at once.
    func cancel() {
        stop(because: "the operation was cancelled; stop sending and return",
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
            state.cancellation = "the request timed out after \(timeout.secondsValue) s with nothing from the host; stop sending and return"
            defer { state.phase = .ended }
            return (state.phase, true, deadline)
        }
        if let timedOut {
            Self.end(timedOut, with: GenerationError(.timeout, detail: "no answer from the transport within \(timeout.secondsValue) s"))
        }
        return (ended, deadline)
    }

    private func readerStopped() {
        stop(because: "nobody reads this response any more (the operation stopped); stop sending and return", error: nil)
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

private func exchangeHandle(_ exchange: OpaquePointer?) throws(StoryKitError) -> ExchangeHandle {
    guard let exchange else { throw StoryKitError(.invalidArgument, "exchange is NULL") }
    return Unmanaged<ExchangeHandle>.fromOpaque(UnsafeRawPointer(exchange)).takeUnretainedValue()
}

@c @implementation
public func storykit_exchange_respond(_ exchange: OpaquePointer?, _ http_status: Int32, _ headers_json: UnsafePointer<CChar>?) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let handle = try exchangeHandle(exchange)
        guard (100...599).contains(http_status) else {
            throw StoryKitError(.invalidArgument, "http_status \(http_status) is not an HTTP status (100 to 599)")
        }
        var fields: [HTTPHeaders.Field] = []
        if let headers_json {
            let headers = try jsonArgument(headers_json, "headers_json", maxBytes: Int(STORYKIT_MAX_OPTIONS_BYTES), limitName: "STORYKIT_MAX_OPTIONS_BYTES")
            guard case .object(let object) = headers else {
                throw StoryKitError(.invalidArgument, "headers_json must be a JSON object, not \(JSONFieldReader.describe(headers))")
            }
            for member in object {
                guard case .string(let text) = member.value else {
                    throw StoryKitError(.invalidArgument, "header \"\(member.key)\" must be a string, not \(JSONFieldReader.describe(member.value))")
                }
                fields.append(HTTPHeaders.Field(name: member.key, value: text))
            }
        }
        try handle.respond(status: Int(http_status), headers: HTTPHeaders(fields))
    }
}

@c @implementation
public func storykit_exchange_write(_ exchange: OpaquePointer?, _ chunk: UnsafePointer<UInt8>?, _ len: Int) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let handle = try exchangeHandle(exchange)
        guard len >= 0, len <= Int(STORYKIT_MAX_INPUT_BYTES) else {
            throw StoryKitError(.limit, "len \(UInt(bitPattern: len)) is over STORYKIT_MAX_INPUT_BYTES")
        }
        guard let chunk else {
            guard len == 0 else { throw StoryKitError(.invalidArgument, "chunk is NULL but len is \(len)") }
            return try handle.write(UnsafeBufferPointer(start: nil, count: 0))
        }
        try handle.write(UnsafeBufferPointer(start: chunk, count: len))
    }
}

@c @implementation
public func storykit_exchange_cancelled(_ exchange: OpaquePointer?) -> Int32 {
    guard let exchange else { return 1 }
    return Unmanaged<ExchangeHandle>.fromOpaque(UnsafeRawPointer(exchange)).takeUnretainedValue().isCancelled ? 1 : 0
}

@c @implementation
public func storykit_exchange_fail(_ exchange: OpaquePointer?, _ kind: UnsafePointer<CChar>?, _ message: UnsafePointer<CChar>?) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let handle = try exchangeHandle(exchange)
        let name = try stringArgument(kind, "kind")
        let kinds: [String: GenerationError.Kind] = ["transport": .transport, "timeout": .timeout, "cancelled": .cancelled]
        guard let errorKind = kinds[name] else {
            throw StoryKitError(.invalidArgument, "unknown kind \"\(name)\"; expected \"transport\", \"timeout\" or \"cancelled\"")
        }
        let detail = message == nil ? nil : try stringArgument(message, "message", maxBytes: Int(STORYKIT_MAX_OPTIONS_BYTES), limitName: "STORYKIT_MAX_OPTIONS_BYTES")
        try handle.fail(GenerationError(errorKind, detail: detail ?? "the host's transport reported \(name)"))
    }
}
