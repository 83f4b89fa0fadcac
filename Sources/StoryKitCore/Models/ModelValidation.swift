/// The checks models share, each throwing an `.invalidArgument` that names the field.
enum ModelValidation {
    /// The longest record id, in UTF-8 bytes.
    static let maxIDBytes = 128

    /// A record id: 1 to 128 UTF-8 bytes, no control characters, no path separators, and not
    /// `.` or `..`, so that an id can name a file and can never name a path outside a folder.
    static func id(_ id: String, field: String) throws(StoryKitError) {
        guard !id.isEmpty else { throw StoryKitError(.invalidArgument, "\(field) must not be empty") }
        guard id.utf8.count <= maxIDBytes else {
            throw StoryKitError(.invalidArgument, "\(field) is \(id.utf8.count) bytes long, over the limit of \(maxIDBytes)")
        }
        guard id != ".", id != ".." else { throw StoryKitError(.invalidArgument, "\(field) must not be \"\(id)\"") }
        if let bad = id.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "/" || $0 == "\\" }) {
            throw StoryKitError(.invalidArgument, "\(field) must not contain \(bad.value < 0x20 || bad.value == 0x7F ? "control characters" : "'\(bad)'")")
        }
    }

    /// Text that must hold something other than white space, and at most `maxCharacters`.
    static func text(_ text: String, field: String, maxCharacters: Int) throws(StoryKitError) {
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw StoryKitError(.invalidArgument, "\(field) must not be empty")
        }
        try optionalText(text, field: field, maxCharacters: maxCharacters)
    }

    /// Text of at most `maxCharacters`; may be empty.
    static func optionalText(_ text: String, field: String, maxCharacters: Int) throws(StoryKitError) {
        guard text.unicodeScalars.count <= maxCharacters else {
            throw StoryKitError(.invalidArgument, "\(field) is longer than \(maxCharacters) characters")
        }
    }
}
