/// One step of a JSON Pointer: an object key or an array index.
enum JSONPathComponent: Hashable, Sendable {
    case key(String)
    case index(Int)
}
