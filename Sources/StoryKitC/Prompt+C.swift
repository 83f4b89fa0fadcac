import CStoryKit
import StoryKitCore

@c @implementation
public func storykit_prompt_build(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ request_json: UnsafePointer<CChar>?
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let output = try requireOutput(out_json, "out_json")
        var request = try requestReader(request_json)
        output.pointee = try outputString(PromptRequest.build(&request).json.utf8Bytes())
    }
}
