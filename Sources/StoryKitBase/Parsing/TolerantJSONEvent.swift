/// What the tolerant machine reports while it reads.
enum TolerantJSONEvent {
    /// A scalar is complete at `path`.
    case value(path: [JSONPathComponent], value: JSONValue)
    /// More text of the string value still open at `path`.
    case partial(path: [JSONPathComponent], text: String)
}
