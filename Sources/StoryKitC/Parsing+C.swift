import CStoryKit
import StoryKitCore

/// The shared shape of the batch parsing functions: check the arguments, parse, hand out
/// the result as JSON.
private func parseReply(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ text: UnsafePointer<CChar>?,
    _ len: Int,
    _ parse: (UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> [UInt8]
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let output = try requireOutput(out_json, "out_json")
        output.pointee = try outputString(parse(inputBytes(text, len)))
    }
}

@c @implementation
public func storykit_json_repair(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ text: UnsafePointer<CChar>?,
    _ len: Int
) -> storykit_status {
    parseReply(out_json, text, len) { (bytes) throws(StoryKitError) in
        try TolerantJSONParser(limits: .wrappedValue).parseToUTF8JSON(bytes)
    }
}

extension JSONParserLimits {
    /// The limits for a value that the answer wraps in {"value":...}: one level less deep, so
    /// that the answer itself stays within STORYKIT_MAX_JSON_DEPTH and parses again.
    static let wrappedValue = JSONParserLimits(maxDepth: Int(STORYKIT_MAX_JSON_DEPTH) - 1)
}

@c @implementation
public func storykit_parse_list(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ text: UnsafePointer<CChar>?,
    _ len: Int,
    _ options_json: UnsafePointer<CChar>?
) -> storykit_status {
    parseReply(out_json, text, len) { (bytes) throws(StoryKitError) in
        try listOptions(options_json)
        return try ListParser().parseToUTF8JSON(bytes)
    }
}

@c @implementation
public func storykit_parse_variations(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ text: UnsafePointer<CChar>?,
    _ len: Int,
    _ options_json: UnsafePointer<CChar>?
) -> storykit_status {
    parseReply(out_json, text, len) { (bytes) throws(StoryKitError) in
        try VariationParser(options: variationOptions(options_json)).parse(utf8: bytes).utf8JSON()
    }
}

/// Checks list options: none are defined yet, so only `{}` or NULL.
func listOptions(_ options_json: UnsafePointer<CChar>?) throws(StoryKitError) {
    try optionsReader(options_json).finish()
}

/// Reads `{"expected":1..100,"distinct":bool}`.
func variationOptions(_ options_json: UnsafePointer<CChar>?) throws(StoryKitError) -> VariationOptions {
    var reader = try optionsReader(options_json)
    let expected = try reader.integer("expected", in: 1...VariationOptions.maxExpected, default: 3)
    let distinct = try reader.boolean("distinct", default: true)
    try reader.finish()
    return VariationOptions(expected: expected, distinct: distinct)
}
