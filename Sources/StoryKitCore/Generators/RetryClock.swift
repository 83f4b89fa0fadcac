/// The time source of retries: what time it is, and how to wait. Injectable so tests can
/// check every wait exactly without waiting.
public protocol RetryClock: Sendable {
    /// The time elapsed since a fixed origin of this clock.
    func now() -> Duration
    /// Waits for `duration`.
    ///
    /// - Throws: `.cancelled` when the waiting task is cancelled.
    func sleep(for duration: Duration) async throws(GenerationError)
}

/// The system's monotonic clock, which keeps running while the machine sleeps.
public struct ContinuousRetryClock: RetryClock {
    private let origin = ContinuousClock.now

    /// Creates a clock whose origin is now.
    public init() {}

    public func now() -> Duration {
        ContinuousClock.now - origin
    }

    public func sleep(for duration: Duration) async throws(GenerationError) {
        do {
            try await Task.sleep(for: duration)
        } catch {
            throw GenerationError(.cancelled, detail: "cancelled while waiting to retry")
        }
    }
}
