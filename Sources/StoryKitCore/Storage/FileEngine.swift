#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The engine of ``FileStore``: one JSON file per record under `stories/`, `heroes/` and
/// `events/`, images under `Illustrations/`, preferences in `preferences.json`.
///
/// The process holds an advisory lock on the root while the engine lives, so it is the only
/// writer, and the records it has read stay valid in memory: reads after the first are
/// served from memory, and writes go to disk durably before memory is updated.
final class FileEngine: RecordEngine {
    private struct Entry {
        var createdAt: Int64
        /// The record, or why its file could not be read.
        var record: Result<JSONValue, StoryKitError>
        /// The record as compact JSON, kept so that reads need not write it again.
        var encoded: [UInt8] = []
    }

    private struct State {
        var entries: [StoreCollection: [String: Entry]] = [:]
        var lastCreatedAt: [StoreCollection: Int64] = [:]
        var preferences: JSONObject?
    }

    let root: String
    /// `nil` when the root cannot be written and has no lock file (see `FileSystem.lock`).
    private let lockDescriptor: Int32?
    private let state = LockedValue(State())

    static let illustrationsFolder = "Illustrations"
    private static let preferencesFile = "preferences.json"

    /// Opens (and with `create`, creates) the store at `root`.
    ///
    /// - Throws: `.notFound` for a missing root without `create`; `.io` when another process
    ///   or handle has the store open, or the file system refuses.
    init(root: String, create: Bool) throws(StoryKitError) {
        guard !root.isEmpty, !root.utf8.contains(0) else {
            throw StoryKitError(.invalidArgument, "the store's root path is empty or holds a NUL byte")
        }
        var trimmed = root
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.root = trimmed
        if create { try FileSystem.createDirectory(trimmed) }
        var status = stat()
        guard stat(trimmed, &status) == 0 else { throw FileSystem.failure("open the store at", trimmed) }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw StoryKitError(.invalidArgument, "the store's root \(trimmed) is not a folder")
        }
        lockDescriptor = try FileSystem.lock(trimmed + "/" + FileSystem.lockFileName)
        removeLeftoverTemporaryFiles()
    }

    deinit {
        if let lockDescriptor { close(lockDescriptor) }
    }

    private func folder(_ collection: StoreCollection) -> String {
        root + "/" + collection.rawValue
    }

    /// Temporary files of writes a crash interrupted; their records were never acknowledged.
    private func removeLeftoverTemporaryFiles() {
        let recordFolders = StoreCollection.allCases.filter { $0 != .preferences }.map(folder)
        for folder in recordFolders + [root, illustrations] {
            for name in (try? FileSystem.names(in: folder)) ?? [] where name.hasSuffix(".tmp") {
                unlink(folder + "/" + name)
            }
        }
    }

    // MARK: Records

    func put(_ record: JSONValue, id: String, in collection: StoreCollection) throws(StoryKitError) {
        try RecordRules.check(record, id: id, in: collection)
        if collection == .preferences {
            try updatePreferences { $0[id] = record }
            return
        }
        try state.withLock { (state) throws(StoryKitError) in
            try load(collection, &state)
            let now = FileSystem.nowMilliseconds()
            let existing = state.entries[collection]?[id]
            let createdAt: Int64
            if let existing, case .success = existing.record {
                createdAt = existing.createdAt
            } else {
                // Strictly increasing, so creation order is exact even within a millisecond.
                createdAt = max(now, (state.lastCreatedAt[collection] ?? 0) + 1)
                state.lastCreatedAt[collection] = createdAt
            }
            let envelope = RecordEnvelope(id: id, createdAt: createdAt, updatedAt: now, record: record)
            try FileSystem.createDirectory(folder(collection))
            try FileSystem.writeDurably(envelope.json.utf8Bytes(), folder: folder(collection), name: id + ".json")
            state.entries[collection, default: [:]][id] = Entry(createdAt: createdAt, record: .success(record), encoded: record.utf8Bytes())
        }
    }

    func get(id: String, in collection: StoreCollection) throws(StoryKitError) -> JSONValue {
        try RecordRules.checkKey(id, in: collection)
        if collection == .preferences {
            guard let value = try preferences()[id] else { throw RecordRules.notFound(id, in: collection) }
            return value
        }
        return try entry(id: id, in: collection).record.get()
    }

    func encodedRecord(id: String, in collection: StoreCollection) throws(StoryKitError) -> [UInt8] {
        guard collection != .preferences else { return try get(id: id, in: collection).utf8Bytes() }
        try RecordRules.checkID(id)
        let entry = try entry(id: id, in: collection)
        _ = try entry.record.get()
        return entry.encoded
    }

    /// The entry of a record, loading its collection first; `.notFound` when there is none.
    private func entry(id: String, in collection: StoreCollection) throws(StoryKitError) -> Entry {
        try state.withLock { (state) throws(StoryKitError) -> Entry in
            try load(collection, &state)
            guard let entry = state.entries[collection]?[id] else { throw RecordRules.notFound(id, in: collection) }
            return entry
        }
    }

    func delete(id: String, in collection: StoreCollection) throws(StoryKitError) {
        try RecordRules.checkKey(id, in: collection)
        if collection == .preferences {
            guard try preferences()[id] != nil else { throw RecordRules.notFound(id, in: collection) }
            try updatePreferences { $0[id] = nil }
            return
        }
        try state.withLock { (state) throws(StoryKitError) in
            try load(collection, &state)
            guard state.entries[collection]?[id] != nil else {
                throw RecordRules.notFound(id, in: collection)
            }
            try FileSystem.remove(id + ".json", folder: folder(collection))
            state.entries[collection]?[id] = nil
        }
    }

    func list(in collection: StoreCollection, after: String?, limit: Int) throws(StoryKitError) -> RecordPage<(id: String, record: JSONValue)> {
        try RecordRules.checkLimit(limit)
        if collection == .preferences {
            let members = try preferences().members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            let (items, nextAfter) = try RecordRules.page(members, id: \.key, after: after, limit: limit)
            return RecordPage(items: items.map { ($0.key, $0.value) }, nextAfter: nextAfter)
        }
        return try state.withLock { (state) throws(StoryKitError) -> RecordPage<(id: String, record: JSONValue)> in
            try load(collection, &state)
            let ordered = (state.entries[collection] ?? [:]).sorted { lhs, rhs in
                lhs.value.createdAt != rhs.value.createdAt
                    ? lhs.value.createdAt < rhs.value.createdAt
                    : lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
            }
            let (span, nextAfter) = try RecordRules.page(ordered, id: \.key, after: after, limit: limit)
            var items: [(id: String, record: JSONValue)] = []
            var problems: [StoreProblem] = []
            for (id, entry) in span {
                switch entry.record {
                case .success(let record): items.append((id, record))
                case .failure(let error): problems.append(StoreProblem(id: id, message: error.message))
                }
            }
            return RecordPage(items: items, nextAfter: nextAfter, problems: problems)
        }
    }

    /// Reads a collection's records into memory, once; unreadable records are kept with
    /// their error so that they are reported, not lost or fatal.
    private func load(_ collection: StoreCollection, _ state: inout State) throws(StoryKitError) {
        guard state.entries[collection] == nil else { return }
        var entries: [String: Entry] = [:]
        var newest: Int64 = 0
        for name in try FileSystem.names(in: folder(collection)) where name.hasSuffix(".json") {
            let id = String(name.dropLast(5))
            let entry: Entry
            do throws(StoryKitError) {
                guard let bytes = try FileSystem.read(folder(collection) + "/" + name) else { continue }
                let envelope = try RecordEnvelope(bytes: bytes, expectedID: id)
                entry = Entry(createdAt: envelope.createdAt, record: .success(envelope.record), encoded: envelope.record.utf8Bytes())
                newest = max(newest, envelope.createdAt)
            } catch {
                entry = Entry(createdAt: 0, record: .failure(error))
            }
            entries[id] = entry
        }
        state.entries[collection] = entries
        state.lastCreatedAt[collection] = newest
    }

    // MARK: Preferences

    private func preferences() throws(StoryKitError) -> JSONObject {
        try state.withLock { (state) throws(StoryKitError) -> JSONObject in try loadPreferences(&state) }
    }

    private func loadPreferences(_ state: inout State) throws(StoryKitError) -> JSONObject {
        if let preferences = state.preferences { return preferences }
        var values = JSONObject()
        if let bytes = try FileSystem.read(root + "/" + Self.preferencesFile) {
            let envelope = try RecordEnvelope(bytes: bytes, expectedID: Self.preferencesFile)
            guard case .object(let object) = envelope.record else {
                throw StoryKitError(.parse, "record \"\(Self.preferencesFile)\" does not hold an object")
            }
            values = object
        }
        state.preferences = values
        return values
    }

    private func updatePreferences(_ change: (inout JSONObject) -> Void) throws(StoryKitError) {
        try state.withLock { (state) throws(StoryKitError) in
            var values = try loadPreferences(&state)
            change(&values)
            let now = FileSystem.nowMilliseconds()
            let envelope = RecordEnvelope(id: Self.preferencesFile, createdAt: now, updatedAt: now, record: .object(values))
            try FileSystem.writeDurably(envelope.json.utf8Bytes(), folder: root, name: Self.preferencesFile)
            state.preferences = values
        }
    }

    // MARK: Images

    private var illustrations: String { root + "/" + Self.illustrationsFolder }

    func putImage(_ bytes: [UInt8], mimeType: ImageMIMEType, id: String) throws(StoryKitError) {
        try RecordRules.checkID(id, "illustration id")
        guard bytes.count <= FileSystem.maxFileBytes else {
            throw StoryKitError(.limit, "the image is \(bytes.count) bytes, over the limit of \(FileSystem.maxFileBytes)")
        }
        try state.withLock { (_) throws(StoryKitError) in
            try FileSystem.createDirectory(illustrations)
            try FileSystem.writeDurably(bytes, folder: illustrations, name: "\(id).\(mimeType.fileExtension)")
            // One image per id: a file of another type for the same id is now stale.
            for other in ImageMIMEType.allCases where other != mimeType {
                do throws(StoryKitError) {
                    try FileSystem.remove("\(id).\(other.fileExtension)", folder: illustrations)
                } catch where error.code == .notFound {
                    continue
                }
            }
        }
    }

    func getImage(id: String) throws(StoryKitError) -> (bytes: [UInt8], mimeType: ImageMIMEType) {
        try RecordRules.checkID(id, "illustration id")
        for mimeType in ImageMIMEType.allCases {
            if let bytes = try FileSystem.read("\(illustrations)/\(id).\(mimeType.fileExtension)") {
                return (bytes, mimeType)
            }
        }
        throw StoryKitError(.notFound, "no illustration \"\(id)\"")
    }

    func deleteImage(id: String) throws(StoryKitError) {
        try RecordRules.checkID(id, "illustration id")
        try state.withLock { (_) throws(StoryKitError) in
            var removed = false
            for mimeType in ImageMIMEType.allCases {
                do throws(StoryKitError) {
                    try FileSystem.remove("\(id).\(mimeType.fileExtension)", folder: illustrations)
                    removed = true
                } catch where error.code == .notFound {
                    continue
                }
            }
            guard removed else { throw StoryKitError(.notFound, "no illustration \"\(id)\"") }
        }
    }
}
