import StoryKitCore

#if os(Linux)
    import StoryKitAsyncHTTPClient
#else
    import StoryKitFoundation
#endif

/// The HTTP client the tool's model calls go through: AsyncHTTPClient on Linux, where
/// URLSession keeps a core busy while it waits (a local model server then loses that core),
/// and URLSession on Apple platforms.
enum ModelTransport {
    static func make() -> any HTTPTransport {
        #if os(Linux)
            AsyncHTTPClientTransport()
        #else
            URLSessionTransport()
        #endif
    }
}
