extension RecordStore {
    /// Saves a record given as JSON, validated for its collection (the C ABI's form).
    public func putRecord(_ record: JSONValue, id: String, in collection: StoreCollection) throws(StoryKitError) {
        try engine.put(record, id: id, in: collection)
        if collection == .preferences, id == PreferenceKey.theme, let theme = try? ThemePreference(json: record) {
            themeObservers.notify(theme)
        }
    }

    /// A record as JSON; `.notFound` when there is none.
    public func record(id: String, in collection: StoreCollection) throws(StoryKitError) -> JSONValue {
        try engine.get(id: id, in: collection)
    }

    /// A record as compact JSON bytes; `.notFound` when there is none.
    public func encodedRecord(id: String, in collection: StoreCollection) throws(StoryKitError) -> [UInt8] {
        try engine.encodedRecord(id: id, in: collection)
    }

    /// Removes a record; `.notFound` when there is none.
    public func deleteRecord(id: String, in collection: StoreCollection) throws(StoryKitError) {
        try engine.delete(id: id, in: collection)
    }

    /// A page of records as JSON, in creation order (preferences by key).
    public func listRecords(in collection: StoreCollection, after: String?, limit: Int) throws(StoryKitError)
        -> RecordPage<(id: String, record: JSONValue)>
    {
        try engine.list(in: collection, after: after, limit: limit)
    }

    /// Saves an image (the C ABI's synchronous form).
    public func putImage(_ bytes: [UInt8], mimeType: ImageMIMEType, id: String) throws(StoryKitError) {
        try engine.putImage(bytes, mimeType: mimeType, id: id)
    }

    /// Reads an image (the C ABI's synchronous form).
    public func getImage(id: String) throws(StoryKitError) -> (bytes: [UInt8], mimeType: ImageMIMEType) {
        try engine.getImage(id: id)
    }

    /// Removes an image (the C ABI's synchronous form).
    public func removeImage(id: String) throws(StoryKitError) {
        try engine.deleteImage(id: id)
    }
}

extension RecordStore {
    /// Learns `word` with `use`, durably, or changes its use (the C ABI's synchronous form of
    /// `words.save`). Any spelling of a word learned before in case and marks (`ZORBAX` for
    /// `Zorbax`) changes that word's use and keeps its first spelling.
    /// - Throws: `.invalidArgument` naming the word (`LearnedWord.check(_:)`); `.limit` past
    ///   `LearnedWord.maxCount` words; `.io`.
    public func learnWord(_ word: String, as use: LearnedWord.Use = .known) throws(StoryKitError) {
        let learned = try LearnedWord(word, use: use)
        try putRecord(learned.json, id: learned.id, in: .words)
    }

    /// Forgets a learned or ignored word, given in any spelling of it in case and marks;
    /// `.notFound` ("no learned word …") when it was not learned.
    public func unlearnWord(_ word: String) throws(StoryKitError) {
        let learned = try LearnedWord(word)
        do throws(StoryKitError) {
            try deleteRecord(id: learned.id, in: .words)
        } catch  where error.code == .notFound {
            throw StoryKitError(.notFound, "no learned word \"\(learned.word)\"")
        }
    }

    /// Every learned word, in the order learned; a record that cannot be read is skipped (the
    /// listing of the "words" collection reports it).
    public func learnedWords() throws(StoryKitError) -> [LearnedWord] {
        var words: [LearnedWord] = []
        // Records of one word in several spellings remain only where a store written before
        // words were keyed could not be moved: read as one, first spelling and last use.
        var index: [String: Int] = [:]
        var after: String?
        repeat {
            let page = try engine.list(in: .words, after: after, limit: RecordRules.maxPageSize)
            for entry in page.items {
                guard let word = try? LearnedWord(json: entry.record) else { continue }
                if let earlier = index[word.id] {
                    words[earlier].use = word.use
                } else {
                    index[word.id] = words.count
                    words.append(word)
                }
            }
            after = page.nextAfter
        } while after != nil
        return words
    }
}
