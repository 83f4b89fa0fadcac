/// Checks shared by every engine, so both stores treat bad input alike.
enum RecordRules {
    /// The largest `limit` a listing accepts.
    static let maxPageSize = 1000

    /// A key: the record id rules (1 to 128 bytes, no control characters, no `/` or `\`,
    /// not `.` or `..`), so that it can name a file and never a path outside the root.
    static func checkID(_ id: String, _ what: String = "record id") throws(StoryKitError) {
        try ModelValidation.id(id, field: what)
    }

    /// Checks a record id, or a preference key for the preferences collection.
    static func checkKey(_ id: String, in collection: StoreCollection) throws(StoryKitError) {
        try checkID(id, collection == .preferences ? "preference key" : "record id")
    }

    /// The error for a missing record or preference.
    static func notFound(_ id: String, in collection: StoreCollection) -> StoryKitError {
        StoryKitError(
            .notFound,
            collection == .preferences ? "no preference \"\(id)\"" : "no record \"\(id)\" in \(collection.rawValue)")
    }

    /// `.limit` when a new record would take `collection` past its most records (`count`
    /// held now); only the writer's words have such a limit.
    static func checkRoom(in collection: StoreCollection, holding count: Int, for id: String) throws(StoryKitError) {
        guard collection == .words, count >= LearnedWord.maxCount else { return }
        throw StoryKitError(
            .limit, "the store holds at most \(LearnedWord.maxCount) words; \"\(id)\" would be one more")
    }

    static func checkLimit(_ limit: Int) throws(StoryKitError) {
        guard (1...maxPageSize).contains(limit) else {
            throw StoryKitError(.invalidArgument, "limit must be from 1 to \(maxPageSize), not \(limit)")
        }
    }

    /// Validates a record for its collection: a model of the collection's type whose `id`
    /// is the key; preferences take any JSON value, and the theme must be a theme.
    static func check(_ record: JSONValue, id: String, in collection: StoreCollection) throws(StoryKitError) {
        try checkID(id, collection == .preferences ? "preference key" : "record id")
        let recordID: String
        switch collection {
        case .stories: recordID = try Story(json: record).id
        case .heroes: recordID = try Hero(json: record).id
        case .events: recordID = try CustomEvent(json: record).id
        case .corrections: recordID = try CorrectionRecord(json: record).id
        case .words: recordID = try LearnedWord(json: record).id
        case .preferences:
            if id == PreferenceKey.theme { _ = try ThemePreference(json: record) }
            return
        }
        guard recordID == id else {
            throw StoryKitError(
                .invalidArgument, "the record's id \"\(recordID)\" is not the key \"\(id)\" it is stored under")
        }
    }

    /// One page of `entries`, already in order; `.notFound` when `after` names no entry.
    static func page<Entry>(_ entries: [Entry], id: (Entry) -> String, after: String?, limit: Int) throws(StoryKitError)
        -> (items: ArraySlice<Entry>, nextAfter: String?)
    {
        var start = entries.startIndex
        if let after {
            guard let position = entries.firstIndex(where: { id($0) == after }) else {
                throw StoryKitError(.notFound, "no record \"\(after)\" to list after")
            }
            start = position + 1
        }
        let end = min(entries.endIndex, start + limit)
        let items = entries[start..<end]
        return (items, end < entries.endIndex ? items.last.map(id) : nil)
    }
}
