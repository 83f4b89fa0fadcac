// The tolerant JSON parser, through storykit_json_repair: every answer is strict JSON whose
// "value" is an object or array; strict JSON objects and arrays come back unchanged with no
// repairs; a repaired value repairs to itself.
import CStoryKit
import StoryKitCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTolerantJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).rest
    let repaired = answer { out in withUnterminated(text) { storykit_json_repair(out, $0, $1) } }
    requireInputStatus(repaired.status, "storykit_json_repair")

    if let strict = try? JSONValue(parsingUTF8: text), strict.isContainer {
        // The answer wraps the value one level deeper, so a value at the depth limit is refused.
        let allowed =
            repaired.status == STORYKIT_OK
            || repaired.status == STORYKIT_E_LIMIT && strict.depth == Int(STORYKIT_MAX_JSON_DEPTH)
        require(allowed, "strict JSON was refused: \(repaired.status)")
    }
    guard let output = repaired.bytes else { return 0 }
    let reply = requireJSON(output, "storykit_json_repair's output")
    guard let value = reply["value"], case .array? = reply["repairs"] else {
        propertyFailed("the answer is not {\"value\":...,\"repairs\":[...]}")
    }
    require(value.isContainer, "the repaired value is neither an object nor an array")
    if let strict = try? JSONValue(parsingUTF8: text), strict.isContainer {
        require(value == strict, "strict JSON changed on repair")
        require(reply["repairs"] == .array([]), "strict JSON reported repairs")
    }

    let again = repairedValue(of: value.utf8Bytes())
    require(again == value, "the repaired value does not repair to itself")
    return 0
}

private func repairedValue(of text: [UInt8]) -> JSONValue? {
    let repaired = answer { out in withUnterminated(text) { storykit_json_repair(out, $0, $1) } }
    guard let bytes = repaired.bytes else { return nil }
    return requireJSON(bytes, "the second repair")["value"]
}

extension JSONValue {
    fileprivate var isContainer: Bool {
        switch self {
        case .object, .array: return true
        default: return false
        }
    }

    /// How deeply arrays and objects nest: 0 for a scalar.
    fileprivate var depth: Int {
        switch self {
        case .array(let elements): return 1 + (elements.map(\.depth).max() ?? 0)
        case .object(let object): return 1 + (object.members.map(\.value.depth).max() ?? 0)
        default: return 0
        }
    }
}
