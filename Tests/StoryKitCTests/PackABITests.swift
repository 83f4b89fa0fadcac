import CStoryKit
import Foundation
import StoryKitCore
import Testing

/// storykit_pack_load, storykit_pack_load_file and storykit_packs: what they list and load,
/// and their errors. Only packs that leave the process's corrector as it was are loaded here
/// (a built-in pack's own bytes): other tests share the process.
@Suite struct PackABITests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theBuiltInPacksAreListed() throws {
        let (code, json) = answered { storykit_packs($0) }
        #expect(code == STORYKIT_OK)
        let packs = try JSONValue(parsing: json ?? "")["packs"]?.arrayValue ?? []
        #expect(
            packs.prefix(7).compactMap { $0["language"]?.stringValue } == ["en", "es", "fr", "de", "it", "pt", "nl"])
        #expect(storykit_packs(nil) == STORYKIT_E_INVALID_ARGUMENT)
    }

    @Test func aBuiltInPackReplacedByItsOwnBytesReadsAsBefore() throws {
        let path = Self.repository.appendingPathComponent("Sources/StoryKitPortugueseData/pt.skpack").path
        let before = answered { storykit_correct_offline($0, "o menino comeu o bolo", 21, "{\"language\":\"pt\"}") }.1
        let (code, json) = answered { storykit_pack_load_file($0, path) }
        #expect(code == STORYKIT_OK, "\(lastError())")
        let loaded = try JSONValue(parsing: json ?? "")
        #expect(loaded["language"]?.stringValue == "pt")
        #expect(loaded["replaced"]?.boolValue == true)
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(
            answered { out in bytes.withUnsafeBytes { storykit_pack_load(out, $0.baseAddress, $0.count) } }.0
                == STORYKIT_OK)
        #expect(
            answered { storykit_correct_offline($0, "o menino comeu o bolo", 21, "{\"language\":\"pt\"}") }.1 == before)
    }

    @Test func badArgumentsAndBadPacksAreErrors() {
        #expect(status { storykit_pack_load($0, nil, 5) } == STORYKIT_E_INVALID_ARGUMENT)
        #expect(lastError() == "bytes is NULL but its length is 5")
        #expect(status { storykit_pack_load($0, nil, 0) } == STORYKIT_E_PARSE)
        #expect(lastError() == "language pack: shorter than its 32-byte header")
        #expect(
            status { storykit_pack_load($0, "SKPACK\r\nnot really a pack at all, but long", 40) } == STORYKIT_E_PARSE)
        #expect(status { storykit_pack_load($0, "x", Int(STORYKIT_MAX_INPUT_BYTES) + 1) } == STORYKIT_E_LIMIT)
        #expect(storykit_pack_load(nil, "x", 1) == STORYKIT_E_INVALID_ARGUMENT)
        #expect(status { storykit_pack_load_file($0, nil) } == STORYKIT_E_INVALID_ARGUMENT)
        #expect(status { storykit_pack_load_file($0, "/nonexistent/xx.skpack") } == STORYKIT_E_NOT_FOUND)
        #expect(status { storykit_pack_load_file($0, "/") } == STORYKIT_E_IO)
    }
}
