#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
    #if canImport(os)
        import os
    #endif
#endif

/// A value behind a lock: every access goes through ``withLock(_:)``.
///
/// On Apple platforms the lock is an `os_unfair_lock`, which donates the waiter's priority to
/// the owner, so a user-interactive thread never waits behind a background one holding it (a
/// `pthread_mutex_t` has no priority inheritance there by default). Elsewhere it is a
/// `pthread_mutex_t`: ThreadSanitizer intercepts it, while it does not see
/// `Synchronization.Mutex`'s futex on Linux and would report every access under one as a race.
package final class LockedValue<Value>: @unchecked Sendable {
    #if canImport(Darwin)
        private typealias Lock = os_unfair_lock_s
    #else
        private typealias Lock = pthread_mutex_t
    #endif

    // Allocated once and never moved: neither lock may be copied while in use.
    private let lock: UnsafeMutablePointer<Lock>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        lock = UnsafeMutablePointer.allocate(capacity: 1)
        #if canImport(Darwin)
            lock.initialize(to: os_unfair_lock_s())
        #else
            lock.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(lock, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        #endif
    }

    deinit {
        #if !canImport(Darwin)
            pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    /// Runs `body` with the value, holding the lock; the lock is not recursive.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        #if canImport(Darwin)
            os_unfair_lock_lock(lock)
            defer { os_unfair_lock_unlock(lock) }
        #else
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
        #endif
        return try body(&value)
    }
}
