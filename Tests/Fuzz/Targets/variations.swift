// The variation parser, through storykit_parse_variations with fuzzer-chosen options: invalid
// UTF-8 is always a parse error, and every answer is strict JSON of the documented shape.
import CStoryKit
import StoryKitCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVariationParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let expected = 1 + input.choice(below: 5)
    let distinct = input.choice(below: 2) == 0
    let text = input.rest
    let options = "{\"expected\":\(expected),\"distinct\":\(distinct)}"

    let parsed = answer { out in withUnterminated(text) { storykit_parse_variations(out, $0, $1, options) } }
    requireInputStatus(parsed.status, "storykit_parse_variations")
    if String(validating: text, as: UTF8.self) == nil {
        // The first error met wins: JSON nested past the depth limit before the bad byte is
        // a limit error.
        let couldBeTooDeep =
            text.count { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") } > Int(STORYKIT_MAX_JSON_DEPTH)
        require(
            parsed.status == STORYKIT_E_PARSE || parsed.status == STORYKIT_E_LIMIT && couldBeTooDeep,
            "non-UTF-8 text answered \(parsed.status)")
    }
    guard let output = parsed.bytes else { return 0 }

    let result = requireJSON(output, "storykit_parse_variations's output")
    guard let variations = result["variations"]?.arrayValue, let issues = result["issues"]?.arrayValue,
        let source = result["source"]?.stringValue, result["repaired"]?.boolValue != nil
    else {
        propertyFailed("the answer lacks variations, issues, source or repaired")
    }
    require(source == "json" || source == "list", "source \(source)")
    let kinds: Set<JSONValue> = [.null, "direct", "refined", "alternative"]
    for variation in variations {
        require(variation["text"]?.stringValue != nil, "a variation without text")
        require(
            variation["kind"].map(kinds.contains) ?? false,
            "a variation with kind \(String(describing: variation["kind"]))")
    }
    let countIssue = issues.contains { $0["code"] == "count" }
    require(
        countIssue == (variations.count != expected),
        "\(variations.count) variations of \(expected) expected, count issue: \(countIssue)")
    return 0
}
