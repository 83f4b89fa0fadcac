/// A handler that keeps nothing: the scanner alone decides validity.
struct JSONValidatingHandler: JSONScanHandler {
    static var needsStrings: Bool { false }
    func beginArray() {}
    func endArray() {}
    func beginObject() {}
    func endObject() {}
    func key(_ key: String) {}
    func string(_ value: String) {}
    func number(_ text: UnsafeBufferPointer<UInt8>) {}
    func literal(_ value: JSONValue) {}
}
