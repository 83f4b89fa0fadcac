import CStoryKit
import StoryKitCore

@c @implementation
public func storykit_prompt_build(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ request_json: UnsafePointer<CChar>?
) -> storykit_status {
    answerJSON(out_json) { () throws(StoryKitError) in
        var request = try requestReader(request_json)
        return try PromptRequest.build(&request).json
    }
}
