/// The limits the strict parser enforces, so that hostile input cannot exhaust the stack or
/// memory.
public struct JSONParserLimits: Sendable, Hashable {
    /// The deepest nesting of arrays and objects accepted. Default 512, the C ABI's
    /// `STORYKIT_MAX_JSON_DEPTH`.
    public var maxDepth: Int
    /// The longest text accepted, in bytes. Default 64 MiB, the C ABI's
    /// `STORYKIT_MAX_INPUT_BYTES`.
    public var maxBytes: Int

    /// Creates limits; the defaults are the C ABI's.
    public init(maxDepth: Int = 512, maxBytes: Int = 64 << 20) {
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
    }

    /// The limits of the C ABI.
    public static let `default` = JSONParserLimits()
}
