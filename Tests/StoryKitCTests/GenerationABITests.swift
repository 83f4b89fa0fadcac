import CStoryKit
import StoryKitC
import StoryKitCore
import Testing

/// The generation entry points called as a C host would.
@Suite struct GenerationABITests {
    private func decode(_ provider: String, _ status: Int32, _ body: String) -> (storykit_status, JSONValue?) {
        var output: UnsafeMutablePointer<CChar>?
        let result = storykit_response_decode(&output, provider, status, body, body.utf8.count)
        defer { storykit_string_free(output) }
        return (result, output.flatMap { try? JSONValue(parsing: String(cString: $0)) })
    }

    @Test func decodesResultsAndErrorsAsValues() {
        let (status, result) = decode(
            "openai", 200, #"{"choices":[{"index":0,"message":{"content":"Hi"},"finish_reason":"stop"}]}"#)
        #expect(status == STORYKIT_OK)
        #expect(result?["result"]?["text"] == "Hi")
        let (errorStatus, error) = decode(
            "gemini", 429, #"{"error":{"code":429,"message":"slow","status":"RESOURCE_EXHAUSTED"}}"#)
        #expect(errorStatus == STORYKIT_OK)
        #expect(error?["error"]?["kind"] == "rateLimited" && error?["error"]?["retryable"] == true)
    }

    @Test func anEchoedCredentialIsRedactedWithoutAKnownKey() {
        let body =
            #"{"error":{"message":"rejected Authorization: Basic dXNlcjpodW50ZXIy+/w== and Bearer abc/def=","code":401}}"#
        let (status, error) = decode("openai", 401, body)
        #expect(status == STORYKIT_OK)
        let text = error.map { $0.formatted() } ?? ""
        #expect(text.contains("Basic [redacted]"), "\(text)")
        #expect(!text.contains("dXNlcjpodW50ZXIy") && !text.contains("+/w==") && !text.contains("def="))
    }

    @Test func nullAndBadArgumentsAreErrors() {
        var output: UnsafeMutablePointer<CChar>?
        #expect(storykit_response_decode(nil, "gemini", 200, "{}", 2) == STORYKIT_E_INVALID_ARGUMENT)
        #expect(storykit_response_decode(&output, nil, 200, "{}", 2) == STORYKIT_E_INVALID_ARGUMENT)
        #expect(storykit_response_decode(&output, "gemini", 0, "{}", 2) == STORYKIT_E_INVALID_ARGUMENT)
        #expect(storykit_response_decode(&output, "gemini", 200, nil, 2) == STORYKIT_E_INVALID_ARGUMENT)
        #expect(
            storykit_response_decode(&output, "gemini", 200, "{}", Int(STORYKIT_MAX_INPUT_BYTES) + 1)
                == STORYKIT_E_LIMIT)
        #expect(storykit_request_build(&output, nil) == STORYKIT_E_INVALID_ARGUMENT)
        #expect(storykit_request_build(&output, "[]") == STORYKIT_E_INVALID_ARGUMENT)
        #expect(output == nil)
    }

    @Test func buildsARequestWhoseDescriptionHidesTheKey() throws {
        var output: UnsafeMutablePointer<CChar>?
        let request =
            #"{"provider":"gemini","model":"gemini-2.5-flash","prompt":"Hi","apiKey":"AIzaSyD-Fake0Key1ForTests2abcdefghijklm"}"#
        #expect(storykit_request_build(&output, request) == STORYKIT_OK)
        defer { storykit_string_free(output) }
        let json = try JSONValue(parsing: String(cString: try #require(output)))
        #expect(json["headers"]?["x-goog-api-key"] == "AIzaSyD-Fake0Key1ForTests2abcdefghijklm")
        #expect(json["description"]?.stringValue?.contains("AIzaSy") == false)
    }

    @Test func sseStreamsDeliverDeltasAndTheSameOutcome() throws {
        var stream: OpaquePointer?
        #expect(storykit_stream_create(&stream, "gemini-sse", #"{"httpStatus":200}"#) == STORYKIT_OK)
        defer { storykit_stream_free(stream) }
        let body =
            #"data: {"candidates":[{"content":{"parts":[{"text":"Once"}]}}]}"# + "\n\n"
            + #"data: {"candidates":[{"content":{"parts":[{"text":" more"}]},"finishReason":"STOP"}]}"# + "\n\n"
        var events: UnsafeMutablePointer<CChar>?
        #expect(storykit_stream_feed(stream, &events, body, body.utf8.count) == STORYKIT_OK)
        let parsed = try JSONValue(parsing: String(cString: try #require(events)))
        storykit_string_free(events)
        #expect(
            parsed["events"] == [
                ["type": "delta", "index": 0, "text": "Once"], ["type": "delta", "index": 0, "text": " more"]
            ])
        var result: UnsafeMutablePointer<CChar>?
        #expect(storykit_stream_finish(stream, &result) == STORYKIT_OK)
        defer { storykit_string_free(result) }
        #expect(try JSONValue(parsing: String(cString: try #require(result)))["result"]?["text"] == "Once more")
        var none: OpaquePointer?
        #expect(storykit_stream_create(&none, "imagen-sse", nil) == STORYKIT_E_INVALID_ARGUMENT)
    }

    @Test func anEventTheServerDidNotEndArrivesWithTheEnd() throws {
        var stream: OpaquePointer?
        #expect(storykit_stream_create(&stream, "openai-sse", nil) == STORYKIT_OK)
        defer { storykit_stream_free(stream) }
        // The last event lacks its blank line: only the end of the body completes it.
        let body =
            #"data: {"choices":[{"index":0,"delta":{"content":"Once"}}]}"# + "\n\n"
            + #"data: {"choices":[{"index":0,"delta":{"content":" more"},"finish_reason":"stop"}]}"#
        var events: UnsafeMutablePointer<CChar>?
        #expect(storykit_stream_feed(stream, &events, body, body.utf8.count) == STORYKIT_OK)
        #expect(
            try JSONValue(parsing: String(cString: try #require(events)))["events"] == [
                ["type": "delta", "index": 0, "text": "Once"]
            ])
        storykit_string_free(events)

        var result: UnsafeMutablePointer<CChar>?
        var endEvents: UnsafeMutablePointer<CChar>?
        #expect(storykit_stream_finish_events(stream, &result, nil) == STORYKIT_E_INVALID_ARGUMENT)
        #expect(result == nil)
        #expect(storykit_stream_finish_events(stream, &result, &endEvents) == STORYKIT_OK)
        defer { storykit_string_free(result); storykit_string_free(endEvents) }
        #expect(
            try JSONValue(parsing: String(cString: try #require(endEvents)))["events"] == [
                ["type": "delta", "index": 0, "text": " more"]
            ])
        #expect(try JSONValue(parsing: String(cString: try #require(result)))["result"]?["text"] == "Once more")

        var again: UnsafeMutablePointer<CChar>?
        var againEvents: UnsafeMutablePointer<CChar>?
        #expect(storykit_stream_finish_events(stream, &again, &againEvents) == STORYKIT_E_STATE)
        #expect(again == nil && againEvents == nil)
    }
}
