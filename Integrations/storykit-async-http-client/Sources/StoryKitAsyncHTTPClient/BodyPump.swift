import AsyncHTTPClient
import StoryKitCore
import Synchronization

/// Moves a streamed response body from AsyncHTTPClient into an ``HTTPBody``, failing it with
/// `.timeout` when nothing arrives for `timeout`, and cancelling the request when the reader
/// stops.
final class BodyPump: Sendable {
    private struct State {
        var reader: Task<Void, Never>?
        var watchdog: Task<Void, Never>?
        var lastChunk = ContinuousClock.now
        var timedOut = false
        var stopped = false
    }

    private let timeout: Duration
    private let state = Mutex(State())

    init(timeout: Duration) {
        self.timeout = timeout
    }

    func start(reading body: HTTPClientResponse.Body, into writer: HTTPBody.Writer) {
        let timeout = self.timeout
        let reader = Task {
            do {
                for try await buffer in body {
                    state.withLock { $0.lastChunk = .now }
                    if !writer.write(Array(buffer.readableBytesView)) { break }
                }
                writer.finish()
            } catch {
                let timedOut = state.withLock { $0.timedOut }
                writer.finish(
                    throwing: timedOut
                        ? GenerationError(.timeout, detail: "nothing of the body arrived for \(timeout.secondsValue) s")
                        : AsyncHTTPClientTransport.generationError(error, timeout: timeout))
            }
            stopWatchdog()
        }
        let watchdog = Task {
            while !Task.isCancelled {
                let wakeUp = state.withLock { $0.lastChunk } + timeout
                guard (try? await Task.sleep(until: wakeUp, clock: .continuous)) != nil else { return }
                let idle = state.withLock { state in
                    guard ContinuousClock.now - state.lastChunk >= timeout else { return false }
                    state.timedOut = true
                    return true
                }
                if idle {
                    reader.cancel()
                    return
                }
            }
        }
        let stoppedAlready = state.withLock { state in
            state.reader = reader
            state.watchdog = watchdog
            return state.stopped
        }
        if stoppedAlready { stop() }
    }

    /// Stops reading: the reader went away, so the request is cancelled.
    func stop() {
        let (reader, watchdog) = state.withLock { state in
            state.stopped = true
            return (state.reader, state.watchdog)
        }
        reader?.cancel()
        watchdog?.cancel()
    }

    private func stopWatchdog() {
        state.withLock { $0.watchdog }?.cancel()
    }
}
