#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The engine of ``FileStore``: one JSON file per record under `stories/`, `heroes/` and
/// `events/`, images under `Illustrations/`, preferences in `preferences.json`; each record
/// and image file is named by ``RecordFileName``.
///
/// The process holds an advisory lock on the root while the engine lives (unless suspended),
/// so it is the only writer, and the records it has read stay valid in memory: reads after
/// the first are served from memory, and writes go to disk durably before memory is updated.
final class FileEngine: RecordEngine {
    private struct Entry {
        var createdAt: Int64
        /// The record, or why its file could not be read.
        var record: Result<JSONValue, StoryKitError>
        /// The record as compact JSON, kept so that reads need not write it again.
        var encoded: [UInt8] = []
        /// Files an older release wrote for this id under other names (the id itself, or a
        /// second spelling of it): replaced by the current name on the next write.
        var staleFiles: [String] = []
        /// When the file was last written, to choose among several files for one id.
        var updatedAt: Int64 = 0
    }

    /// Whether the engine holds the root's lock.
    private enum LockState {
        /// Locked: the descriptor that holds the lock.
        case held(Int32)
        /// No lock to hold: read-only media without a lock file, or a file system with no locks.
        case none
        /// Released by ``FileEngine/suspend()``; `relock` says whether ``FileEngine/resume()``
        /// takes it again.
        case suspended(relock: Bool)
    }

    private struct State {
        var entries: [StoreCollection: [String: Entry]] = [:]
        var lastCreatedAt: [StoreCollection: Int64] = [:]
        var preferences: JSONObject?
        var lock: LockState

        /// Throws `.state` while the store is suspended.
        func checkActive() throws(StoryKitError) {
            if case .suspended = lock {
                throw StoryKitError(.state, "the store is suspended: resume it before using it again")
            }
        }
    }

    let root: String
    /// The root folder, open for the engine's life: every path below it is reached from here.
    private let rootFolder: StoreFolder
    private let state: LockedValue<State>

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
        rootFolder = try StoreFolder.openRoot(trimmed, create: create)
        let descriptor = try rootFolder.lock(FileSystem.lockFileName)
        state = LockedValue(State(lock: descriptor.map(LockState.held) ?? .none))
        removeLeftoverTemporaryFiles()
    }

    deinit {
        state.withLock { state in
            if case .held(let descriptor) = state.lock { close(descriptor) }
        }
    }

    // MARK: Suspension

    /// Releases the root's lock and refuses every call until ``resume()``.
    func suspend() {
        state.withLock { state in
            switch state.lock {
            case .held(let descriptor):
                close(descriptor)
                state.lock = .suspended(relock: true)
            case .none:
                state.lock = .suspended(relock: false)
            case .suspended:
                break
            }
        }
    }

    /// Takes the lock again and forgets what was read, since another process may have
    /// written while the lock was released. `.io` when another process or handle holds it:
    /// the store stays suspended.
    func resume() throws(StoryKitError) {
        try state.withLock { (state) throws(StoryKitError) in
            guard case .suspended(let relock) = state.lock else { return }
            if relock, let descriptor = try rootFolder.lock(FileSystem.lockFileName) {
                state.lock = .held(descriptor)
            } else {
                state.lock = .none
            }
            state.entries = [:]
            state.lastCreatedAt = [:]
            state.preferences = nil
        }
    }

    /// A collection's folder, created when `create` is true; `nil` when it does not exist.
    private func folder(_ collection: StoreCollection, create: Bool = false) throws(StoryKitError) -> StoreFolder? {
        try rootFolder.subfolder(collection.rawValue, create: create)
    }

    /// Temporary files of writes a crash interrupted; their records were never acknowledged.
    /// A folder that is a link is left alone: the store never reaches outside its root.
    private func removeLeftoverTemporaryFiles() {
        let names = StoreCollection.allCases.filter { $0 != .preferences }.map(\.rawValue) + [Self.illustrationsFolder]
        let folders = [rootFolder] + names.compactMap { try? rootFolder.subfolder($0, create: false) }
        for folder in folders {
            for name in (try? folder.names()) ?? [] where name.hasSuffix(".tmp") {
                try? folder.remove(name)
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
            try state.checkActive()
            try load(collection, &state)
            let now = FileSystem.nowMilliseconds()
            let existing = state.entries[collection]?[id]
            if existing == nil {
                try RecordRules.checkRoom(in: collection, holding: state.entries[collection]?.count ?? 0, for: id)
            }
            let createdAt: Int64
            if let existing, case .success = existing.record {
                createdAt = existing.createdAt
            } else {
                // Strictly increasing, so creation order is exact even within a millisecond.
                createdAt = max(now, (state.lastCreatedAt[collection] ?? 0) + 1)
                state.lastCreatedAt[collection] = createdAt
            }
            let envelope = RecordEnvelope(id: id, createdAt: createdAt, updatedAt: now, record: record)
            let bytes = try Self.readableBytes(of: envelope, what: "record \"\(id)\"")
            guard let folder = try folder(collection, create: true) else {
                throw StoryKitError(.internal, "a created folder is missing")
            }
            try folder.writeDurably(bytes, name: Self.fileName(id))
            state.entries[collection, default: [:]][id] = Entry(
                createdAt: createdAt, record: .success(record), encoded: record.utf8Bytes(), updatedAt: now)
            // The new file holds the record now; an older release's files for it would bring
            // back the old version on the next open.
            for stale in existing?.staleFiles ?? [] {
                try? folder.remove(stale)
            }
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
            try state.checkActive()
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
            try state.checkActive()
            try load(collection, &state)
            guard let entry = state.entries[collection]?[id] else {
                throw RecordRules.notFound(id, in: collection)
            }
            guard let folder = try folder(collection) else { throw RecordRules.notFound(id, in: collection) }
            for name in [Self.fileName(id)] + entry.staleFiles {
                do throws(StoryKitError) {
                    try folder.remove(name)
                } catch  where error.code == .notFound {
                    continue
                }
            }
            state.entries[collection]?[id] = nil
        }
    }

    func list(in collection: StoreCollection, after: String?, limit: Int) throws(StoryKitError) -> RecordPage<
        (id: String, record: JSONValue)
    > {
        try RecordRules.checkLimit(limit)
        if collection == .preferences {
            let members = try preferences().members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            let (items, nextAfter) = try RecordRules.page(members, id: \.key, after: after, limit: limit)
            return RecordPage(items: items.map { ($0.key, $0.value) }, nextAfter: nextAfter)
        }
        return try state.withLock { (state) throws(StoryKitError) -> RecordPage<(id: String, record: JSONValue)> in
            try state.checkActive()
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

    /// The file of a record.
    private static func fileName(_ id: String) -> String {
        RecordFileName.encode(id) + ".json"
    }

    /// Reads a collection's records into memory, once; unreadable records are kept with
    /// their error so that they are reported, not lost or fatal.
    ///
    /// A record's id is the one its file holds. Its file name is the id's ``RecordFileName``,
    /// or, for files an older release wrote, the id itself; when several files hold one id
    /// (the two spellings of `é` that an older release kept apart on Linux), the newest is
    /// the record and the others are replaced by the next write.
    private func load(_ collection: StoreCollection, _ state: inout State) throws(StoryKitError) {
        guard state.entries[collection] == nil else { return }
        var entries: [String: Entry] = [:]
        var newest: Int64 = 0
        let folder = try folder(collection)
        let names = try folder?.names() ?? []
        var taken = Set(names)
        for name in names where name.hasSuffix(".json") {
            let stem = String(name.dropLast(5))
            let id: String
            var entry: Entry
            do throws(StoryKitError) {
                guard let folder, let bytes = try folder.read(name) else { continue }
                let envelope = try RecordEnvelope(bytes: bytes, describedAs: RecordFileName.decode(stem) ?? stem)
                guard name == Self.fileName(envelope.id) || stem == envelope.id else {
                    throw StoryKitError(
                        .parse,
                        "\(collection.rawValue)/\(name) holds record \"\(envelope.id)\", which is not the record its name says"
                    )
                }
                id = envelope.id
                entry = Entry(
                    createdAt: envelope.createdAt, record: .success(envelope.record),
                    encoded: envelope.record.utf8Bytes(),
                    updatedAt: envelope.updatedAt)
                newest = max(newest, envelope.createdAt)
            } catch {
                id = RecordFileName.decode(stem) ?? stem
                entry = Entry(createdAt: 0, record: .failure(error))
            }
            let current = Self.fileName(id)
            if name != current {
                // An older release's name: moved to the current one when that is free, so
                // that no other id's file can ever take it.
                if !taken.contains(current), let folder, (try? folder.rename(name, to: current)) != nil {
                    taken.insert(current)
                } else {
                    entry.staleFiles.append(name)
                }
            }
            if let other = entries[id] {
                // Two files hold one id: the newer readable one is the record.
                var (kept, dropped) = Self.isPreferred(entry, over: other) ? (entry, other) : (other, entry)
                kept.staleFiles += dropped.staleFiles
                entries[id] = kept
            } else {
                entries[id] = entry
            }
        }
        state.entries[collection] = entries
        state.lastCreatedAt[collection] = newest
    }

    /// The file contents of `envelope`, checked to read back: a write the store could not
    /// read again (nested past the parser's depth once wrapped, or past the file size limit)
    /// is refused with `.limit` rather than making the record, or every preference,
    /// unreadable.
    private static func readableBytes(of envelope: RecordEnvelope, what: String) throws(StoryKitError) -> [UInt8] {
        let bytes = envelope.json.utf8Bytes()
        guard bytes.count <= FileSystem.maxFileBytes else {
            throw StoryKitError(
                .limit,
                "\(what) would be a file of \(bytes.count) bytes, over the store's limit of \(FileSystem.maxFileBytes)")
        }
        do throws(JSONParseError) {
            try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in try JSONValue.validate(utf8: buffer)
            }
        } catch {
            let limit = JSONParserLimits.default.maxDepth
            throw StoryKitError(
                .limit,
                "\(what) is nested too deeply to be read back: the store wraps a record in \(envelope.id == preferencesFile ? 2 : 1) more level(s), and files are read to a depth of \(limit)"
            )
        }
        return bytes
    }

    /// Of two files for one id, whether `entry` is the record: a readable one over an
    /// unreadable one, then the one written last.
    private static func isPreferred(_ entry: Entry, over other: Entry) -> Bool {
        switch (entry.record, other.record) {
        case (.success, .failure): true
        case (.failure, .success): false
        default: entry.updatedAt > other.updatedAt
        }
    }

    // MARK: Preferences

    private func preferences() throws(StoryKitError) -> JSONObject {
        try state.withLock { (state) throws(StoryKitError) -> JSONObject in
            try state.checkActive()
            return try loadPreferences(&state)
        }
    }

    private func loadPreferences(_ state: inout State) throws(StoryKitError) -> JSONObject {
        if let preferences = state.preferences { return preferences }
        var values = JSONObject()
        if let bytes = try rootFolder.read(Self.preferencesFile) {
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
            try state.checkActive()
            var values = try loadPreferences(&state)
            change(&values)
            let now = FileSystem.nowMilliseconds()
            let envelope = RecordEnvelope(
                id: Self.preferencesFile, createdAt: now, updatedAt: now, record: .object(values))
            let bytes = try Self.readableBytes(of: envelope, what: "the preferences")
            try rootFolder.writeDurably(bytes, name: Self.preferencesFile)
            state.preferences = values
        }
    }

    // MARK: Images

    /// The images' folder, created when `create` is true; `nil` when it does not exist.
    private func illustrations(create: Bool = false) throws(StoryKitError) -> StoreFolder? {
        try rootFolder.subfolder(Self.illustrationsFolder, create: create)
    }

    /// The names an image of `id` may have, without the extension: its ``RecordFileName``,
    /// then the id itself as an older release named it, unless that is another id's name.
    private static func imageStems(_ id: String) -> [String] {
        let current = RecordFileName.encode(id)
        return current == id || RecordFileName.decode(id) != nil ? [current] : [current, id]
    }

    func putImage(_ bytes: [UInt8], mimeType: ImageMIMEType, id: String) throws(StoryKitError) {
        try RecordRules.checkID(id, "illustration id")
        guard bytes.count <= FileSystem.maxFileBytes else {
            throw StoryKitError(
                .limit, "the image is \(bytes.count) bytes, over the limit of \(FileSystem.maxFileBytes)")
        }
        try state.withLock { (state) throws(StoryKitError) in
            try state.checkActive()
            let stems = Self.imageStems(id)
            let name = "\(stems[0]).\(mimeType.fileExtension)"
            guard let illustrations = try illustrations(create: true) else {
                throw StoryKitError(.internal, "a created folder is missing")
            }
            try illustrations.writeDurably(bytes, name: name)
            // One image per id: any other file for the id is now stale.
            for stem in stems {
                for other in ImageMIMEType.allCases where "\(stem).\(other.fileExtension)" != name {
                    do throws(StoryKitError) {
                        try illustrations.remove("\(stem).\(other.fileExtension)")
                    } catch  where error.code == .notFound {
                        continue
                    }
                }
            }
        }
    }

    func getImage(id: String) throws(StoryKitError) -> (bytes: [UInt8], mimeType: ImageMIMEType) {
        try RecordRules.checkID(id, "illustration id")
        try state.withLock { (state) throws(StoryKitError) in try state.checkActive() }
        guard let illustrations = try illustrations() else {
            throw StoryKitError(.notFound, "no illustration \"\(id)\"")
        }
        for stem in Self.imageStems(id) {
            for mimeType in ImageMIMEType.allCases {
                if let bytes = try illustrations.read("\(stem).\(mimeType.fileExtension)") {
                    return (bytes, mimeType)
                }
            }
        }
        throw StoryKitError(.notFound, "no illustration \"\(id)\"")
    }

    func deleteImage(id: String) throws(StoryKitError) {
        try RecordRules.checkID(id, "illustration id")
        try state.withLock { (state) throws(StoryKitError) in
            try state.checkActive()
            guard let illustrations = try illustrations() else {
                throw StoryKitError(.notFound, "no illustration \"\(id)\"")
            }
            var removed = false
            for stem in Self.imageStems(id) {
                for mimeType in ImageMIMEType.allCases {
                    do throws(StoryKitError) {
                        try illustrations.remove("\(stem).\(mimeType.fileExtension)")
                        removed = true
                    } catch  where error.code == .notFound {
                        continue
                    }
                }
            }
            guard removed else { throw StoryKitError(.notFound, "no illustration \"\(id)\"") }
        }
    }
}
