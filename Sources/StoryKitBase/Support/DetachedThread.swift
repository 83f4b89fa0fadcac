#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A detached thread of its own, for one call into a host.
///
/// A host's callback may block for as long as it likes (a slow HTTP client, a stalled
/// connection); on a thread of its own it holds up nothing else: not Swift's task threads,
/// and not a shared pool whose threads other operations' callbacks would wait for.
package enum DetachedThread {
    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Starts `body` on a new detached thread; `false` when the system refuses one.
    package static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let status = pthread_create(
            &thread, &attributes,
            { argument in
                #if canImport(Darwin)
                    let work = Unmanaged<Work>.fromOpaque(argument).takeRetainedValue()
                #else
                    let work = Unmanaged<Work>.fromOpaque(argument!).takeRetainedValue()
                #endif
                work.body()
                return nil
            }, work)
        if status != 0 {
            Unmanaged<Work>.fromOpaque(work).release()
            return false
        }
        return true
    }
}
