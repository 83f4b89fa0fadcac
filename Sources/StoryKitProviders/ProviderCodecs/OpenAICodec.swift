/// `/v1/chat/completions` as OpenAI, Ollama, llama.cpp's server and vLLM serve it: building
/// requests and decoding responses and stream chunks, with no I/O. The key goes in an
/// `Authorization: Bearer` header; local servers usually need none.
///
///     let http = try OpenAICodec.request(request, apiKey: nil, baseURL: "http://127.0.0.1:11434/v1")
public enum OpenAICodec {
    /// OpenAI's own API.
    public static let defaultBaseURL = "https://api.openai.com/v1"

    /// How a request's response schema is written in `response_format`.
    public enum SchemaForm: Sendable, Hashable {
        /// OpenAI's `{"type":"json_schema","json_schema":{"name":…,"strict":true,"schema":…}}`,
        /// which OpenAI, vLLM, Ollama and llama.cpp's own server read.
        case jsonSchema
        /// `{"type":"json_object","schema":…}`, the only form llama-cpp-python's server reads
        /// (it refuses the other with HTTP 500).
        case jsonObject
    }

    /// The HTTP request for `request` at `baseURL` + `/chat/completions`; `stream` asks for
    /// server-sent events, with the usage in a last chunk.
    public static func request(
        _ request: TextGenerationRequest, apiKey: String?, baseURL: String = defaultBaseURL, stream: Bool = false,
        schemaForm: SchemaForm = .jsonSchema
    ) throws(StoryKitError) -> HTTPRequest {
        let root = try Endpoint.baseURL(baseURL)
        let isOpenAIItself = isOpenAI(root)
        try ModelDefaults.checkNotRetired(request.model, provider: .openai, isOpenAIItself: isOpenAIItself)
        return HTTPRequest(
            method: "POST",
            url: "\(root)/chat/completions",
            headers: try Endpoint.jsonHeaders(
                apiKey: apiKey, keyHeader: "Authorization", keyPrefix: "Bearer ", streaming: stream),
            body: try body(request, stream: stream, isOpenAIItself: isOpenAIItself, schemaForm: schemaForm).utf8Bytes()
        )
    }

    /// Whether `baseURL` is OpenAI's own API rather than another OpenAI-compatible server.
    package static func isOpenAI(_ baseURL: String) -> Bool {
        APIKey.isProvidersOwnHost(baseURL, provider: .openai)
    }

    /// The JSON body for `request`.
    ///
    /// The output limit goes as `max_completion_tokens` to OpenAI itself (its reasoning models
    /// refuse `max_tokens`), and as `max_tokens` to other servers (Ollama, llama.cpp, vLLM),
    /// which read that name. Sampling parameters are sent only when the caller sets them:
    /// reasoning models refuse a `temperature` other than the default.
    static func body(
        _ request: TextGenerationRequest, stream: Bool, isOpenAIItself: Bool = false,
        schemaForm: SchemaForm = .jsonSchema
    ) throws(StoryKitError) -> JSONValue {
        guard !request.messages.isEmpty else { throw StoryKitError(.invalidArgument, "the request has no messages") }
        var body: JSONObject = ["model": .string(try Endpoint.bodyModel(request.model))]
        var messages: [JSONValue] = []
        if let instructions = request.instructions {
            messages.append(["role": "system", "content": .string(instructions)])
        }
        for message in request.messages {
            messages.append([
                "role": .string(message.role == .user ? "user" : "assistant"), "content": .string(message.text)
            ])
        }
        body["messages"] = .array(messages)
        if let value = request.temperature { body["temperature"] = try Endpoint.number(value, "temperature") }
        if let value = request.topP { body["top_p"] = try Endpoint.number(value, "topP") }
        if let value = request.topK { body["top_k"] = .number(JSONNumber(value)) }
        if let value = request.maxOutputTokens {
            body[isOpenAIItself ? "max_completion_tokens" : "max_tokens"] = .number(JSONNumber(value))
        }
        if let value = request.candidateCount { body["n"] = .number(JSONNumber(value)) }
        if !request.stopSequences.isEmpty { body["stop"] = .array(request.stopSequences.map(JSONValue.string)) }
        if let value = request.seed { body["seed"] = .number(JSONNumber(value)) }
        // Other servers would refuse a field they do not know.
        if isOpenAIItself, let level = request.thinkingLevel { body["reasoning_effort"] = .string(level) }
        if let schema = request.responseSchema, schemaForm == .jsonObject {
            body["response_format"] = ["type": "json_object", "schema": schema]
        } else if let schema = request.responseSchema {
            body["response_format"] = [
                "type": "json_schema",
                "json_schema": [
                    "name": .string(request.responseSchemaName), "strict": true, "schema": schema
                ]
            ]
        } else if request.wantsJSON {
            body["response_format"] = ["type": "json_object"]
        }
        if stream {
            body["stream"] = true
            body["stream_options"] = ["include_usage": true]
        }
        return .object(body)
    }

    /// Decodes a `chat.completion` response: the result, or the error the status, the body or
    /// the reply's content amounts to.
    public static func decode(_ response: HTTPResponse) throws(GenerationError) -> GenerationResult {
        try OpenAIReplyAccumulator.decode(response)
    }
}
