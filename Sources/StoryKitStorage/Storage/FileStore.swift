/// The embedded default store: every record a JSON file under one root folder, written
/// atomically and durably.
///
/// Layout: `stories/<id>.json`, `heroes/<id>.json`, `events/<id>.json`,
/// `corrections/<id>.json`, `words/<word>.json`, `Illustrations/<id>.<ext>` (the extension from the MIME type),
/// `preferences.json`. A write goes to a temporary file that is flushed, renamed over the old
/// file, and the folder is flushed, so a crash leaves the old record or the new one, never a
/// torn one; a full disk or a read-only folder fails the write with `.io` and leaves the old
/// data as it was. One process (and one `FileStore`) at a time may open a root: the second
/// gets a clear error. A root on read-only media opens for reading.
///
/// Durability per platform: the record and its folder are flushed with `fsync` on Linux and
/// with `fcntl(F_FULLFSYNC)` on Apple platforms (where `fsync` leaves data in the drive's
/// cache), falling back to `fsync` where a file system refuses it.
///
/// Locking: the store holds an advisory `flock` on `.storykit.lock` in the root while it is
/// open. iOS terminates a suspended app that holds a file lock in an App Group container, so
/// such an app calls ``suspend()`` when it moves to the background and ``resume()`` when it
/// returns. On a file system with no locks (some network volumes) the store opens unlocked,
/// and keeping a second process out is then the host's duty. Deleting the lock file while
/// the store is open lets a second opener in: leave it alone.
///
/// Ids: canonically equivalent spellings are one id (as Swift compares strings) and case
/// matters; the file name of each id is `RecordFileName`'s, so ids stay apart on file
/// systems that ignore case or normalisation.
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
        fileEngine = engine
        super.init(engine: engine)
    }

    private let fileEngine: FileEngine

    /// Releases the store's file lock, for an app about to be suspended; every call then
    /// fails with `.state` until ``resume()``. Calling it again is harmless.
    public func suspend() {
        fileEngine.suspend()
    }

    /// Takes the lock again after ``suspend()`` and reads records afresh from disk (another
    /// process may have written meanwhile). Harmless when the store is not suspended.
    ///
    /// - Throws: `.io` when another process or handle opened the root meanwhile; the store
    ///   stays suspended and `resume()` may be tried again.
    public func resume() throws(StoryKitError) {
        try fileEngine.resume()
    }
}
