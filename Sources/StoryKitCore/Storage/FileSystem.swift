#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The system's functions under names that FileSystem's own `read` and `rename` do not hide.
#if canImport(Glibc)
private let systemRead = Glibc.read
private let systemRename = Glibc.rename
#elseif canImport(Musl)
private let systemRead = Musl.read
private let systemRename = Musl.rename
#elseif canImport(Darwin)
private let systemRead = Darwin.read
private let systemRename = Darwin.rename
#endif

/// The POSIX file operations the file store needs, each failure turned into a
/// `StoryKitError` that names the path and the system's reason.
enum FileSystem {
    /// The largest file the store reads: 64 MiB, the C ABI's `STORYKIT_MAX_INPUT_BYTES`.
    static let maxFileBytes = 64 << 20

    /// An `.io` error for the current `errno`.
    static func failure(_ action: String, _ path: String, code: Int32 = errno) -> StoryKitError {
        let reason = String(cString: strerror(code))
        return StoryKitError(code == ENOENT ? .notFound : .io, "cannot \(action) \(path): \(reason)")
    }

    /// Creates a folder; an existing one is fine.
    static func createDirectory(_ path: String) throws(StoryKitError) {
        if mkdir(path, 0o755) != 0, errno != EEXIST {
            throw failure("create the folder", path)
        }
    }

    /// Writes `bytes` to `folder/name` so that a crash at any instant leaves either the old
    /// file or the new one: a temporary file is written and flushed, renamed over the old
    /// one, and the folder is flushed so the rename itself is durable.
    static func writeDurably(_ bytes: [UInt8], folder: String, name: String) throws(StoryKitError) {
        let path = folder + "/" + name
        // Temporary names end in ".tmp", which no record or image name does, so a clean-up
        // after a crash can never remove real data; they leave the record's name out, so that
        // any name that fits the file system also fits its temporary file.
        let temporary = "\(folder)/.write-\(getpid())-\(nextTemporaryNumber()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("write", path) }
        var closed = false
        defer {
            if !closed { close(descriptor) }
        }
        do throws(StoryKitError) {
            try writeAll(bytes, to: descriptor, path: path)
            guard flushToStorage(descriptor) == 0 else { throw failure("flush", path) }
            closed = true
            guard close(descriptor) == 0 else { throw failure("close", path) }
            guard systemRename(temporary, path) == 0 else { throw failure("replace", path) }
        } catch {
            unlink(temporary)
            throw error
        }
        try syncDirectory(folder)
    }

    /// Flushes a folder's entries (renames, removals) to disk.
    static func syncDirectory(_ folder: String) throws(StoryKitError) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("open the folder", folder) }
        defer { close(descriptor) }
        guard flushToStorage(descriptor) == 0 else { throw failure("flush the folder", folder) }
    }

    /// Flushes a file or folder to stable storage: 0 on success, else -1 with `errno` set.
    ///
    /// On Apple platforms `fsync` only hands the data to the drive, whose cache may still lose
    /// it on power loss; `F_FULLFSYNC` asks the drive to flush that cache too. File systems
    /// that refuse it (some network and FAT volumes) get `fsync`, as SQLite does. Linux's
    /// `fsync` already flushes the drive's cache.
    private static func flushToStorage(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
        #endif
        return fsync(descriptor)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(StoryKitError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw failure("write", path)
            }
            written += result
        }
    }

    /// The contents of a file, or `nil` when it does not exist.
    static func read(_ path: String) throws(StoryKitError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw failure("read", path)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("read", path) }
        let size = Int(status.st_size)
        guard size <= maxFileBytes else {
            throw StoryKitError(.limit, "\(path) is \(size) bytes, over the limit of \(maxFileBytes)")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let result = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + filled, size - filled)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw failure("read", path)
            }
            if result == 0 { break }  // the file shrank while being read
            filled += result
        }
        return Array(bytes[..<filled])
    }

    /// Removes a file and flushes its folder; `.notFound` when there is no such file.
    static func remove(_ name: String, folder: String) throws(StoryKitError) {
        let path = folder + "/" + name
        guard unlink(path) == 0 else { throw failure("remove", path) }
        try syncDirectory(folder)
    }

    /// Renames `name` to `newName` within `folder` and flushes the folder.
    static func rename(_ name: String, to newName: String, folder: String) throws(StoryKitError) {
        let path = folder + "/" + name
        guard systemRename(path, folder + "/" + newName) == 0 else { throw failure("rename", path) }
        try syncDirectory(folder)
    }

    /// The names in a folder (without `.` and `..`); empty when the folder does not exist.
    static func names(in folder: String) throws(StoryKitError) -> [String] {
        guard let directory = opendir(folder) else {
            if errno == ENOENT { return [] }
            throw failure("list", folder)
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

    /// Takes an exclusive advisory lock on `path` (created if needed) without waiting, and
    /// returns the descriptor that holds it; closing it releases the lock, as does the death
    /// of the process.
    ///
    /// Returns `nil` when the lock file is missing and its folder cannot be written (read-only
    /// media, no permission, or an Apple sandbox's denial, which is `EPERM`): nothing can be
    /// written through this path, so there is no write to guard, and the store still opens
    /// for reading. Also `nil` when the file system has no locks (`ENOTSUP`, `ENOLCK`: some
    /// network volumes); the store then works unlocked, as SQLite does there.
    static func lock(_ path: String) throws(StoryKitError) -> Int32? {
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        if descriptor < 0, errno == EROFS || errno == EACCES || errno == EPERM {
            descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            if descriptor < 0, errno == ENOENT { return nil }
        }
        guard descriptor >= 0 else { throw failure("open the lock file", path) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK {
                throw StoryKitError(.io, "the store at \(path.dropLast(lockFileName.count + 1)) is open in another process or handle; close it first")
            }
            if isLockingUnsupported(code) { return nil }
            throw failure("lock", path, code: code)
        }
        return descriptor
    }

    /// Whether `flock` failed because the file system has no locks at all.
    static func isLockingUnsupported(_ code: Int32) -> Bool {
        code == ENOTSUP || code == EOPNOTSUPP || code == ENOLCK
    }

    static let lockFileName = ".storykit.lock"

    /// Milliseconds since 1970-01-01 UTC.
    static func nowMilliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    // A lock rather than `Synchronization.Atomic`, which needs macOS 15 / iOS 18.
    private static let temporaryCounter = LockedValue(0)

    private static func nextTemporaryNumber() -> Int {
        temporaryCounter.withLock { count in
            count += 1
            return count
        }
    }
}
