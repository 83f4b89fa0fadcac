/// The checks models share, each throwing an `.invalidArgument` that names the field.
package enum ModelValidation {
    /// The longest record id, in UTF-8 bytes.
    package static let maxIDBytes = 128

    /// A record id: 1 to 128 UTF-8 bytes, no control characters (C0, DEL, C1), no line or
    /// paragraph separators, no bidirectional controls (which make an id read differently
    /// from its bytes), no path separators, and not `.` or `..`, so that an id can name a
    /// file and can never name a path outside a folder.
    package static func id(_ id: String, field: String) throws(StoryKitError) {
        guard !id.isEmpty else { throw StoryKitError(.invalidArgument, "\(field) must not be empty") }
        guard id.utf8.count <= maxIDBytes else {
            throw StoryKitError(
                .invalidArgument, "\(field) is \(id.utf8.count) bytes long, over the limit of \(maxIDBytes)")
        }
        guard id != ".", id != ".." else { throw StoryKitError(.invalidArgument, "\(field) must not be \"\(id)\"") }
        for scalar in id.unicodeScalars {
            if let problem = idProblem(scalar) {
                throw StoryKitError(.invalidArgument, "\(field) must not contain \(problem)")
            }
        }
    }

    /// What is wrong with `scalar` in an id, or `nil` when it may appear.
    private static func idProblem(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F:
            "control characters (U+\(hex(scalar.value, width: 4)))"
        case 0x2028, 0x2029:
            "line or paragraph separators (U+\(hex(scalar.value, width: 4)))"
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            "bidirectional controls (U+\(hex(scalar.value, width: 4)))"
        case 0x2F, 0x5C:
            "'\(scalar)'"
        default:
            nil
        }
    }

    /// Text that must hold something other than white space, and at most `maxCharacters`.
    package static func text(_ text: String, field: String, maxCharacters: Int) throws(StoryKitError) {
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw StoryKitError(.invalidArgument, "\(field) must not be empty")
        }
        try optionalText(text, field: field, maxCharacters: maxCharacters)
    }

    /// Text of at most `maxCharacters`; may be empty.
    package static func optionalText(_ text: String, field: String, maxCharacters: Int) throws(StoryKitError) {
        guard text.unicodeScalars.count <= maxCharacters else {
            throw StoryKitError(.invalidArgument, "\(field) is longer than \(maxCharacters) characters")
        }
    }
}
