/// Reads a whole-story JSON reply as it streams and reports a ``StorySnapshot`` each time
/// the title or a page completes and passes the check. A page the check refuses stops the
/// snapshots of that reply: the pages after it are not shown, since the story will be asked
/// for again. A reply the stream cannot read is not an error here; the whole reply is read
/// again at the end.
final class WholeStoryProgress: Sendable {
    private struct State {
        var stream = JSONStream()
        var snapshot = StorySnapshot()
        var stopped = false
    }

    private let state = LockedValue(State())
    private let check: StoryCheck
    private let onUpdate: @Sendable (StorySnapshot) -> Void

    init(check: StoryCheck, onUpdate: @escaping @Sendable (StorySnapshot) -> Void) {
        self.check = check
        self.onUpdate = onUpdate
    }

    /// Adds the next text of the reply.
    func add(_ text: String) {
        let snapshots: [StorySnapshot] = state.withLock { state in
            guard !state.stopped else { return [] }
            var snapshots: [StorySnapshot] = []
            do {
                for case .value(let path, .string(let value)) in try state.stream.feed(text) {
                    apply(path: path, value: value, to: &state)
                    if state.stopped { break }
                    if snapshots.last != state.snapshot, state.snapshot != StorySnapshot() {
                        snapshots.append(state.snapshot)
                    }
                }
            } catch {
                state.stopped = true
            }
            return snapshots
        }
        for snapshot in snapshots { onUpdate(snapshot) }
    }

    private func apply(path: String, value: String, to state: inout State) {
        if path == "/title", state.snapshot.title == nil {
            if check.titleIssues(value).isEmpty { state.snapshot.title = value } else { state.stopped = true }
            return
        }
        guard path == "/pages/\(state.snapshot.pages.count)" || path == "/pages/\(state.snapshot.pages.count)/text"
        else { return }
        let index = state.snapshot.pages.count
        guard check.pageIssues(value, index: index, earlier: state.snapshot.pages).isEmpty,
            index < check.brief.length.pages
        else {
            state.stopped = true
            return
        }
        state.snapshot.pages.append(value)
    }
}
