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
