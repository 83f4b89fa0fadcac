/// The observers of a store's theme preference, told at once of every change.
final class ThemeObservers: Sendable {
    private struct State {
        var nextID = 0
        var continuations: [Int: AsyncStream<ThemePreference>.Continuation] = [:]
    }

    private let state = LockedValue(State())

    /// A stream that yields `current` and then each change.
    func stream(startingWith current: ThemePreference) -> AsyncStream<ThemePreference> {
        let (stream, continuation) = AsyncStream<ThemePreference>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id = state.withLock { state in
            state.nextID += 1
            state.continuations[state.nextID] = continuation
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.continuations.removeValue(forKey: id) }
        }
        continuation.yield(current)
        return stream
    }

    /// Tells every observer.
    func notify(_ theme: ThemePreference) {
        let continuations = state.withLock { Array($0.continuations.values) }
        for continuation in continuations { continuation.yield(theme) }
    }

    deinit {
        for continuation in state.withLock({ Array($0.continuations.values) }) { continuation.finish() }
    }
}
