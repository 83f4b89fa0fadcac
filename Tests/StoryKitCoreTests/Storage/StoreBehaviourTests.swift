import Foundation
import StoryKitCore
import Testing

/// One behavioural suite that both stores must pass.
@Suite struct StoreBehaviourTests {
    enum Kind: String, CaseIterable, CustomStringConvertible {
        case file, memory
        var description: String { rawValue }
    }

    private func makeStore(_ kind: Kind) throws -> (RecordStore, String?) {
        switch kind {
        case .memory:
            return (InMemoryStore(), nil)
        case .file:
            let root = NSTemporaryDirectory() + "storykit-store-\(UUID().uuidString)"
            return (try FileStore(root: root), root)
        }
    }

    private func story(_ id: String, title: String = "Mia and the Moon") throws -> Story {
        try Story(id: id, title: title, pages: ["Once upon a time.", "The end."], heroID: "h1", theme: "friendship")
    }

    @Test(arguments: Kind.allCases)
    func savesReadsReplacesAndDeletes(_ kind: Kind) async throws {
        let (store, root) = try makeStore(kind)
        defer { root.map { try? FileManager.default.removeItem(atPath: $0) } }
        let first = try story("s1")
        try await store.stories.save(first)
        #expect(try await store.stories.record(id: "s1") == first)
        let renamed = try story("s1", title: "Mia and the Sun")
        try await store.stories.save(renamed)
        #expect(try await store.stories.record(id: "s1") == renamed)
        try await store.stories.delete(id: "s1")
        await #expect(throws: StoryKitError.self) { _ = try await store.stories.record(id: "s1") }
        do {
            try await store.stories.delete(id: "s1")
            Issue.record("deleted twice")
        } catch {
            #expect(error.code == .notFound)
        }
    }

    @Test(arguments: Kind.allCases)
    func keepsCorrectionsOfferedByTheOfflineCorrector(_ kind: Kind) async throws {
        let (store, root) = try makeStore(kind)
        defer { root.map { try? FileManager.default.removeItem(atPath: $0) } }
        let text = "I wnat to go hmoe"
        let correction = try OfflineCorrector().correct(text)
        let record = try CorrectionRecord(
            id: "c1", text: text, backend: .offline, variations: correction.variations.variations)
        try await store.corrections.save(record)
        #expect(try await store.corrections.record(id: "c1") == record)
        #expect(try store.record(id: "c1", in: .corrections)["variations"]?[0]?["kind"] == "direct")
        // A record that is not a correction, or names another id, is refused.
        for bad: JSONValue in [
            ["id": "c2", "text": "", "backend": "offline", "variations": [["text": "x", "kind": nil]]],
            ["id": "c2", "text": "x", "backend": "psychic", "variations": [["text": "x", "kind": nil]]],
            ["id": "c2", "text": "x", "backend": "offline", "variations": []],
            ["id": "c3", "text": "x", "backend": "offline", "variations": [["text": "x", "kind": nil]]]
        ] {
            #expect(throws: StoryKitError.self) { try store.putRecord(bad, id: "c2", in: .corrections) }
        }
        #expect(try await store.corrections.list(after: nil, limit: 10).items == [record])
    }

    @Test(arguments: Kind.allCases)
    func listsInCreationOrderAndPaginates(_ kind: Kind) async throws {
        let (store, root) = try makeStore(kind)
        defer { root.map { try? FileManager.default.removeItem(atPath: $0) } }
        for id in ["c", "a", "d", "b", "e"] { try await store.stories.save(try story(id)) }
        // Saving again keeps the creation time.
        try await store.stories.save(try story("c", title: "Updated"))
        let first = try await store.stories.list(after: nil, limit: 2)
        #expect(first.items.map(\.id) == ["c", "a"])
        #expect(first.nextAfter == "a")
        let second = try await store.stories.list(after: first.nextAfter, limit: 2)
        #expect(second.items.map(\.id) == ["d", "b"])
        let last = try await store.stories.list(after: second.nextAfter, limit: 2)
        #expect(last.items.map(\.id) == ["e"])
        #expect(last.nextAfter == nil)
        await #expect(throws: StoryKitError.self) { _ = try await store.stories.list(after: nil, limit: 0) }
    }

    @Test(arguments: Kind.allCases)
    func rejectsHostileIDsAndInvalidRecords(_ kind: Kind) async throws {
        let (store, root) = try makeStore(kind)
        defer { root.map { try? FileManager.default.removeItem(atPath: $0) } }
        for id in [
            "../escape", "a/b", "..", ".", "", "a\u{0}b", "a\nb", String(repeating: "x", count: 129), "back\\slash"
        ] {
            do {
                _ = try await store.stories.record(id: id)
                Issue.record("accepted \(id.debugDescription)")
            } catch {
                #expect(error.code == .invalidArgument, "\(id.debugDescription)")
            }
            do {
                try await store.saveImage([1, 2, 3], mimeType: .png, id: id)
                Issue.record("accepted image id \(id.debugDescription)")
            } catch {
                #expect(error.code == .invalidArgument)
            }
        }
    }

    @Test(arguments: Kind.allCases)
    func keepsImagesWithTheirType(_ kind: Kind) async throws {
        let (store, root) = try makeStore(kind)
        defer { root.map { try? FileManager.default.removeItem(atPath: $0) } }
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0, 1, 2, 255]
        try await store.saveImage(bytes, mimeType: .png, id: "i1")
        #expect(try await store.image(id: "i1") == (bytes, .png) ? true : false)
        try await store.saveImage([9, 9], mimeType: .jpeg, id: "i1")
        let replaced = try await store.image(id: "i1")
        #expect(replaced.bytes == [9, 9] && replaced.mimeType == .jpeg)
        if let root {
            #expect(FileManager.default.fileExists(atPath: root + "/Illustrations/i1.jpg"))
            #expect(!FileManager.default.fileExists(atPath: root + "/Illustrations/i1.png"))
        }
        try await store.deleteImage(id: "i1")
        await #expect(throws: StoryKitError.self) { _ = try await store.image(id: "i1") }
    }

    @Test(arguments: Kind.allCases)
    func themePreferencePersistsAndNotifiesAtOnce(_ kind: Kind) async throws {
        let (store, root) = try makeStore(kind)
        defer { root.map { try? FileManager.default.removeItem(atPath: $0) } }
        #expect(try await store.themePreference() == .system)
        var changes = store.themeChanges().makeAsyncIterator()
        #expect(await changes.next() == .system)
        try await store.setThemePreference(.dark)
        #expect(await changes.next() == .dark)
        #expect(try await store.themePreference() == .dark)
        await #expect(throws: StoryKitError.self) { try await store.setPreference("sepia", for: PreferenceKey.theme) }
        try await store.setPreference(["fontScale": 1.25], for: "reading")
        #expect(try await store.preference("reading") == ["fontScale": 1.25])
        try await store.setPreference(nil, for: "reading")
        #expect(try await store.preference("reading") == nil)
    }

    @Test(arguments: Kind.allCases)
    func concurrentWritersLoseNothing(_ kind: Kind) async throws {
        let (store, root) = try makeStore(kind)
        defer { root.map { try? FileManager.default.removeItem(atPath: $0) } }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for index in 0..<10 {
                        try await store.heroes.save(
                            try Hero(id: "h\(writer)-\(index)", name: "Hero \(writer) \(index)"))
                    }
                }
            }
            try await group.waitForAll()
        }
        let page = try await store.heroes.list(after: nil, limit: 1000)
        #expect(page.items.count == 80)
        #expect(Set(page.items.map(\.id)).count == 80)
    }
}

/// What only the file store does: persistence across opens, locking, corruption reports.
@Suite struct FileStoreTests {
    private func temporaryRoot() -> String {
        NSTemporaryDirectory() + "storykit-file-\(UUID().uuidString)"
    }

    @Test func recordsPersistAcrossOpens() async throws {
        let root = temporaryRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            let store = try FileStore(root: root)
            try await store.heroes.save(try Hero(id: "h1", name: "Mia", traits: ["brave"]))
            try await store.setThemePreference(.light)
        }
        let reopened = try FileStore(root: root)
        #expect(try await reopened.heroes.record(id: "h1").name == "Mia")
        #expect(try await reopened.themePreference() == .light)
    }

    @Test func aSecondOpenOfTheSameRootIsRefused() throws {
        let root = temporaryRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let first = try FileStore(root: root)
        do {
            _ = try FileStore(root: root)
            Issue.record("opened twice")
        } catch {
            #expect(error.code == .io)
            #expect(error.message.contains("is open in another process or handle"))
        }
        _ = first
    }

    @Test func aLockFileThatIsNotARegularFileIsRefusedWithoutWaiting() throws {
        let root = temporaryRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        #expect(mkfifo(root + "/.storykit.lock", 0o444) == 0)
        let error = #expect(throws: StoryKitError.self) { try FileStore(root: root) }
        #expect(error?.code == .io)
        #expect(error?.message.contains("is not a regular file") == true, "\(String(describing: error))")
        // resume() takes the same path.
        try FileManager.default.removeItem(atPath: root + "/.storykit.lock")
        let store = try FileStore(root: root)
        store.suspend()
        try FileManager.default.removeItem(atPath: root + "/.storykit.lock")
        #expect(mkfifo(root + "/.storykit.lock", 0o444) == 0)
        #expect(throws: StoryKitError.self) { try store.resume() }
    }

    @Test func corruptedRecordsAreReportedAndDoNotStopTheOthers() async throws {
        let root = temporaryRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            let store = try FileStore(root: root)
            for id in ["a", "b", "c"] {
                try await store.stories.save(try Story(id: id, title: "T \(id)", pages: ["p"]))
            }
        }
        let file = root + "/stories/b.json"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: file))
        try Data(#"{"schema":99,"id":"c","createdAt":1,"updatedAt":1,"record":{}}"#.utf8).write(
            to: URL(fileURLWithPath: root + "/stories/c.json"))
        let store = try FileStore(root: root)
        let page = try await store.stories.list(after: nil, limit: 10)
        #expect(page.items.map(\.id) == ["a"])
        #expect(Set(page.problems.map(\.id)) == ["b", "c"])
        do {
            _ = try await store.stories.record(id: "b")
            Issue.record("read a torn record")
        } catch {
            #expect(error.code == .parse)
            #expect(error.message.contains("record \"b\" is corrupted or truncated"))
        }
        do {
            _ = try await store.stories.record(id: "c")
            Issue.record("read a newer record")
        } catch {
            #expect(error.message.contains("written by a newer StoryKit"))
        }
        #expect(try await store.stories.record(id: "a").title == "T a")
    }

    @Test func leftoverTemporaryFilesAreRemovedAndNeverRecords() async throws {
        let root = temporaryRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            let store = try FileStore(root: root)
            try await store.stories.save(try Story(id: "a", title: "T", pages: ["p"]))
        }
        // One in every folder the store writes to: each record collection's, the root
        // (preferences.json) and Illustrations.
        let folders =
            StoreCollection.allCases.filter { $0 != .preferences }.map { root + "/" + $0.rawValue }
            + [root, root + "/Illustrations"]
        var leftovers: [String] = []
        for folder in folders {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let leftover = folder + "/a.json.123.4.tmp"
            try Data("{\"torn".utf8).write(to: URL(fileURLWithPath: leftover))
            leftovers.append(leftover)
        }
        let store = try FileStore(root: root)
        for leftover in leftovers {
            #expect(!FileManager.default.fileExists(atPath: leftover), "\(leftover) was left")
        }
        #expect(try await store.stories.list(after: nil, limit: 10).items.map(\.id) == ["a"])
    }

    @Test func missingRootWithoutCreateIsNotFound() {
        do {
            _ = try FileStore(root: temporaryRoot(), create: false)
            Issue.record("opened a missing root")
        } catch {
            #expect(error.code == .notFound)
        }
    }
}
