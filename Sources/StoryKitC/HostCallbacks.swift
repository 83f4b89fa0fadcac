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

    /// Counts a transport callback that is about to run (``TransportHost``).
    func callStarting() {
        running.withLock { $0.count += 1 }
    }

    /// Counts a transport callback that has returned `status`, and stops the operation when
    /// the status asks to (``TransportHost``). A callback that gives up on a cancelled exchange
    /// is doing as told.
    func callReturned(status: Int32, cancelled: Bool) {
        if status != STORYKIT_OK, !cancelled { stop("the transport callback", status: status) }
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
    func runBlocking<Value: Sendable>(_ body: @escaping @Sendable () async throws(StoryKitError) -> Value)
        throws(StoryKitError) -> Value
    {
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
        guard let result = outcome.withLock({ $0 }) else {
            throw StoryKitError(.internal, "the operation ended without a result")
        }
        return try result.get()
    }
}
