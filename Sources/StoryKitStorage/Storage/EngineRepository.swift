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
extension EngineRepository: LearnedWordRepository where Record == LearnedWord {}
