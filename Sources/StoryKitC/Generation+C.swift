import CStoryKit
import StoryKitCore

@c @implementation
public func storykit_response_decode(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ provider: UnsafePointer<CChar>?,
    _ http_status: Int32,
    _ body: UnsafePointer<CChar>?,
    _ len: Int
) -> storykit_status {
    answerJSON(out_json) { () throws(StoryKitError) in
        let provider = try providerArgument(provider)
        guard (100...599).contains(http_status) else {
            throw StoryKitError(.invalidArgument, "http_status \(http_status) is not an HTTP status (100 to 599)")
        }
        let bytes = try inputBytes(body, len, "body")
        // Only a success body that is not even text cannot be classified: an error status
        // still says what happened, whatever its body.
        if (200..<300).contains(http_status), UTF8Text.string(validating: bytes) == nil {
            throw StoryKitError(
                .parse,
                "the \(len)-byte body is not UTF-8 text (still compressed, or not a \(provider.rawValue) reply?)")
        }
        return provider.decode(HTTPResponse(status: Int(http_status), body: Array(bytes))).json
    }
}

@c @implementation
public func storykit_request_build(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ request_json: UnsafePointer<CChar>?
) -> storykit_status {
    answerJSON(out_json) { () throws(StoryKitError) in
        var request = try requestReader(request_json)
        return try ProviderRequest.build(&request).json
    }
}

private func providerArgument(_ provider: UnsafePointer<CChar>?) throws(StoryKitError) -> GenerationProvider {
    let name = try stringArgument(provider, "provider")
    guard let value = GenerationProvider(rawValue: name) else {
        throw StoryKitError(
            .invalidArgument, "unknown provider \"\(name)\"; expected \"gemini\", \"imagen\" or \"openai\"")
    }
    return value
}

/// Reads the generation streams' options: `{"httpStatus":100..599}` (default 200).
func generationStreamOptions(_ options_json: UnsafePointer<CChar>?) throws(StoryKitError) -> Int {
    var reader = try optionsReader(options_json)
    let status = try reader.integer("httpStatus", in: 100...599, default: 200)
    try reader.finish()
    return status
}
