/// One item of a parsed list.
public struct ListItem: Sendable, Hashable, Codable {
    /// The item's text: its first line after the marker, then its continuation lines and
    /// sub-items, each trimmed, joined with newlines.
    public var text: String
    /// The item's number, for numbered and labeled lists.
    public var number: Int?

    /// Creates an item.
    public init(text: String, number: Int? = nil) {
        self.text = text
        self.number = number
    }
}
