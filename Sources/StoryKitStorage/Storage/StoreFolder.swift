#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open folder of the file store, and the file operations inside it.
///
/// Everything below the root is reached through folder descriptors (`openat`, `renameat`,
/// `unlinkat`) without following symbolic links, and only regular files are read: a record
/// folder replaced by a link, an image file that links to `/etc/passwd`, or a FIFO named like
/// a record is refused with an error that says so, never followed, read or waited on. The
/// root itself is the host's choice and may be a link.
final class StoreFolder: @unchecked Sendable {
    // The descriptor is only read after init and closed in deinit.
    private let descriptor: Int32
    /// The folder's path, for messages.
    let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        close(descriptor)
    }

    /// Opens the root folder at `path`, creating it when `create` is true.
    ///
    /// - Throws: `.notFound` for a missing root; `.invalidArgument` when it is not a folder.
    static func openRoot(_ path: String, create: Bool) throws(StoryKitError) -> StoreFolder {
        if create, mkdir(path, 0o755) != 0, errno != EEXIST {
            throw FileSystem.failure("create the folder", path)
        }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOTDIR { throw StoryKitError(.invalidArgument, "the store's root \(path) is not a folder") }
            throw FileSystem.failure("open the store at", path)
        }
        return StoreFolder(descriptor: descriptor, path: path)
    }

    /// The folder `name` inside this one, created when `create` is true; `nil` when it does
    /// not exist and `create` is false.
    ///
    /// - Throws: `.io` when `name` is a symbolic link or not a folder.
    func subfolder(_ name: String, create: Bool) throws(StoryKitError) -> StoreFolder? {
        let path = self.path + "/" + name
        if create, mkdirat(descriptor, name, 0o755) != 0, errno != EEXIST {
            throw FileSystem.failure("create the folder", path)
        }
        let folder = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else {
            let code = errno
            if code == ENOENT, !create { return nil }
            if code == ELOOP || code == ENOTDIR {
                throw StoryKitError(
                    .io,
                    "refused \(path): it is a symbolic link or not a folder, and the store follows no links inside its root"
                )
            }
            throw FileSystem.failure("open the folder", path, code: code)
        }
        return StoreFolder(descriptor: folder, path: path)
    }

    /// The contents of the regular file `name`, or `nil` when there is none.
    ///
    /// - Throws: `.io` for a link or a special file; `.limit` past ``FileSystem/maxFileBytes``.
    func read(_ name: String) throws(StoryKitError) -> [UInt8]? {
        let path = self.path + "/" + name
        // O_NONBLOCK: opening a FIFO must not wait for a writer.
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP {
                throw StoryKitError(
                    .io, "refused \(path): it is a symbolic link, and the store follows no links inside its root")
            }
            throw FileSystem.failure("read", path, code: code)
        }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0 else { throw FileSystem.failure("read", path) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw StoryKitError(.io, "refused \(path): it is not a regular file")
        }
        let size = Int(status.st_size)
        guard size <= FileSystem.maxFileBytes else {
            throw StoryKitError(.limit, "\(path) is \(size) bytes, over the limit of \(FileSystem.maxFileBytes)")
        }
        return try FileSystem.readAll(file, size: size, path: path)
    }

    /// Writes `bytes` to `name` so that a crash at any instant leaves either the old file or
    /// the new one: a temporary file is written and flushed, renamed over the old one, and the
    /// folder is flushed so the rename itself is durable.
    func writeDurably(_ bytes: [UInt8], name: String) throws(StoryKitError) {
        let path = self.path + "/" + name
        // Temporary names end in ".tmp", which no record or image name does, so a clean-up
        // after a crash can never remove real data; they leave the record's name out, so that
        // any name that fits the file system also fits its temporary file.
        let temporary = ".write-\(getpid())-\(FileSystem.nextTemporaryNumber()).tmp"
        let file = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw FileSystem.failure("write", path) }
        var closed = false
        defer {
            if !closed { close(file) }
        }
        do throws(StoryKitError) {
            try FileSystem.writeAll(bytes, to: file, path: path)
            guard FileSystem.flushToStorage(file) == 0 else { throw FileSystem.failure("flush", path) }
            closed = true
            guard close(file) == 0 else { throw FileSystem.failure("close", path) }
            // renameat replaces a link named `name` itself, never the file it points to.
            guard renameat(descriptor, temporary, descriptor, name) == 0 else {
                throw FileSystem.failure("replace", path)
            }
        } catch {
            unlinkat(descriptor, temporary, 0)
            throw error
        }
        try sync()
    }

    /// Removes `name` (a link itself, never what it points to) and flushes the folder;
    /// `.notFound` when there is no such entry.
    func remove(_ name: String) throws(StoryKitError) {
        guard unlinkat(descriptor, name, 0) == 0 else { throw FileSystem.failure("remove", path + "/" + name) }
        try sync()
    }

    /// Renames `name` to `newName` and flushes the folder.
    func rename(_ name: String, to newName: String) throws(StoryKitError) {
        guard renameat(descriptor, name, descriptor, newName) == 0 else {
            throw FileSystem.failure("rename", path + "/" + name)
        }
        try sync()
    }

    /// The names in the folder, without `.` and `..`.
    func names() throws(StoryKitError) -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0, let directory = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            throw FileSystem.failure("list", path)
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Flushes the folder's entries (renames, removals) to disk.
    func sync() throws(StoryKitError) {
        guard FileSystem.flushToStorage(descriptor) == 0 else { throw FileSystem.failure("flush the folder", path) }
    }

    /// Takes an exclusive advisory lock on the file `name` (created if needed) without
    /// waiting, and returns the descriptor that holds it; closing it releases the lock, as
    /// does the death of the process.
    ///
    /// Returns `nil` when the lock file is missing and the folder cannot be written (read-only
    /// media, no permission, or an Apple sandbox's denial, which is `EPERM`): nothing can be
    /// written through this path, so there is no write to guard, and the store still opens
    /// for reading. Also `nil` when the file system has no locks (`ENOTSUP`, `ENOLCK`: some
    /// network volumes); the store then works unlocked, as SQLite does there.
    func lock(_ name: String) throws(StoryKitError) -> Int32? {
        let path = self.path + "/" + name
        // O_NONBLOCK: a FIFO planted in the lock file's place must not hang the open.
        var file = openat(descriptor, name, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        if file < 0, errno == EROFS || errno == EACCES || errno == EPERM {
            file = openat(descriptor, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            if file < 0, errno == ENOENT { return nil }
        }
        guard file >= 0 else { throw FileSystem.failure("open the lock file", path) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(file)
            throw StoryKitError(.io, "the lock file \(path) is not a regular file; remove it and open the store again")
        }
        guard flock(file, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(file)
            if code == EWOULDBLOCK {
                throw StoryKitError(
                    .io, "the store at \(self.path) is open in another process or handle; close it first")
            }
            if FileSystem.isLockingUnsupported(code) { return nil }
            throw FileSystem.failure("lock", path, code: code)
        }
        return file
    }
}
