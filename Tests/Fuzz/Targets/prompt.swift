// Prompt and provider requests, through storykit_prompt_build and storykit_request_build:
// every answer is strict JSON, building is deterministic, a built request's body is itself
// strict JSON, and a key never shows in its URL or description.
import CStoryKit
import StoryKitCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPromptRequests(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let providerRequest = input.choice(below: 2) == 1
    let text = input.rest
    let build = { (out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) in
        withCString(text) { providerRequest ? storykit_request_build(out, $0) : storykit_prompt_build(out, $0) }
    }

    let built = answer(build)
    requireInputStatus(built.status, providerRequest ? "storykit_request_build" : "storykit_prompt_build")
    require(answer(build) == built, "the same request built different bytes")
    guard let output = built.bytes else { return 0 }
    let result = requireJSON(output, "a built request")

    if providerRequest {
        guard let body = result["body"]?.stringValue, let url = result["url"]?.stringValue,
            let description = result["description"]?.stringValue
        else {
            propertyFailed("a provider request without body, url or description")
        }
        requireJSON(Array(body.utf8), "the request body")
        if let request = try? JSONValue(parsingUTF8: Array(text.prefix { $0 != 0 })),
            let key = request["apiKey"]?.stringValue, key.count >= 8
        {
            require(!url.contains(key) && !description.contains(key), "the API key shows in the URL or description")
        }
    } else {
        require(
            result["prompt"]?.stringValue != nil && result["estimatedTokens"]?.integerValue != nil,
            "a prompt without text or estimate")
    }
    return 0
}
