/// Keeps records of one type. A host app can implement it over its own persistence
/// (SwiftData, Core Data, a server); ``FileStore`` and ``InMemoryStore`` provide it for
/// stories, heroes, custom events and corrections.
///
///     try await store.stories.save(story)
///     let page = try await store.stories.list(after: nil, limit: 20)
public protocol RecordRepository<Record>: Sendable {
    associatedtype Record: StoredRecord

    /// Saves a record, replacing the one with the same id.
    func save(_ record: Record) async throws(StoryKitError)
    /// The record with this id; `.notFound` when there is none.
    func record(id: String) async throws(StoryKitError) -> Record
    /// Removes the record with this id; `.notFound` when there is none.
    func delete(id: String) async throws(StoryKitError)
    /// Records in creation order (then by id), strictly after the record `after`.
    func list(after: String?, limit: Int) async throws(StoryKitError) -> RecordPage<Record>
}

/// Keeps stories.
public protocol StoryRepository: RecordRepository where Record == Story {}
/// Keeps heroes.
public protocol HeroRepository: RecordRepository where Record == Hero {}
/// Keeps custom events.
public protocol CustomEventRepository: RecordRepository where Record == CustomEvent {}
/// Keeps corrections.
public protocol CorrectionRepository: RecordRepository where Record == CorrectionRecord {}

/// Keeps binary images with their MIME type, named by id.
public protocol IllustrationStore: Sendable {
    /// Saves an image, replacing any image with the same id.
    func saveImage(_ bytes: [UInt8], mimeType: ImageMIMEType, id: String) async throws(StoryKitError)
    /// The image and its type; `.notFound` when there is none.
    func image(id: String) async throws(StoryKitError) -> (bytes: [UInt8], mimeType: ImageMIMEType)
    /// Removes an image; `.notFound` when there is none.
    func deleteImage(id: String) async throws(StoryKitError)
}

/// Keeps small settings, and tells observers at once when the theme changes.
public protocol PreferenceStore: Sendable {
    /// The theme preference; `.system` until one is set.
    func themePreference() async throws(StoryKitError) -> ThemePreference
    /// Saves the theme preference and tells every observer.
    func setThemePreference(_ theme: ThemePreference) async throws(StoryKitError)
    /// The theme preference now, then each change as it is saved.
    func themeChanges() -> AsyncStream<ThemePreference>
    /// The value of a preference key; `nil` when unset.
    func preference(_ key: String) async throws(StoryKitError) -> JSONValue?
    /// Sets (or, with `nil`, removes) a preference.
    func setPreference(_ value: JSONValue?, for key: String) async throws(StoryKitError)
}

/// A typed repository over an engine's collection.
struct EngineRepository<Record: StoredRecord>: RecordRepository {
    let engine: any RecordEngine

    func save(_ record: Record) async throws(StoryKitError) {
        try engine.put(record.json, id: record.id, in: Record.collection)
    }

    func record(id: String) async throws(StoryKitError) -> Record {
        try Record(json: engine.get(id: id, in: Record.collection))
    }

    func delete(id: String) async throws(StoryKitError) {
        try engine.delete(id: id, in: Record.collection)
    }

    func list(after: String?, limit: Int) async throws(StoryKitError) -> RecordPage<Record> {
        let page = try engine.list(in: Record.collection, after: after, limit: limit)
        var items: [Record] = []
        var problems = page.problems
        for entry in page.items {
            do throws(StoryKitError) {
                items.append(try Record(json: entry.record))
            } catch {
                problems.append(StoreProblem(id: entry.id, message: error.message))
            }
        }
        return RecordPage(items: items, nextAfter: page.nextAfter, problems: problems)
    }
}

extension EngineRepository: StoryRepository where Record == Story {}
extension EngineRepository: HeroRepository where Record == Hero {}
extension EngineRepository: CustomEventRepository where Record == CustomEvent {}
extension EngineRepository: CorrectionRepository where Record == CorrectionRecord {}
