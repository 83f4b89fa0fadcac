// The strict JSON parser, through storykit_json_validate and storykit_json_format: the C and
// Swift entry points agree, and canonical output re-parses to the same value and is a fixed
// point of formatting.
import CStoryKit
import StoryKitCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStrictJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let indent = input.choice(below: 4)
    let text = input.rest

    let validated = withUnterminated(text) { storykit_json_validate($0, $1) }
    requireInputStatus(validated, "storykit_json_validate")
    let options = indent == 0 ? nil : "{\"indent\":\(indent * 2)}"
    let formatted = answer { out in withUnterminated(text) { storykit_json_format(out, $0, $1, options) } }
    require(formatted.status == validated, "validate answered \(validated), format \(formatted.status)")

    let value = try? JSONValue(parsingUTF8: text)
    require((value != nil) == (validated == STORYKIT_OK), "Swift and C disagree on validity (C: \(validated))")
    guard let value, let output = formatted.bytes else { return 0 }

    require(requireJSON(output, "storykit_json_format's output") == value, "formatting changed the value")
    let compact = value.utf8Bytes()
    let reparsed = requireJSON(compact, "the compact form")
    require(reparsed == value, "the compact form re-parses to another value")
    require(reparsed.utf8Bytes() == compact, "the compact form is not a fixed point")
    return 0
}
