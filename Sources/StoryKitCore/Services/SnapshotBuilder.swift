/// Feeds a streamed correction reply into a ``VariationStream`` and reports a
/// ``PartialVariationSet`` after each piece, for ``CorrectionService``'s updates. A reply
/// the stream cannot read is not an error here: the whole reply is checked again at the end.
final class SnapshotBuilder: Sendable {
    private struct State {
        var stream: VariationStream
        var snapshot = PartialVariationSet()
        var failed = false
    }

    private let state: LockedValue<State>
    private let onUpdate: @Sendable (PartialVariationSet) -> Void

    init(options: VariationOptions, onUpdate: @escaping @Sendable (PartialVariationSet) -> Void) {
        state = LockedValue(State(stream: VariationStream(options: options)))
        self.onUpdate = onUpdate
    }

    /// Adds the next text of the reply and reports the snapshot when it changed.
    func add(_ text: String) {
        let snapshot: PartialVariationSet? = state.withLock { state in
            guard !state.failed else { return nil }
            do {
                let before = state.snapshot
                for event in try state.stream.feed(text) { state.snapshot.apply(event) }
                return state.snapshot == before ? nil : state.snapshot
            } catch {
                state.failed = true
                return nil
            }
        }
        if let snapshot { onUpdate(snapshot) }
    }
}

extension PartialVariationSet {
    /// The snapshot of a set that is already complete.
    init(complete set: VariationSet) {
        self.init()
        variations = set.variations.map { Variation(text: $0.text, kind: $0.kind, isComplete: true) }
        result = set
    }
}
