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
/// Keeps the writer's words.
public protocol LearnedWordRepository: RecordRepository where Record == LearnedWord {}
