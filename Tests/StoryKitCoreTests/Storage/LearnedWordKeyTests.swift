import Foundation
import StoryKitCore
@testable import StoryKitStorage
import Testing

/// A learned word is one record whatever its spelling in case and marks, as the corrector
/// compares words; stores written one record per spelling are read and moved to one per word.
@Suite struct LearnedWordKeyTests {
    private func files(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func everySpellingOfAWordActsOnItsOneRecord() async throws {
        let root = temporaryRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = try FileStore(root: root)
        try store.learnWord("Zorbax")
        try store.learnWord("zorbax", as: .ignored)
        #expect(try store.learnedWords() == [try LearnedWord("Zorbax", use: .ignored)])
        try store.learnWord("ZORBAX")
        try store.learnWord("Oisín")
        try store.learnWord("OISIN", as: .ignored)
        try store.learnWord("Sir Pounce")
        try store.learnWord("sir-pounce")
        let words = try store.learnedWords()
        #expect(words.map(\.word) == ["Zorbax", "Oisín", "Sir Pounce"])
        #expect(words.map(\.use) == [.known, .ignored, .known])
        #expect(words.map(\.id) == ["zorbax", "oisin", "sir pounce"])
        #expect(try files(root + "/words").count == 3)
        // The corrector reads the latest choice: Oisín is now only kept, Zorbax read for its slips.
        let corrector = OfflineCorrector(vocabulary: try Vocabulary(learned: words))
        let direct = try corrector.correct("Zorbxa met Oisn").variations.variations[0].text
        #expect(direct.hasPrefix("Zorbax"))

        try store.unlearnWord("zORBAx")
        #expect(try store.learnedWords().map(\.word) == ["Oisín", "Sir Pounce"])
        let error = #expect(throws: StoryKitError.self) { try store.unlearnWord("ZORBAX") }
        #expect(error?.code == .notFound)
        #expect(error?.message == #"no learned word "ZORBAX""#)
        #expect(try store.record(id: "oisín", in: .words)["word"]?.stringValue == "Oisín")
    }

    @Test func aRecordPutUnderAnotherWordsKeyIsRefused() throws {
        let root = temporaryRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = try FileStore(root: root)
        let record = try LearnedWord("Zorbax").json
        let error = #expect(throws: StoryKitError.self) { try store.putRecord(record, id: "Glim", in: .words) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains(#"is not the key "Glim""#) == true)
        // The word's own spellings are its key: stored once, under the folded id.
        try store.putRecord(record, id: "ZORBAX", in: .words)
        #expect(try store.learnedWords().map(\.word) == ["Zorbax"])
    }

    /// A store of an older release held one record per spelling, keyed by the word as typed:
    /// opened now, each word is one record with its first spelling and its last use.
    @Test func aStoreWrittenOneRecordPerSpellingIsMovedToOnePerWord() throws {
        let root = temporaryRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/words", withIntermediateDirectories: true)
        let old: [(id: String, use: String)] = [
            ("Zorbax", "known"), ("glimmerfrost", "ignored"), ("zorbax", "ignored"), ("ZORBAX", "known"),
            ("Glimmerfrost", "known")
        ]
        for (order, entry) in old.enumerated() {
            let envelope = RecordEnvelope(
                id: entry.id, createdAt: Int64(order + 1), updatedAt: Int64(order + 1),
                record: ["id": .string(entry.id), "use": .string(entry.use)])
            let name = root + "/words/" + RecordFileName.encode(entry.id) + ".json"
            #expect(FileManager.default.createFile(atPath: name, contents: Data(envelope.json.utf8Bytes())))
        }
        do {
            let store = try FileStore(root: root)
            let words = try store.learnedWords().sorted { $0.id < $1.id }
            #expect(words.map(\.word) == ["glimmerfrost", "Zorbax"])
            #expect(words.map(\.use) == [.known, .known])
            let ids = try store.listRecords(in: .words, after: nil, limit: 10).items.map(\.id)
            #expect(ids.sorted() == ["glimmerfrost", "zorbax"])
            try store.unlearnWord("GLIMMERFROST")
        }
        let reopened = try FileStore(root: root)
        #expect(try reopened.learnedWords().map(\.word) == ["Zorbax"])
        #expect(try files(root + "/words").count == 1)
    }
}
