/// An engine whose `words` collection is keyed as the corrector compares words
/// (``LearnedWord/key(of:)``): `Zorbax`, `zorbax` and `ZORBAX` find, replace and remove the
/// one record, and a record replaced keeps the spelling first learned. Every other collection
/// passes through unchanged.
struct WordKeyedEngine: RecordEngine {
    let base: any RecordEngine
    /// Whether the words of an older store were moved to their keys: done at the first use of
    /// the words collection, so opening a store reads none of its words.
    private let oldKeysFolded = LockedValue(false)

    init(base: any RecordEngine) {
        self.base = base
    }

    func put(_ record: JSONValue, id: String, in collection: StoreCollection) throws(StoryKitError) {
        guard collection == .words else { return try base.put(record, id: id, in: collection) }
        let key = try wordKey(id)
        var word = try LearnedWord(json: record)
        guard word.id == key else {
            throw StoryKitError(
                .invalidArgument, "the record's word \"\(word.word)\" is not the key \"\(id)\" it is stored under")
        }
        if let kept = try? LearnedWord(json: base.get(id: key, in: .words)), kept.word != word.word {
            word = try LearnedWord(kept.word, use: word.use)
        }
        try base.put(word.json, id: key, in: .words)
    }

    func get(id: String, in collection: StoreCollection) throws(StoryKitError) -> JSONValue {
        try base.get(id: collection == .words ? wordKey(id) : id, in: collection)
    }

    func encodedRecord(id: String, in collection: StoreCollection) throws(StoryKitError) -> [UInt8] {
        try base.encodedRecord(id: collection == .words ? wordKey(id) : id, in: collection)
    }

    func delete(id: String, in collection: StoreCollection) throws(StoryKitError) {
        try base.delete(id: collection == .words ? wordKey(id) : id, in: collection)
    }

    func list(in collection: StoreCollection, after: String?, limit: Int) throws(StoryKitError) -> RecordPage<
        (id: String, record: JSONValue)
    > {
        guard collection == .words else { return try base.list(in: collection, after: after, limit: limit) }
        foldOldWordKeysOnce()
        return try base.list(in: .words, after: after.map(Self.key), limit: limit)
    }

    func putImage(_ bytes: [UInt8], mimeType: ImageMIMEType, id: String) throws(StoryKitError) {
        try base.putImage(bytes, mimeType: mimeType, id: id)
    }

    func getImage(id: String) throws(StoryKitError) -> (bytes: [UInt8], mimeType: ImageMIMEType) {
        try base.getImage(id: id)
    }

    func deleteImage(id: String) throws(StoryKitError) {
        try base.deleteImage(id: id)
    }

    /// Moves the records of a store written before words were keyed this way (under the word as
    /// typed, one per spelling) to their keys: one record per key, with the spelling learned
    /// first and the use learned last. A key already written this way is newer than any of
    /// them and stays as it is. Each record is written under its key before the old ones are
    /// removed, so a failure part way loses nothing and the next open goes on.
    private func foldOldWordKeys() throws(StoryKitError) {
        var old: [(key: String, ids: [String], word: String, use: LearnedWord.Use)] = []
        var slot: [String: Int] = [:]
        var keyed: Set<String> = []
        var after: String?
        repeat {
            let page = try base.list(in: .words, after: after, limit: RecordRules.maxPageSize)
            for (id, record) in page.items {
                guard let word = try? LearnedWord(json: record) else { continue }
                // A record written keyed holds its word beside its id; an older one, only
                // its id, which is already its key when it was typed in lower case.
                if id == word.id, record["word"] != nil {
                    keyed.insert(id)
                } else if let index = slot[word.id] {
                    old[index].ids.append(id)
                    old[index].use = word.use
                } else {
                    slot[word.id] = old.count
                    old.append((word.id, [id], word.word, word.use))
                }
            }
            after = page.nextAfter
        } while after != nil
        for entry in old {
            if !keyed.contains(entry.key) {
                try base.put(LearnedWord(entry.word, use: entry.use).json, id: entry.key, in: .words)
            }
            for id in entry.ids where id != entry.key {
                do throws(StoryKitError) {
                    try base.delete(id: id, in: .words)
                } catch  where error.code == .notFound {
                    continue
                }
            }
        }
    }

    /// ``foldOldWordKeys()``, once per engine. Should the disk refuse, the records stay
    /// readable as they are (`learnedWords` reads them as one) and the next open tries again.
    private func foldOldWordKeysOnce() {
        oldKeysFolded.withLock { folded in
            guard !folded else { return }
            try? foldOldWordKeys()
            folded = true
        }
    }

    /// The key of a word's record id, once the words of an older store are moved to theirs.
    private func wordKey(_ id: String) throws(StoryKitError) -> String {
        foldOldWordKeysOnce()
        return try Self.key(id)
    }

    /// The key of a word's record id; the id rules first, so a bad id is named as one.
    private static func key(_ id: String) throws(StoryKitError) -> String {
        try RecordRules.checkID(id)
        return try LearnedWord.key(of: id)
    }
}
