extension Vocabulary {
    /// The vocabulary last read from JSON, by its JSON: a host that sends the same words with
    /// every call (a writer's learned words) has them checked and folded once, not per call.
    /// It holds no words of its own: the answer is the one the JSON gives.
    private static let lastRead = LockedValue<(json: JSONValue, vocabulary: Vocabulary)?>(nil)

    /// The vocabulary at `"vocabulary"` of `reader` (`{"known": […], "ignored": […]}`), empty
    /// when absent or null; an error names the field and the word.
    package static func read(_ reader: inout JSONFieldReader) throws(StoryKitError) -> Vocabulary {
        let name = reader.name("vocabulary")
        guard var fields = try reader.optionalObject("vocabulary") else { return Vocabulary() }
        let json = fields.value
        if let last = lastRead.withLock({ $0 }), last.json == json { return last.vocabulary }
        let known = try fields.strings("known"), ignored = try fields.strings("ignored")
        try fields.finish()
        let vocabulary: Vocabulary
        do {
            vocabulary = try Vocabulary(known: known, ignored: ignored)
        } catch {
            throw StoryKitError(error.code, "\(name): \(error.message)")
        }
        lastRead.withLock { $0 = (json, vocabulary) }
        return vocabulary
    }
}
