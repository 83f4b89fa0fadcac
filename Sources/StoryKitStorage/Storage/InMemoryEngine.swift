/// The engine of ``InMemoryStore``: the same rules as the file store, kept in memory.
final class InMemoryEngine: RecordEngine {
    private struct State {
        var records: [StoreCollection: [String: (createdAt: Int64, record: JSONValue)]] = [:]
        var lastCreatedAt: Int64 = 0
        var images: [String: (bytes: [UInt8], mimeType: ImageMIMEType)] = [:]
    }

    private let state = LockedValue(State())

    func put(_ record: JSONValue, id: String, in collection: StoreCollection) throws(StoryKitError) {
        try RecordRules.check(record, id: id, in: collection)
        try state.withLock { (state) throws(StoryKitError) in
            if let existing = state.records[collection]?[id] {
                state.records[collection]?[id] = (existing.createdAt, record)
            } else {
                try RecordRules.checkRoom(in: collection, holding: state.records[collection]?.count ?? 0, for: id)
                // Strictly increasing, as in the file store, so creation order is exact.
                state.lastCreatedAt = max(FileSystem.nowMilliseconds(), state.lastCreatedAt + 1)
                state.records[collection, default: [:]][id] = (state.lastCreatedAt, record)
            }
        }
    }

    func get(id: String, in collection: StoreCollection) throws(StoryKitError) -> JSONValue {
        try RecordRules.checkKey(id, in: collection)
        guard let entry = state.withLock({ $0.records[collection]?[id] }) else {
            throw RecordRules.notFound(id, in: collection)
        }
        return entry.record
    }

    func delete(id: String, in collection: StoreCollection) throws(StoryKitError) {
        try RecordRules.checkKey(id, in: collection)
        let removed = state.withLock { $0.records[collection]?.removeValue(forKey: id) }
        guard removed != nil else {
            throw RecordRules.notFound(id, in: collection)
        }
    }

    func list(in collection: StoreCollection, after: String?, limit: Int) throws(StoryKitError) -> RecordPage<
        (id: String, record: JSONValue)
    > {
        try RecordRules.checkLimit(limit)
        let records = state.withLock { $0.records[collection] ?? [:] }
        let ordered = records.sorted { lhs, rhs in
            // Preferences list by key, records by creation, as in the file store.
            if collection != .preferences, lhs.value.createdAt != rhs.value.createdAt {
                return lhs.value.createdAt < rhs.value.createdAt
            }
            return lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
        }
        let (items, nextAfter) = try RecordRules.page(ordered, id: \.key, after: after, limit: limit)
        return RecordPage(items: items.map { ($0.key, $0.value.record) }, nextAfter: nextAfter)
    }

    func putImage(_ bytes: [UInt8], mimeType: ImageMIMEType, id: String) throws(StoryKitError) {
        try RecordRules.checkID(id, "illustration id")
        guard bytes.count <= FileSystem.maxFileBytes else {
            throw StoryKitError(
                .limit, "the image is \(bytes.count) bytes, over the limit of \(FileSystem.maxFileBytes)")
        }
        state.withLock { $0.images[id] = (bytes, mimeType) }
    }

    func getImage(id: String) throws(StoryKitError) -> (bytes: [UInt8], mimeType: ImageMIMEType) {
        try RecordRules.checkID(id, "illustration id")
        guard let image = state.withLock({ $0.images[id] }) else {
            throw StoryKitError(.notFound, "no illustration \"\(id)\"")
        }
        return image
    }

    func deleteImage(id: String) throws(StoryKitError) {
        try RecordRules.checkID(id, "illustration id")
        guard state.withLock({ $0.images.removeValue(forKey: id) }) != nil else {
            throw StoryKitError(.notFound, "no illustration \"\(id)\"")
        }
    }
}
