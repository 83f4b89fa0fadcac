import Foundation
import StoryKitCore

/// Test data kept in Tests/Fixtures, found from this file's location so that tests run the same
/// from any working directory.
enum Fixtures {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // StoryKitCoreTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures")

    /// The JSONTestSuite parsing cases, as (file name, bytes), sorted by name.
    static func jsonTestSuite(prefix: String) throws -> [(name: String, bytes: [UInt8])] {
        let folder = root.appendingPathComponent("JSONTestSuite/test_parsing")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }
            .sorted()
        return try names.map { name in
            (name, Array(try Data(contentsOf: folder.appendingPathComponent(name))))
        }
    }

    /// A fixture file's text, such as `Correction/clean-sentences.txt`.
    static func text(_ relativePath: String) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent(relativePath)), as: UTF8.self)
    }

    /// A fixture file parsed as JSON, such as `Prompts/golden.json`.
    static func json(_ relativePath: String) throws -> JSONValue {
        let data = try Data(contentsOf: root.appendingPathComponent(relativePath))
        return try JSONValue(parsingUTF8: Array(data))
    }
}
