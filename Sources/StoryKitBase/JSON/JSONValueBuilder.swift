/// Builds a `JSONValue` from what the scanner recognises, without recursion.
struct JSONValueBuilder: JSONScanHandler {
    static var needsStrings: Bool { true }

    /// One entry per open container: `true` for an object, `false` for an array.
    private var openContainers: [Bool] = []
    private var openArrays: [[JSONValue]] = []
    private var openObjects: [[JSONMember]] = []
    /// The key of the member being read, one per open object.
    private var pendingKeys: [String] = []
    private(set) var root: JSONValue?

    mutating func beginArray() {
        openContainers.append(false)
        openArrays.append([])
    }

    mutating func endArray() {
        openContainers.removeLast()
        add(.array(openArrays.removeLast()))
    }

    mutating func beginObject() {
        openContainers.append(true)
        openObjects.append([])
    }

    mutating func endObject() {
        openContainers.removeLast()
        add(.object(JSONObject(openObjects.removeLast())))
    }

    mutating func key(_ key: String) {
        pendingKeys.append(key)
    }

    mutating func string(_ value: String) {
        add(.string(value))
    }

    mutating func number(_ text: UnsafeBufferPointer<UInt8>) {
        add(.number(JSONNumber(uncheckedText: String(decoding: text, as: UTF8.self))))
    }

    mutating func literal(_ value: JSONValue) {
        add(value)
    }

    private mutating func add(_ value: JSONValue) {
        switch openContainers.last {
        case nil:
            root = value
        case true?:
            openObjects[openObjects.count - 1].append(JSONMember(pendingKeys.removeLast(), value))
        case false?:
            openArrays[openArrays.count - 1].append(value)
        }
    }
}
