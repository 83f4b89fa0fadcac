extension Vocabulary {
    /// The vocabulary at `"vocabulary"` of `reader` (`{"known": […], "ignored": […]}`), empty
    /// when absent or null; an error names the field and the word.
    package static func read(_ reader: inout JSONFieldReader) throws(StoryKitError) -> Vocabulary {
        guard var fields = try reader.optionalObject("vocabulary") else { return Vocabulary() }
        let known = try fields.strings("known"), ignored = try fields.strings("ignored")
        try fields.finish()
        do {
            return try Vocabulary(known: known, ignored: ignored)
        } catch {
            throw StoryKitError(error.code, "\(reader.name("vocabulary")): \(error.message)")
        }
    }
}
