/// When and how long to wait before asking again: exponential backoff with full jitter,
/// for retryable errors only, capped in attempts and in total time, and never sooner than
/// the service's own `Retry-After`.
///
/// The wait before attempt *n* + 1 is a random fraction of
/// `min(maxDelay, initialDelay · 2^(n−1))` ("full jitter"), raised to the service's
/// retry-after when it gave one. A retry that would start after `maxTotalTime` is not made:
/// the last error is thrown instead, so a caller is never kept waiting past the cap.
///
///     let policy = RetryPolicy(maxAttempts: 4, initialDelay: .milliseconds(250))
public struct RetryPolicy: Sendable, Hashable {
    /// How many times a request is sent at most, the first time included (1 = no retries).
    public var maxAttempts: Int
    /// The backoff ceiling of the first retry.
    public var initialDelay: Duration
    /// The largest backoff ceiling, however many attempts came before.
    public var maxDelay: Duration
    /// The longest time from the first attempt to the start of the last one.
    public var maxTotalTime: Duration

    /// The most attempts a policy may ask for.
    public static let maxAllowedAttempts = 10

    /// Creates a policy; `maxAttempts` is clamped to 1...``maxAllowedAttempts`` and the
    /// durations to zero or more.
    public init(
        maxAttempts: Int = 3, initialDelay: Duration = .milliseconds(500),
        maxDelay: Duration = .seconds(8), maxTotalTime: Duration = .seconds(30)
    ) {
        self.maxAttempts = min(max(maxAttempts, 1), Self.maxAllowedAttempts)
        self.initialDelay = max(initialDelay, .zero)
        self.maxDelay = max(maxDelay, .zero)
        self.maxTotalTime = max(maxTotalTime, .zero)
    }

    /// One attempt, no retries.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The wait after failed attempt `attempt` (1-based), given `jitter` in [0, 1) and the
    /// service's retry-after in seconds.
    public func delay(afterAttempt attempt: Int, jitter: Double, retryAfter: Double?) -> Duration {
        var ceiling = initialDelay
        var doublings = max(attempt - 1, 0)
        while doublings > 0, ceiling < maxDelay {
            ceiling *= 2
            doublings -= 1
        }
        let backoff = min(ceiling, maxDelay) * min(max(jitter, 0), 1)
        guard let retryAfter, retryAfter.isFinite, retryAfter > 0 else { return backoff }
        return max(backoff, Duration.milliseconds(Int64(min(retryAfter, 86_400) * 1000)))
    }
}
