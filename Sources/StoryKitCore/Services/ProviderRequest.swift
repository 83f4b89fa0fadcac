/// The JSON form of request building, what `storykit_request_build` takes:
///
///     {"provider":"gemini"|"openai"|"imagen", "model":"…", "apiKey":"…" (optional),
///      "baseURL":"…" (optional), "stream":false, "prompt":"…" | {a built prompt}, …}
///
/// `prompt` is a text or the object `storykit_prompt_build` returns (its instructions, text,
/// response schema, token limit and temperature are used). Text providers also take
/// `instructions`, `messages` (`[{"role":"user"|"model"|"assistant","text":…}]`, instead of
/// `prompt`), `temperature`, `topP`, `topK`, `maxOutputTokens`, `candidateCount`,
/// `stopSequences`, `seed`, `responseMimeType`, `responseSchema`, `responseSchemaName` and
/// (Gemini) `safetySettings` (`[{"category","threshold"}]`); explicit fields win over the
/// prompt object's. Imagen takes `sampleCount`, `aspectRatio`, `personGeneration` and
/// `negativePrompt`. A missing, wrong-typed or unknown key is `.invalidArgument` naming it.
public enum ProviderRequest {
    /// Builds the HTTP request a JSON request describes.
    public static func build(_ request: JSONValue) throws(StoryKitError) -> HTTPRequest {
        var reader = try JSONFieldReader(request)
        return try build(&reader)
    }

    /// What a JSON request asks for, before it becomes HTTP.
    package struct Parsed: Sendable {
        /// What to generate.
        package enum Content: Sendable {
            case text(TextGenerationRequest)
            case image(ImageGenerationRequest)
        }

        package var provider: GenerationProvider
        package var apiKey: String?
        package var baseURL: String?
        package var stream: Bool
        package var content: Content
    }

    /// Reads a request's fields; the caller finishes the reader (it may read more keys).
    package static func parse(_ reader: inout JSONFieldReader) throws(StoryKitError) -> Parsed {
        let provider: GenerationProvider = try reader.choice("provider")
        let model = try reader.string("model")
        let apiKey = try reader.optionalString("apiKey")
        let baseURL = try reader.optionalString("baseURL")
        let stream = try reader.boolean("stream", default: false)
        switch provider {
        case .imagen:
            guard !stream else {
                throw StoryKitError(.invalidArgument, "\(reader.name("stream")): Imagen does not stream")
            }
            var image = ImageGenerationRequest(model: model, prompt: try promptText(&reader))
            image.sampleCount = try reader.optionalInteger("sampleCount", in: 1...ImageGenerationRequest.maxSampleCount)
            image.aspectRatio = try reader.optionalString("aspectRatio")
            image.personGeneration = try reader.optionalString("personGeneration")
            image.negativePrompt = try reader.optionalString("negativePrompt")
            return Parsed(provider: provider, apiKey: apiKey, baseURL: baseURL, stream: false, content: .image(image))
        case .gemini, .openai:
            let text = try textRequest(&reader, model: model, provider: provider)
            return Parsed(provider: provider, apiKey: apiKey, baseURL: baseURL, stream: stream, content: .text(text))
        }
    }

    /// Builds the HTTP request of a whole request, rejecting keys nobody read.
    package static func build(_ reader: inout JSONFieldReader) throws(StoryKitError) -> HTTPRequest {
        let parsed = try parse(&reader)
        try reader.finish()
        switch parsed.content {
        case .image(let image):
            return try ImagenCodec.request(
                image, apiKey: parsed.apiKey, baseURL: parsed.baseURL ?? ImagenCodec.defaultBaseURL)
        case .text(let text) where parsed.provider == .gemini:
            return try GeminiCodec.request(
                text, apiKey: parsed.apiKey, baseURL: parsed.baseURL ?? GeminiCodec.defaultBaseURL,
                stream: parsed.stream)
        case .text(let text):
            return try OpenAICodec.request(
                text, apiKey: parsed.apiKey, baseURL: parsed.baseURL ?? OpenAICodec.defaultBaseURL,
                stream: parsed.stream)
        }
    }

    private static func textRequest(_ reader: inout JSONFieldReader, model: String, provider: GenerationProvider)
        throws(StoryKitError) -> TextGenerationRequest
    {
        var request: TextGenerationRequest
        let messages = try reader.objects("messages")
        if let prompt = reader.value("prompt") {
            guard messages.isEmpty else {
                throw StoryKitError(
                    .invalidArgument, "give \(reader.name("prompt")) or \(reader.name("messages")), not both")
            }
            let parts = try promptParts(prompt, name: reader.name("prompt"))
            request = TextGenerationRequest(
                model: model, instructions: parts.instructions, messages: [.init(role: .user, text: parts.text)])
            request.responseSchema = parts.responseSchema
            request.maxOutputTokens = parts.maxResponseTokens
            request.temperature = parts.temperature
        } else {
            guard !messages.isEmpty else {
                throw StoryKitError(
                    .invalidArgument, "\(reader.name("prompt")) is missing (or give \(reader.name("messages")))")
            }
            request = TextGenerationRequest(model: model, messages: [])
            for var message in messages {
                let role = try message.string("role")
                let text = try message.string("text")
                try message.finish()
                switch role {
                case "user": request.messages.append(.init(role: .user, text: text))
                case "model", "assistant": request.messages.append(.init(role: .model, text: text))
                default:
                    throw StoryKitError(
                        .invalidArgument,
                        "\(message.name("role")) must be \"user\", \"model\" or \"assistant\", not \"\(role)\"")
                }
            }
        }
        if let value = try reader.optionalString("instructions") { request.instructions = value }
        if let value = try reader.optionalNumber("temperature", in: 0...2) { request.temperature = value }
        if let value = try reader.optionalNumber("topP", in: 0...1) { request.topP = value }
        if let value = try reader.optionalInteger("topK", in: 1...1000) { request.topK = value }
        if let value = try reader.optionalInteger("maxOutputTokens", in: 1...2_000_000) {
            request.maxOutputTokens = value
        }
        if let value = try reader.optionalInteger("candidateCount", in: 1...8) { request.candidateCount = value }
        if let value = try reader.optionalInteger("seed", in: Int(Int32.min)...Int(Int32.max)) { request.seed = value }
        if let value = try reader.optionalString("thinkingLevel") {
            let levels = ["minimal", "low", "medium", "high"]
            guard levels.contains(value) else {
                throw StoryKitError(
                    .invalidArgument,
                    "\(reader.name("thinkingLevel")) must be one of \(levels.map { "\"\($0)\"" }.joined(separator: ", ")), not \"\(value)\""
                )
            }
            request.thinkingLevel = value
        }
        request.stopSequences = try reader.strings("stopSequences")
        if let value = try reader.optionalString("responseMimeType") { request.responseMimeType = value }
        if let value = reader.value("responseSchema") {
            guard case .object = value else {
                throw StoryKitError(
                    .invalidArgument,
                    "\(reader.name("responseSchema")) must be a JSON Schema object, not \(JSONFieldReader.describe(value))"
                )
            }
            request.responseSchema = value
        }
        if let value = try reader.optionalString("responseSchemaName") { request.responseSchemaName = value }
        if provider == .gemini {
            for var setting in try reader.objects("safetySettings") {
                request.safetySettings.append(
                    .init(category: try setting.string("category"), threshold: try setting.string("threshold")))
                try setting.finish()
            }
        }
        return request
    }

    /// The prompt text for Imagen: a string, or a built prompt's `prompt`.
    private static func promptText(_ reader: inout JSONFieldReader) throws(StoryKitError) -> String {
        guard let prompt = reader.value("prompt") else { throw reader.missing("prompt") }
        return try promptParts(prompt, name: reader.name("prompt")).text
    }

    /// What a request uses of a prompt given as text or as a built prompt object.
    private struct PromptParts {
        var instructions: String?
        var text: String
        var responseSchema: JSONValue?
        var maxResponseTokens: Int?
        var temperature: Double?
    }

    /// A prompt given as text, or as the object `storykit_prompt_build` returns.
    private static func promptParts(_ value: JSONValue, name: String) throws(StoryKitError) -> PromptParts {
        switch value {
        case .string(let text):
            return PromptParts(text: text)
        case .object:
            var reader = try JSONFieldReader(value, path: "prompt")
            let instructions = try reader.optionalString("instructions")
            let parts = PromptParts(
                instructions: instructions?.isEmpty == true ? nil : instructions,
                text: try reader.string("prompt"),
                responseSchema: reader.value("responseSchema"),
                maxResponseTokens: try reader.optionalInteger("maxResponseTokens", in: 1...2_000_000),
                temperature: try reader.optionalNumber("temperature", in: 0...2))
            // What the builder reports about itself is not part of the request.
            for key in ["estimatedTokens", "truncations", "truncated"] { _ = reader.value(key) }
            try reader.finish()
            return parts
        default:
            throw StoryKitError(
                .invalidArgument,
                "\(name) must be a text or a built prompt object, not \(JSONFieldReader.describe(value))")
        }
    }
}

extension HTTPRequest {
    /// The request in StoryKit's JSON, what `storykit_request_build` returns:
    /// `{"method","url","headers":{name:value},"body":"…","description":"…"}`. `headers` holds
    /// the key so that the request can be sent; `description` is the redacted one-line form
    /// to print or log.
    public var json: JSONValue {
        var headerObject = JSONObject()
        for field in headers { headerObject.append(field.name, .string(field.value)) }
        return [
            "method": .string(method), "url": .string(url), "headers": .object(headerObject),
            "body": .string(String(decoding: body, as: UTF8.self)), "description": .string(description)
        ]
    }
}
