/// Feeds a streamed correction reply into a ``VariationStream`` and reports a
/// ``PartialVariationSet`` after each piece, for ``CorrectionService``'s updates. A reply
/// the stream cannot read is not an error here: the whole reply is checked again at the end.
/// Each variation is checked against the typed text as it completes, so a snapshot never
/// shows a finished version as fit to tap when the result will drop it.
final class SnapshotBuilder: Sendable {
    private struct State {
        var stream: VariationStream
        var snapshot = PartialVariationSet()
        var failed = false
    }

    private let state: LockedValue<State>
    private let onUpdate: @Sendable (PartialVariationSet) -> Void
    private let check: VersionCheck

    init(options: VariationOptions, check: VersionCheck, onUpdate: @escaping @Sendable (PartialVariationSet) -> Void) {
        state = LockedValue(State(stream: VariationStream(options: options)))
        self.check = check
        self.onUpdate = onUpdate
    }

    /// Adds the next text of the reply and reports the snapshot when it changed.
    func add(_ text: String) {
        let snapshot: PartialVariationSet? = state.withLock { state in
            guard !state.failed else { return nil }
            do {
                let before = state.snapshot
                for event in try state.stream.feed(text) {
                    state.snapshot.apply(event)
                    if case .done(let index, let text) = event, state.snapshot.variations.indices.contains(index) {
                        let kind = state.snapshot.variations[index].kind
                        state.snapshot.variations[index].issue = check.issue(for: TextVariation(text: text, kind: kind))
                    }
                }
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
