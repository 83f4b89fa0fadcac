import Foundation
import StoryKitCore
import Testing

/// Which ids are one record, on every file system, and what older releases left on disk.
@Suite struct FileStoreIdentityTests {
    private func hero(_ id: String, _ name: String) throws(StoryKitError) -> Hero {
        try Hero(id: id, name: name, traits: [])
    }

    private func files(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func idsThatDifferOnlyInCaseAreTwoRecordsWithNamesNoFileSystemConfuses() async throws {
        let root = temporaryRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            let store = try FileStore(root: root)
            try await store.heroes.save(hero("Hero", "Upper"))
            try await store.heroes.save(hero("hero", "Lower"))
        }
        let names = try files(root + "/heroes")
        #expect(names.count == 2)
        // On APFS or HFS+ two names that fold to one are one file.
        #expect(Set(names.map { $0.lowercased() }).count == 2)
        let reopened = try FileStore(root: root)
        #expect(try await reopened.heroes.record(id: "Hero").name == "Upper")
        #expect(try await reopened.heroes.record(id: "hero").name == "Lower")
    }

    @Test func canonicallyEquivalentIdsAreOneRecordInMemoryAndOnDisk() async throws {
        let root = temporaryRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let composed = "Ren\u{E9}e", decomposed = "Rene\u{301}e"
        do {
            let store = try FileStore(root: root)
            try await store.heroes.save(hero(composed, "First"))
            try await store.heroes.save(hero(decomposed, "Second"))
            #expect(try files(root + "/heroes").count == 1)
            #expect(try await store.heroes.record(id: composed).name == "Second")
        }
        do {
            let reopened = try FileStore(root: root)
            #expect(try await reopened.heroes.list(after: nil, limit: 10).items.map(\.name) == ["Second"])
            try await reopened.heroes.delete(id: composed)
        }
        let reopened = try FileStore(root: root)
        await #expect(throws: StoryKitError.self) { _ = try await reopened.heroes.record(id: decomposed) }
        #expect(try files(root + "/heroes").isEmpty)
    }

    @Test func imagesFollowTheSameRule() async throws {
        let root = temporaryRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = try FileStore(root: root)
        try await store.saveImage([1], mimeType: .png, id: "Page")
        try await store.saveImage([2], mimeType: .png, id: "page")
        try await store.saveImage([3], mimeType: .jpeg, id: "Caf\u{E9}")
        #expect(try await store.image(id: "Page").bytes == [1])
        #expect(try await store.image(id: "page").bytes == [2])
        #expect(try await store.image(id: "Cafe\u{301}").bytes == [3])
        #expect(try files(root + "/Illustrations") == ["!caf%c3%a9.jpg", "!page.png", "page.png"])
    }

    @Test func filesAnOlderReleaseNamedByTheRawIdAreReadAndRenamed() async throws {
        let root = temporaryRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/heroes"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func legacy(_ id: String, _ name: String, updatedAt: Int) throws {
            let json =
                #"{"schema":1,"id":"\#(id)","createdAt":1,"updatedAt":\#(updatedAt),"record":{"id":"\#(id)","name":"\#(name)","traits":[]}}"#
            try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/" + id + ".json"))
        }
        try legacy("Mia", "Mia", updatedAt: 1)
        // Two spellings of one id that an older release kept as two files: the newer wins.
        try legacy("Zo\u{EB}", "Older", updatedAt: 1)
        try legacy("Zoe\u{308}", "Newer", updatedAt: 2)
        do {
            let store = try FileStore(root: root)
            #expect(try await store.heroes.record(id: "Mia").name == "Mia")
            #expect(try await store.heroes.record(id: "Zo\u{EB}").name == "Newer")
            #expect(try files(folder).contains("!mia.json"))
            #expect(!(try files(folder).contains("Mia.json")))
            try await store.heroes.save(hero("Zo\u{EB}", "Saved"))
            #expect(try files(folder) == ["!mia.json", "!zo%c3%ab.json"])
        }
        let reopened = try FileStore(root: root)
        #expect(try await reopened.heroes.record(id: "Zoe\u{308}").name == "Saved")
    }

    @Test func controlsThatHideWhatAnIdSaysAreRefused() async throws {
        let store = InMemoryStore()
        for id in ["a\u{85}b", "a\u{202E}b", "a\u{2066}b", "a\u{2028}b", "a\u{9F}"] {
            do {
                try await store.heroes.save(hero(id, "X"))
                Issue.record("accepted \(id.unicodeScalars.map { String($0.value, radix: 16) })")
            } catch {
                #expect(error.code == .invalidArgument)
            }
        }
    }

    @Test func aSuspendedStoreReleasesItsLockAndRereadsOnResume() async throws {
        let root = temporaryRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = try FileStore(root: root)
        try await store.heroes.save(hero("h1", "Before"))
        store.suspend()
        store.suspend()
        do {
            _ = try await store.heroes.record(id: "h1")
            Issue.record("read while suspended")
        } catch {
            #expect(error.code == .state)
        }
        await #expect(throws: StoryKitError.self) { try await store.saveImage([1], mimeType: .png, id: "i") }
        await #expect(throws: StoryKitError.self) { _ = try await store.themePreference() == .dark }
        do {
            // Another process (here, a second handle) may open the root meanwhile.
            let other = try FileStore(root: root)
            try await other.heroes.save(hero("h1", "After"))
            do {
                try store.resume()
                Issue.record("resumed while another handle held the lock")
            } catch {
                #expect(error.code == .io)
            }
        }
        try store.resume()
        try store.resume()
        #expect(try await store.heroes.record(id: "h1").name == "After")
        do {
            _ = try FileStore(root: root)
            Issue.record("the lock was not taken again")
        } catch {
            #expect(error.code == .io)
        }
    }
}

/// A fresh folder path under the temporary directory (not created).
func temporaryRoot() -> String {
    NSTemporaryDirectory() + "storykit-identity-\(UUID().uuidString)"
}
