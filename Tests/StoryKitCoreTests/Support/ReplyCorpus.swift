import Foundation
import StoryKitCore

/// The reply corpus in Tests/Fixtures/Replies/corpus.json: model replies with their expected
/// parse, shared with the Python tests.
struct ReplyCase: CustomStringConvertible {
    var name: String
    var kind: String
    var input: String
    var options: JSONValue?
    var expect: JSONValue

    var description: String { "\(kind): \(name)" }

    static func all() throws -> [ReplyCase] {
        let data = try Data(contentsOf: Fixtures.root.appendingPathComponent("Replies/corpus.json"))
        let value = try JSONValue(parsingUTF8: Array(data))
        return (value.arrayValue ?? []).map { item in
            ReplyCase(
                name: item["name"]?.stringValue ?? "",
                kind: item["kind"]?.stringValue ?? "",
                input: item["input"]?.stringValue ?? "",
                options: item["options"],
                expect: item["expect"] ?? .null
            )
        }
    }

    var variationOptions: VariationOptions {
        VariationOptions(
            expected: options?["expected"]?.numberValue?.int64Value.map(Int.init) ?? 3,
            distinct: options?["distinct"]?.boolValue ?? true
        )
    }
}

/// Equality of JSON values with numbers compared by value (`1.0e5` == `100000.0`).
func sameJSON(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.number(let a), .number(let b)):
        return a.text == b.text || a.doubleValue == b.doubleValue
    case (.array(let a), .array(let b)):
        return a.count == b.count && zip(a, b).allSatisfy(sameJSON)
    case (.object(let a), .object(let b)):
        return a.count == b.count
            && zip(a.members, b.members).allSatisfy { $0.key == $1.key && sameJSON($0.value, $1.value) }
    default:
        return lhs == rhs
    }
}
