import StoryKitCore
import Synchronization
import Testing

/// Backoff, jitter, retry-after and the caps, checked exactly on a clock that does not wait.
@Suite struct RetrierTests {
    final class ManualClock: RetryClock {
        private let state = Mutex<(now: Duration, sleeps: [Duration])>((.zero, []))
        var sleeps: [Duration] { state.withLock { $0.sleeps } }
        func now() -> Duration { state.withLock { $0.now } }
        func sleep(for duration: Duration) async throws(GenerationError) {
            state.withLock {
                $0.now += duration; $0.sleeps.append(duration)
            }
        }
    }

    /// An operation that fails with `errors` in turn, then succeeds.
    final class Script: Sendable {
        private let remaining: Mutex<[GenerationError]>
        private let calls = Mutex(0)
        init(_ errors: [GenerationError]) { remaining = Mutex(errors) }
        var callCount: Int { calls.withLock { $0 } }
        func run(_ attempt: Int) throws(GenerationError) -> Int {
            calls.withLock { $0 += 1 }
            if let error = remaining.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { throw error }
            return attempt
        }
    }

    let unavailable = GenerationError(.unavailable, httpStatus: 503)

    @Test func fullJitterDoublesTheCeilingUpToTheMaximum() {
        let policy = RetryPolicy(maxAttempts: 10, initialDelay: .milliseconds(100), maxDelay: .milliseconds(700))
        #expect(policy.delay(afterAttempt: 1, jitter: 1, retryAfter: nil) == .milliseconds(100))
        #expect(policy.delay(afterAttempt: 2, jitter: 1, retryAfter: nil) == .milliseconds(200))
        #expect(policy.delay(afterAttempt: 3, jitter: 0.5, retryAfter: nil) == .milliseconds(200))
        #expect(policy.delay(afterAttempt: 4, jitter: 1, retryAfter: nil) == .milliseconds(700))
        #expect(policy.delay(afterAttempt: 9, jitter: 0, retryAfter: nil) == .zero)
        #expect(policy.delay(afterAttempt: 1, jitter: 0.1, retryAfter: 2) == .seconds(2))
        #expect(policy.delay(afterAttempt: 4, jitter: 1, retryAfter: 0.25) == .milliseconds(700))
        #expect(policy.delay(afterAttempt: 1, jitter: 1, retryAfter: .nan) == .milliseconds(100))
    }

    @Test func policyClampsItsSettings() {
        #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
        #expect(RetryPolicy(maxAttempts: 1000).maxAttempts == RetryPolicy.maxAllowedAttempts)
        #expect(RetryPolicy(initialDelay: .seconds(-1)).initialDelay == .zero)
    }

    @Test func retryableErrorsAreRetriedWithTheDrawnJitter() async throws {
        let clock = ManualClock()
        let jitters = Mutex([0.5, 0.25])
        let retrier = Retrier(
            policy: RetryPolicy(maxAttempts: 3, initialDelay: .seconds(1)), clock: clock,
            random: { jitters.withLock { $0.removeFirst() } })
        let script = Script([unavailable, GenerationError(.transport)])
        let attempt = try await retrier.run { attempt throws(GenerationError) in try script.run(attempt) }
        #expect(attempt == 3)
        #expect(clock.sleeps == [.milliseconds(500), .milliseconds(500)])
    }

    @Test func attemptsRunOutWithTheLastError() async {
        let clock = ManualClock()
        let retrier = Retrier(policy: RetryPolicy(maxAttempts: 2), clock: clock, random: { 0 })
        let script = Script([unavailable, GenerationError(.serverError, httpStatus: 500), unavailable])
        let error = await #expect(throws: GenerationError.self) {
            try await retrier.run { attempt throws(GenerationError) in try script.run(attempt) }
        }
        #expect(error?.kind == .serverError)
        #expect(script.callCount == 2)
    }

    @Test func notRetryableErrorsAndVetoesStopAtOnce() async {
        let retrier = Retrier(policy: RetryPolicy(maxAttempts: 5), clock: ManualClock(), random: { 0 })
        let forbidden = Script([GenerationError(.permissionDenied, httpStatus: 403)])
        await #expect(throws: GenerationError.self) {
            try await retrier.run { attempt throws(GenerationError) in try forbidden.run(attempt) }
        }
        #expect(forbidden.callCount == 1)
        let vetoed = Script([unavailable])
        await #expect(throws: GenerationError.self) {
            try await retrier.run(shouldRetry: { _ in false }) { attempt throws(GenerationError) in
                try vetoed.run(attempt)
            }
        }
        #expect(vetoed.callCount == 1)
    }

    @Test func retryAfterBeyondTheTotalTimeGivesUp() async {
        let clock = ManualClock()
        let retrier = Retrier(
            policy: RetryPolicy(maxAttempts: 5, maxTotalTime: .seconds(10)), clock: clock, random: { 0 })
        let script = Script([
            GenerationError(.rateLimited, httpStatus: 429, retryAfter: 4),
            GenerationError(.rateLimited, httpStatus: 429, retryAfter: 7)
        ])
        let error = await #expect(throws: GenerationError.self) {
            try await retrier.run { attempt throws(GenerationError) in try script.run(attempt) }
        }
        // 4 s fits the 10 s cap; 4 + 7 does not, so the second 429 is thrown with its retry-after.
        #expect(clock.sleeps == [.seconds(4)])
        #expect(error?.retryAfter == 7)
    }
}
