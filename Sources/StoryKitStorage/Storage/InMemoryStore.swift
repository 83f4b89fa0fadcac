/// A store kept in memory, with the same rules as ``FileStore``: for tests, previews and
/// hosts that persist elsewhere.
public final class InMemoryStore: RecordStore, @unchecked Sendable {
    /// Creates an empty store.
    public init() {
        super.init(engine: InMemoryEngine())
    }
}
