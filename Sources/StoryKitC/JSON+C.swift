import CStoryKit
import StoryKitCore

@c @implementation
public func storykit_json_validate(_ text: UnsafePointer<CChar>?, _ len: Int) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let bytes = try inputBytes(text, len)
        do throws(JSONParseError) {
            try JSONValue.validate(utf8: bytes)
        } catch {
            throw StoryKitError(error)
        }
    }
}

@c @implementation
public func storykit_json_format(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ text: UnsafePointer<CChar>?,
    _ len: Int,
    _ options_json: UnsafePointer<CChar>?
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let output = try requireOutput(out_json, "out_json")
        let bytes = try inputBytes(text, len)
        var options = try optionsReader(options_json)
        let indent = try options.integer("indent", in: 0...JSONWritingOptions.maxIndent, default: 2)
        let sortKeys = try options.boolean("sortKeys", default: false)
        try options.finish()
        let canonical: [UInt8]
        do throws(JSONParseError) {
            canonical = try JSONValue.canonicalText(
                utf8: bytes, options: JSONWritingOptions(indent: indent, sortKeys: sortKeys))
        } catch {
            throw StoryKitError(error)
        }
        output.pointee = try outputString(canonical)
    }
}
