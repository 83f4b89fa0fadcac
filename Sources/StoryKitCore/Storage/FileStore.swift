/// The embedded default store: every record a JSON file under one root folder, written
/// atomically and durably.
///
/// Layout: `stories/<id>.json`, `heroes/<id>.json`, `events/<id>.json`,
/// `corrections/<id>.json`, `Illustrations/<id>.<ext>` (the extension from the MIME type),
/// `preferences.json`. A write goes to a temporary file that is flushed, renamed over the old
/// file, and the folder is flushed, so a crash leaves the old record or the new one, never a
/// torn one; a full disk or a read-only folder fails the write with `.io` and leaves the old
/// data as it was. One process (and one `FileStore`) at a time may open a root: the second
/// gets a clear error. A root on read-only media opens for reading.
///
///     let store = try FileStore(root: ".storykit")
///     try await store.stories.save(story)
///     for await theme in store.themeChanges() { apply(theme) }
public final class FileStore: RecordStore, @unchecked Sendable {
    /// The root folder.
    public let root: String

    /// Opens the store at `root`, creating the folder when `create` is true.
    ///
    /// - Throws: `.notFound` when the root is missing and `create` is false; `.io` when the
    ///   store is open elsewhere or the file system refuses.
    public init(root: String, create: Bool = true) throws(StoryKitError) {
        let engine = try FileEngine(root: root, create: create)
        self.root = engine.root
        super.init(engine: engine)
    }
}

/// A store kept in memory, with the same rules as ``FileStore``: for tests, previews and
/// hosts that persist elsewhere.
public final class InMemoryStore: RecordStore, @unchecked Sendable {
    /// Creates an empty store.
    public init() {
        super.init(engine: InMemoryEngine())
    }
}
