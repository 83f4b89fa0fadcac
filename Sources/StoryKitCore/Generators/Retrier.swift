/// Runs an operation under a ``RetryPolicy``: the clock and the random source are
/// injectable, so what it waits and when it gives up can be checked exactly.
///
///     let retrier = Retrier(policy: RetryPolicy(maxAttempts: 3))
///     let response = try await retrier.run { attempt throws(GenerationError) in try await send() }
public struct Retrier: Sendable {
    /// The policy.
    public var policy: RetryPolicy
    /// The clock that measures the total time and waits.
    public var clock: any RetryClock
    /// Returns a number in [0, 1) for the jitter of each wait.
    public var random: @Sendable () -> Double

    /// Creates a retrier; by default on the system clock and the system's random numbers.
    public init(
        policy: RetryPolicy = RetryPolicy(), clock: any RetryClock = ContinuousRetryClock(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.policy = policy
        self.clock = clock
        self.random = random
    }

    /// Runs `operation` (given the 1-based attempt number) until it succeeds, throws an
    /// error that is not retryable, or the policy's attempts or total time run out; then
    /// throws the last error. `shouldRetry` may veto a retry (a stream that already
    /// delivered text must not start over).
    public func run<Value>(
        shouldRetry: (GenerationError) -> Bool = { _ in true },
        _ operation: (Int) async throws(GenerationError) -> Value
    ) async throws(GenerationError) -> Value {
        let start = clock.now()
        var attempt = 1
        while true {
            do {
                return try await operation(attempt)
            } catch {
                guard error.retryable, shouldRetry(error), attempt < policy.maxAttempts else { throw error }
                let wait = policy.delay(afterAttempt: attempt, jitter: random(), retryAfter: error.retryAfter)
                guard clock.now() - start + wait <= policy.maxTotalTime else { throw error }
                if Task.isCancelled { throw GenerationError(.cancelled, detail: "cancelled before retrying") }
                try await clock.sleep(for: wait)
                attempt += 1
            }
        }
    }
}
