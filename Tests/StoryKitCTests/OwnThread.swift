#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `body` on a new POSIX thread and waits for it without holding a thread of the
/// cooperative pool. The service entry points block their caller while their work runs on
/// that pool, so a test that called them on a pool thread could starve it; each thread also
/// has a last error of its own.
func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        let work = ThreadWork { continuation.resume(returning: body()) }
        let context = Unmanaged.passRetained(work).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<ThreadWork>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        if created == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<ThreadWork>.fromOpaque(context).takeRetainedValue().run()
        }
    }
}

private final class ThreadWork: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
