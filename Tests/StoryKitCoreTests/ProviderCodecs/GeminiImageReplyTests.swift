import StoryKitCore
import Testing

/// Replies of Gemini image models, as they come: pictures among thoughts, or why there is none.
@Suite struct GeminiImageReplyTests {
    private static let png =
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg=="

    private func decode(_ json: String, status: Int = 200) -> Result<GenerationResult, GenerationError> {
        Result { () throws(GenerationError) in
            try GeminiCodec.decodeImage(HTTPResponse(status: status, body: Array(json.utf8)))
        }
    }

    @Test func thePictureIsKeptAndTheThoughtsAndTheirDraftAreNot() throws {
        let reply = """
            {"candidates":[{"content":{"role":"model","parts":[
              {"text":"Planning a fox in a scarf.","thought":true},
              {"inlineData":{"mimeType":"image/png","data":"\(Self.png)"},"thought":true},
              {"text":"Here is the fox.","thoughtSignature":"c2ln"},
              {"inlineData":{"mimeType":"image/png","data":"\(Self.png)"},"thoughtSignature":"c2ln"}]},
              "finishReason":"STOP"}],"modelVersion":"gemini-3.1-flash-image"}
            """
        let result = try decode(reply).get()
        #expect(result.images.count == 1)
        #expect(result.text == "Here is the fox.")
        guard case .image(let bytes, let type) = result.images.first else { Issue.record("no image"); return }
        #expect(type == .png && bytes.prefix(4) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test(arguments: [
        (
            #"{"candidates":[{"content":{"parts":[]},"finishReason":"IMAGE_SAFETY","finishMessage":"The picture was blocked."}]}"#,
            GenerationError.Kind.contentFiltered, "The picture was blocked."
        ),
        (
            #"{"candidates":[{"content":{"parts":[{"text":"I can't draw that."}]},"finishReason":"NO_IMAGE"}]}"#,
            .emptyResponse, "I can't draw that."
        ),
        (
            #"{"candidates":[{"content":{"parts":[{"text":"A fox would look lovely here."}]},"finishReason":"STOP"}]}"#,
            .emptyResponse, "no picture"
        ),
        (#"{"promptFeedback":{"blockReason":"SAFETY"}}"#, .promptBlocked, ""),
        (#"{"this":[1]}"#, .malformedResponse, "not a generateContent response")
    ])
    func aReplyWithoutAPictureSaysWhy(_ reply: String, _ kind: GenerationError.Kind, _ detail: String) {
        guard case .failure(let error) = decode(reply) else {
            Issue.record("a reply without a picture was a success: \(reply)")
            return
        }
        #expect(error.kind == kind, "\(reply): \(error)")
        if !detail.isEmpty { #expect(error.detail?.contains(detail) == true, "\(error.detail ?? "")") }
    }
}
