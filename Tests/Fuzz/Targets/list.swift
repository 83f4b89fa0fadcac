// The list parser, through storykit_parse_list: any UTF-8 text parses (and only UTF-8 text),
// the answer is strict JSON of the documented shape, and numbers only ever stay or go up by one.
import CStoryKit
import StoryKitCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzListParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).rest
    let parsed = answer { out in withUnterminated(text) { storykit_parse_list(out, $0, $1, nil) } }
    let isUTF8 = String(validating: text, as: UTF8.self) != nil
    require(
        parsed.status == (isUTF8 ? STORYKIT_OK : STORYKIT_E_PARSE),
        "status \(parsed.status) for \(isUTF8 ? "UTF-8" : "non-UTF-8") text")
    guard let output = parsed.bytes else { return 0 }

    let result = requireJSON(output, "storykit_parse_list's output")
    guard let items = result["items"]?.arrayValue, result["preamble"]?.stringValue != nil,
        result["postamble"]?.stringValue != nil
    else {
        propertyFailed("the answer lacks items, preamble or postamble")
    }
    require(items.isEmpty == (result["style"] == .null), "style must be null exactly when there are no items")
    var previous: Int?
    for item in items {
        require(item["text"]?.stringValue != nil, "an item without text")
        guard let number = item["number"]?.integerValue else { continue }
        if let previous {
            require(number == previous || number == previous + 1, "item number \(number) follows \(previous)")
        }
        previous = number
    }
    return 0
}
