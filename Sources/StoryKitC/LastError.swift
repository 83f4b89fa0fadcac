#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The per-thread message behind `storykit_last_error`.
///
/// Each thread owns one malloc'd C string under a pthread key; the key's destructor frees it
/// when the thread exits, so messages never leak and never cross threads.
enum LastError {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { free($0) }
        precondition(status == 0, "StoryKit: pthread_key_create failed (\(status))")
        return key
    }()

    private static let empty: StaticString = ""

    /// Replaces this thread's message.
    static func set(_ message: String) {
        let copy = message.withCString { strdup($0) }
        free(pthread_getspecific(key))
        pthread_setspecific(key, copy)
    }

    /// This thread's message, or "" when no call on it has failed.
    static var current: UnsafePointer<CChar> {
        if let message = pthread_getspecific(key) {
            return UnsafePointer(message.assumingMemoryBound(to: CChar.self))
        }
        return UnsafeRawPointer(empty.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
