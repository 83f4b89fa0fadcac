// Strict JSON parsing: StoryKit's validator and parser against Foundation's JSONSerialization,
// on the same ~10 MB document, side by side in one run; and canonical re-writing
// (storykit_json_format), straight from the text and through a tree. Reports medians.
import Foundation
import StoryKitCore
import BenchmarkSupport

/// A deterministic document shaped like a library of stories: nested objects, arrays,
/// ASCII and non-ASCII strings with escapes, integers and decimals.
func makeDocument(targetBytes: Int) -> [UInt8] {
    var generator = SplitMix64(seed: 42)
    let words = [
        "dragon", "moon", "forest", "brave", "whisper", "lantern", "río", "Drache", "勇気", "قمر", "🌙", "said \"hello\"",
        "line\nbreak"
    ]
    var stories: [JSONValue] = []
    var size = 0
    var id = 0
    while size < targetBytes {
        id += 1
        var pages: [JSONValue] = []
        for _ in 0..<Int(generator.next() % 6 + 2) {
            let text = (0..<Int(generator.next() % 40 + 10)).map { _ in
                words[Int(generator.next() % UInt64(words.count))]
            }.joined(separator: " ")
            pages.append(.string(text))
        }
        let story: JSONValue = [
            "id": .string("story-\(id)"),
            "title": .string("The \(words[id % words.count]) and the \(words[(id * 7) % words.count])"),
            "createdAt": .number(JSONNumber(1_732_000_000_000 + id * 1000)),
            "rating": .number(JSONNumber(Double(generator.next() % 1000) / 100)!),
            "published": .bool(id % 3 == 0),
            "hero": [
                "name": "Mia", "traits": ["kind", "curious"], "age": .number(JSONNumber(Int(generator.next() % 10)))
            ],
            "pages": .array(pages),
            "illustration": .null
        ]
        let bytes = story.utf8Bytes(.init(indent: 1))
        size += bytes.count + 2
        stories.append(story)
    }
    return JSONValue.object(["stories": .array(stories)]).utf8Bytes(.init(indent: 1))
}

struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

let rounds = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 15
let document = makeDocument(targetBytes: 10_000_000)
let data = Data(document)
let megabytes = Double(document.count) / 1_000_000
print("document: \(document.count) bytes (\(String(format: "%.1f", megabytes)) MB), \(rounds) rounds, medians")

if let path = ProcessInfo.processInfo.environment["STORYKIT_WRITE_DOCUMENT"] {
    try data.write(to: URL(fileURLWithPath: path))
    exit(0)
}
if ProcessInfo.processInfo.environment["STORYKIT_PROFILE_VALIDATE"] != nil {
    // For profilers: nothing but validation, many times.
    for _ in 0..<100 { try document.withUnsafeBufferPointer { try JSONValue.validate(utf8: $0) } }
    exit(0)
}

var validateTimes: [Double] = []
var parseTimes: [Double] = []
var foundationTimes: [Double] = []
var canonicalTimes: [Double] = []
var treeWriteTimes: [Double] = []
for _ in 0..<rounds {
    // Interleaved, so that machine noise falls on all three alike.
    validateTimes.append(
        try seconds {
            try document.withUnsafeBufferPointer { try JSONValue.validate(utf8: $0) }
        })
    parseTimes.append(
        try seconds {
            let value = try JSONValue(parsingUTF8: document)
            precondition(value["stories"]?.arrayValue?.isEmpty == false)
        })
    foundationTimes.append(
        try seconds {
            let object = try JSONSerialization.jsonObject(with: data)
            precondition((object as? [String: Any])?["stories"] != nil)
        })
    // storykit_json_format's work: parse and write canonical text, straight and through a tree.
    canonicalTimes.append(
        try seconds {
            let text = try document.withUnsafeBufferPointer { try JSONValue.canonicalText(utf8: $0) }
            precondition(text.count > document.count / 2)
        })
    treeWriteTimes.append(
        try seconds {
            let text = try JSONValue(parsingUTF8: document).utf8Bytes()
            precondition(text.count > document.count / 2)
        })
}

let validate = median(validateTimes)
let parse = median(parseTimes)
let foundation = median(foundationTimes)
func row(_ name: String, _ time: Double) -> String {
    name.padding(toLength: 44, withPad: " ", startingAt: 0)
        + String(format: "%9.2f ms %9.1f MB/s", time * 1000, megabytes / time)
}
print(row("StoryKit JSONValue.validate", validate))
print(row("StoryKit JSONValue(parsingUTF8:)", parse))
print(row("Foundation JSONSerialization.jsonObject", foundation))
print(row("StoryKit canonicalText (json_format)", median(canonicalTimes)))
print(row("StoryKit parse to a tree, then write", median(treeWriteTimes)))
print(String(format: "parse speed-up over JSONSerialization: %.2fx", foundation / parse))
print(String(format: "validate speed-up over JSONSerialization: %.2fx", foundation / validate))
