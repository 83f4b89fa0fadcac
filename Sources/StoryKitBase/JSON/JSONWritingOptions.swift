/// Options for writing JSON text.
public struct JSONWritingOptions: Sendable, Hashable {
    /// Spaces per nesting level; 0 writes everything on one line with no white space.
    public var indent: Int
    /// Whether object members are sorted by the Unicode code points of their keys (stably, so
    /// members with the same key keep their order).
    public var sortKeys: Bool

    /// The largest indent accepted by the C ABI's `storykit_json_format`.
    public static let maxIndent = 16

    /// Creates options; the defaults write compact JSON in member order.
    public init(indent: Int = 0, sortKeys: Bool = false) {
        self.indent = max(0, indent)
        self.sortKeys = sortKeys
    }

    /// One line, no white space, members in order.
    public static let compact = JSONWritingOptions()
}
