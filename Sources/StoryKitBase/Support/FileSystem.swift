#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The system's `read`, under a name that no `read` method hides.
#if canImport(Glibc)
    private let systemRead = Glibc.read
#elseif canImport(Musl)
    private let systemRead = Musl.read
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
#endif

/// What the library's file operations share (the file store's ``StoreFolder``, a language pack
/// read from a file): errors that name the path and the system's reason, the size limit,
/// whole reads and writes, the flush to stable storage, and the clock.
package enum FileSystem {
    /// The largest file the store reads: 64 MiB, the C ABI's `STORYKIT_MAX_INPUT_BYTES`.
    package static let maxFileBytes = 64 << 20

    package static let lockFileName = ".storykit.lock"

    /// An `.io` error for the current `errno`.
    package static func failure(_ action: String, _ path: String, code: Int32 = errno) -> StoryKitError {
        let reason = String(cString: strerror(code))
        return StoryKitError(code == ENOENT ? .notFound : .io, "cannot \(action) \(path): \(reason)")
    }

    /// Flushes a file or folder to stable storage: 0 on success, else -1 with `errno` set.
    ///
    /// On Apple platforms `fsync` only hands the data to the drive, whose cache may still lose
    /// it on power loss; `F_FULLFSYNC` asks the drive to flush that cache too. File systems
    /// that refuse it (some network and FAT volumes) get `fsync`, as SQLite does. Linux's
    /// `fsync` already flushes the drive's cache.
    package static func flushToStorage(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
        #endif
        return fsync(descriptor)
    }

    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(StoryKitError) {
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

    /// Up to `size` bytes from `descriptor` (fewer when the file shrank while being read).
    package static func readAll(_ descriptor: Int32, size: Int, path: String) throws(StoryKitError) -> [UInt8] {
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
            if result == 0 { break }
            filled += result
        }
        return Array(bytes[..<filled])
    }

    /// Whether `flock` failed because the file system has no locks at all.
    package static func isLockingUnsupported(_ code: Int32) -> Bool {
        code == ENOTSUP || code == EOPNOTSUPP || code == ENOLCK
    }

    /// Milliseconds since 1970-01-01 UTC.
    package static func nowMilliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    // A lock rather than `Synchronization.Atomic`, which needs macOS 15 / iOS 18.
    private static let temporaryCounter = LockedValue(0)

    /// A number no other temporary file of this process has.
    package static func nextTemporaryNumber() -> Int {
        temporaryCounter.withLock { count in
            count += 1
            return count
        }
    }
}
