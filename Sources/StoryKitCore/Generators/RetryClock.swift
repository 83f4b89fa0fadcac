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
