/// JSON Pointer (RFC 6901) text for a path: `/a/0/b~1c` for `["a", 0, "b/c"]`.
enum JSONPointer {
    static func string(_ path: [JSONPathComponent]) -> String {
        var text = ""
        for component in path {
            text += "/"
            switch component {
            case .index(let index):
                text += String(index)
            case .key(let key):
                if key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                    text += key.replacing("~", with: "~0").replacing("/", with: "~1")
                } else {
                    text += key
                }
            }
        }
        return text
    }
}
