import StoryKitCore
import Testing

@Suite struct RequestBuildingTests {
    static let key = "AIzaSyD-Fake0Key1ForTests2abcdefghijklm"

    func body(_ request: HTTPRequest) throws -> JSONValue {
        try JSONValue(parsingUTF8: request.body)
    }

    @Test func geminiPutsTheKeyInAHeaderNeverTheURL() throws {
        let prompt = try PromptRequest.build(["kind": "correction", "text": "i wnat to go hmoe", "form": "structured"])
        let request = try GeminiCodec.request(
            TextGenerationRequest(model: "gemini-2.5-flash", prompt: prompt), apiKey: Self.key)
        #expect(request.method == "POST")
        #expect(
            request.url == "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent")
        #expect(request.headers["X-Goog-Api-Key"] == Self.key)
        #expect(!request.url.contains(Self.key) && !request.description.contains(Self.key))
        #expect(request.description.contains("x-goog-api-key: [redacted]"))
        let json = try body(request)
        #expect(json["contents"]?[0]?["role"] == "user")
        #expect(json["contents"]?[0]?["parts"]?[0]?["text"]?.stringValue == prompt.prompt)
        #expect(json["systemInstruction"]?["parts"]?[0]?["text"]?.stringValue == prompt.instructions)
        #expect(json["generationConfig"]?["responseMimeType"] == "application/json")
        // Google keeps nothing of the request in its logs.
        #expect(json["store"] == false)
        // The prompt's temperature is a suggestion: sampling is sent only when the caller sets it.
        #expect(json["generationConfig"]?["temperature"] == nil)
    }

    @Test func aSchemaGoesInOpenAIsFormOrInTheJSONObjectFormSomeServersReadInstead() throws {
        var request = TextGenerationRequest(model: "tiny", messages: [.init(role: .user, text: "hi")])
        let schema: JSONValue = ["type": "object", "properties": ["a": ["type": "string"]], "required": ["a"]]
        request.responseSchema = schema
        let standard = try body(OpenAICodec.request(request, apiKey: nil, baseURL: "http://127.0.0.1:8080/v1"))
        #expect(
            standard["response_format"] == [
                "type": "json_schema", "json_schema": ["name": "response", "strict": true, "schema": schema]
            ])
        let jsonObject = try body(
            OpenAICodec.request(request, apiKey: nil, baseURL: "http://127.0.0.1:8080/v1", schemaForm: .jsonObject))
        #expect(jsonObject["response_format"] == ["type": "json_object", "schema": schema])
    }

    @Test func imagesComeFromAGeminiImageModelAndRetiredModelsAreRefusedEarly() throws {
        var request = ImageGenerationRequest(model: ModelDefaults.image, prompt: "A fox in a red scarf")
        request.aspectRatio = "4:3"
        let http = try GeminiCodec.imageRequest(request, apiKey: Self.key)
        #expect(
            http.url == "https://generativelanguage.googleapis.com/v1beta/models/gemini-3.1-flash-image:generateContent"
        )
        #expect(
            try body(http) == [
                "contents": [["role": "user", "parts": [["text": "A fox in a red scarf"]]]],
                "generationConfig": ["responseModalities": ["IMAGE"], "imageConfig": ["aspectRatio": "4:3"]],
                "store": false
            ])
        // A reference picture goes before the text, as an inlineData part.
        request.referenceImages = [ReferenceImage(bytes: [0xFF, 0x00], mimeType: .jpeg)]
        #expect(
            try body(GeminiCodec.imageRequest(request, apiKey: nil))["contents"]?[0]?["parts"] == [
                ["inlineData": ["mimeType": "image/jpeg", "data": "/wA="]], ["text": "A fox in a red scarf"]
            ])
        request.referenceImages = Array(
            repeating: ReferenceImage(bytes: [1], mimeType: .png), count: ImageGenerationRequest.maxReferenceImages + 1)
        #expect(throws: StoryKitError.self) { _ = try GeminiCodec.imageRequest(request, apiKey: nil) }
        request.referenceImages = [ReferenceImage(bytes: [], mimeType: .png)]
        #expect(throws: StoryKitError.self) { _ = try GeminiCodec.imageRequest(request, apiKey: nil) }
        for retired in ["imagen-3.0-generate-002", "imagen-4.0-generate-001", "gemini-3.1-flash-image-preview"] {
            do {
                _ = try GeminiCodec.imageRequest(ImageGenerationRequest(model: retired, prompt: "x"), apiKey: nil)
                _ = try ImagenCodec.request(ImageGenerationRequest(model: retired, prompt: "x"), apiKey: nil)
                Issue.record("\(retired) was accepted")
            } catch {
                #expect(
                    error.message.contains("shut down") && error.message.contains("use gemini-3"), "\(error.message)")
            }
        }
        #expect(throws: GenerationError.self) {
            _ = try RemoteImageGenerator(model: "imagen-4.0-generate-001", transport: UnusedTransport(), apiKey: "k")
        }
    }

    @Test func thinkingAndOutputLimitsFollowEachProvider() throws {
        var request = TextGenerationRequest(model: "gemini-3.5-flash-lite", messages: [.init(role: .user, text: "x")])
        request.thinkingLevel = "minimal"
        request.maxOutputTokens = 200
        #expect(
            try body(GeminiCodec.request(request, apiKey: nil))["generationConfig"]?["thinkingConfig"] == [
                "thinkingLevel": "minimal"
            ])
        request.model = "gpt-6-luna"
        request.thinkingLevel = "low"
        let openAI = try body(OpenAICodec.request(request, apiKey: "sk-abcdefgh12345678"))
        #expect(
            openAI["max_completion_tokens"] == 200 && openAI["max_tokens"] == nil && openAI["reasoning_effort"] == "low"
        )
        request.model = "llama3.2"
        let local = try body(OpenAICodec.request(request, apiKey: nil, baseURL: "http://127.0.0.1:11434/v1"))
        #expect(local["max_tokens"] == 200 && local["max_completion_tokens"] == nil && local["reasoning_effort"] == nil)
        #expect(local["temperature"] == nil)
        // A local server's names are its own: "gpt-4" is refused only by OpenAI itself.
        request.model = "gpt-4"
        #expect(throws: StoryKitError.self) { try OpenAICodec.request(request, apiKey: "sk-abcdefgh12345678") }
        _ = try OpenAICodec.request(request, apiKey: nil, baseURL: "http://127.0.0.1:11434/v1")
        #expect(CorrectionService.lowestThinkingLevel(for: "gemini-3.5-flash-lite") == "minimal")
        #expect(CorrectionService.lowestThinkingLevel(for: "gemini-3-pro-image") == "low")
    }

    @Test func geminiSchemaIsTheOpenAPISubset() throws {
        let prompt = try PromptRequest.build(["kind": "correction", "text": "helo", "form": "structured"])
        let schema = try #require(prompt.responseSchema)
        #expect(schema["additionalProperties"] != nil)
        let json = try body(
            GeminiCodec.request(TextGenerationRequest(model: "gemini-2.5-flash", prompt: prompt), apiKey: nil))
        let converted = try #require(json["generationConfig"]?["responseSchema"])
        #expect(converted["type"] == "OBJECT")
        #expect(converted["additionalProperties"] == nil)
        #expect(converted["propertyOrdering"] == ["directCorrection", "refinedPhrasing", "alternativeInterpretation"])
        #expect(converted["properties"]?["directCorrection"]?["type"] == "STRING")
        let nullable = ["type": ["string", "null"], "description": "d"] as JSONValue
        var request = TextGenerationRequest(model: "m", messages: [.init(role: .user, text: "x")])
        request.responseSchema = ["type": "object", "properties": ["a": nullable], "$schema": "x"]
        let converted2 = try #require(
            try body(GeminiCodec.request(request, apiKey: nil))["generationConfig"]?["responseSchema"])
        #expect(converted2["properties"]?["a"] == ["type": "STRING", "nullable": true, "description": "d"])
        #expect(converted2["$schema"] == nil)
    }

    @Test func geminiStreamingAndEveryGenerationSetting() throws {
        var request = TextGenerationRequest(
            model: "models/gemini-2.5-pro", instructions: "Be brief.",
            messages: [
                .init(role: .user, text: "Hi"), .init(role: .model, text: "Hello"), .init(role: .user, text: "Again")
            ])
        request.temperature = 0.5
        request.topP = 0.9
        request.topK = 40
        request.maxOutputTokens = 256
        request.candidateCount = 2
        request.stopSequences = ["END"]
        request.safetySettings = [.init(category: "HARM_CATEGORY_HARASSMENT", threshold: "BLOCK_LOW_AND_ABOVE")]
        let http = try GeminiCodec.request(request, apiKey: nil, baseURL: "http://127.0.0.1:8080/v1beta/", stream: true)
        #expect(http.url == "http://127.0.0.1:8080/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse")
        #expect(http.headers["x-goog-api-key"] == nil)
        #expect(http.headers["Accept"] == "text/event-stream")
        let json = try body(http)
        #expect(json["contents"]?.arrayValue?.map { $0["role"] } == ["user", "model", "user"])
        #expect(
            json["generationConfig"] == [
                "temperature": 0.5, "topP": 0.9, "topK": 40, "maxOutputTokens": 256, "candidateCount": 2,
                "stopSequences": ["END"]
            ])
        #expect(
            json["safetySettings"] == [["category": "HARM_CATEGORY_HARASSMENT", "threshold": "BLOCK_LOW_AND_ABOVE"]])
    }

    @Test func openAIRequestWithStrictSchemaAndStreaming() throws {
        let prompt = try PromptRequest.build(["kind": "correction", "text": "helo", "form": "structured"])
        var request = TextGenerationRequest(model: "llama3.2:3b", prompt: prompt)
        request.seed = 7
        request.topK = 20
        let http = try OpenAICodec.request(
            request, apiKey: "sk-test-1234567890abcdef", baseURL: "http://127.0.0.1:11434/v1", stream: true)
        #expect(http.url == "http://127.0.0.1:11434/v1/chat/completions")
        #expect(http.headers["authorization"] == "Bearer sk-test-1234567890abcdef")
        #expect(http.description.contains("Authorization: Bearer [redacted]") && !http.description.contains("sk-test"))
        let json = try body(http)
        #expect(json["model"] == "llama3.2:3b")
        #expect(json["messages"]?[0]?["role"] == "system")
        #expect(json["messages"]?[1]?["role"] == "user")
        #expect(json["response_format"]?["type"] == "json_schema")
        #expect(json["response_format"]?["json_schema"]?["strict"] == true)
        #expect(json["response_format"]?["json_schema"]?["schema"] == prompt.responseSchema)
        #expect(json["seed"] == 7 && json["top_k"] == 20)
        #expect(json["stream"] == true && json["stream_options"] == ["include_usage": true])
        var plain = TextGenerationRequest(model: "gpt-4o-mini", messages: [.init(role: .user, text: "x")])
        plain.responseMimeType = "application/json"
        #expect(try body(OpenAICodec.request(plain, apiKey: nil))["response_format"] == ["type": "json_object"])
    }

    @Test func imagenRequestAsksForFilterReasons() throws {
        // Imagen is kept for compatibility only: no model of it is served any more, so a name
        // the retirement table does not know stands in.
        var request = ImageGenerationRequest(model: "imagen-compatible-test", prompt: "A fox in a red scarf")
        request.sampleCount = 2
        request.aspectRatio = "4:3"
        request.personGeneration = "dont_allow"
        request.negativePrompt = "text"
        let http = try ImagenCodec.request(request, apiKey: Self.key)
        #expect(http.url == "https://generativelanguage.googleapis.com/v1beta/models/imagen-compatible-test:predict")
        #expect(
            try body(http) == [
                "instances": [["prompt": "A fox in a red scarf"]],
                "parameters": [
                    "sampleCount": 2, "aspectRatio": "4:3", "personGeneration": "dont_allow", "negativePrompt": "text",
                    "includeRaiReason": true
                ]
            ])
        request.sampleCount = 9
        #expect(throws: StoryKitError.self) { try ImagenCodec.request(request, apiKey: nil) }
    }

    @Test(arguments: ["../etc", "gemini 2", "gemini?x=1", "a/b", "", "gemini\r\nX: y"])
    func modelNamesThatCouldBreakTheURLAreRejected(_ model: String) {
        let request = TextGenerationRequest(model: model, messages: [.init(role: .user, text: "x")])
        #expect(throws: StoryKitError.self) { try GeminiCodec.request(request, apiKey: nil) }
    }

    @Test(arguments: ["", "key with space", "key\r\nX-Evil: 1", String(repeating: "k", count: 1025)])
    func keysThatCouldBreakAHeaderAreRejected(_ key: String) {
        let request = TextGenerationRequest(model: "gemini-2.5-flash", messages: [.init(role: .user, text: "x")])
        #expect(throws: StoryKitError.self) { try GeminiCodec.request(request, apiKey: key) }
    }

    @Test(arguments: ["ftp://x", "https://", "https://host/path?x=1", "https://host name", "file:///etc/passwd"])
    func badBaseURLsAreRejected(_ base: String) {
        let request = TextGenerationRequest(model: "m", messages: [.init(role: .user, text: "x")])
        #expect(throws: StoryKitError.self) { try OpenAICodec.request(request, apiKey: nil, baseURL: base) }
    }

    @Test func jsonRequestsTakeABuiltPromptAndNameBadFields() throws {
        let prompt = try PromptRequest.build([
            "kind": "illustration", "hero": ["name": "Mia", "traits": ["brave"], "appearance": "red scarf"],
            "page": ["text": "Mia climbs.", "index": 1]
        ])
        let http = try ProviderRequest.build([
            "provider": "imagen", "model": "imagen-compatible-test", "prompt": prompt.json, "sampleCount": 1
        ])
        #expect(try body(http)["instances"]?[0]?["prompt"]?.stringValue == prompt.prompt)
        let text = try ProviderRequest.build([
            "provider": "openai", "model": "gpt-4o-mini", "prompt": "Hello", "temperature": 0.2,
            "apiKey": "sk-abcdefgh12345678"
        ])
        #expect(try body(text)["messages"] == [["role": "user", "content": "Hello"]])
        #expect(text.json["headers"]?["Authorization"] == "Bearer sk-abcdefgh12345678")
        #expect(text.json["description"]?.stringValue?.contains("sk-abcdefgh") == false)
        func message(_ request: JSONValue) -> String {
            do { _ = try ProviderRequest.build(request); return "" } catch { return error.message }
        }
        #expect(
            message(["provider": "gemini", "model": "m", "prompt": "x", "sampleCount": 2]).contains(
                "unknown field \"sampleCount\""))
        #expect(message(["provider": "gemini", "model": "m"]).contains("\"prompt\" is missing"))
        #expect(
            message(["provider": "gemini", "model": "m", "messages": [["role": "robot", "text": "x"]]]).contains(
                "messages[0].role"))
        #expect(
            message(["provider": "imagen", "model": "m", "prompt": "x", "stream": true]).contains("does not stream"))
        #expect(message(["provider": "claude", "model": "m", "prompt": "x"]).contains("\"provider\""))
        #expect(
            message(["provider": "openai", "model": "m", "prompt": ["prompt": "x", "extra": 1]]).contains(
                "prompt.extra"))
        #expect(message(["provider": "gemini", "model": "m", "prompt": "x", "temperature": 3]).contains("temperature"))
    }
}

/// A transport for generators that must fail before sending anything.
private struct UnusedTransport: HTTPTransport {
    func send(_ request: HTTPRequest, timeout: Duration) async throws(GenerationError) -> HTTPResponse {
        throw GenerationError(.transport, detail: "nothing should be sent")
    }

    func stream(_ request: HTTPRequest, timeout: Duration) async throws(GenerationError) -> HTTPStreamingResponse {
        throw GenerationError(.transport, detail: "nothing should be sent")
    }
}
