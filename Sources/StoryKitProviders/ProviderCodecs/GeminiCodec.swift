/// Gemini `models/{model}:generateContent` and `:streamGenerateContent?alt=sse`: building
/// requests and decoding responses, with no I/O. The key travels in the `x-goog-api-key`
/// header, never in the URL.
///
///     let http = try GeminiCodec.request(TextGenerationRequest(model: "gemini-2.5-flash", prompt: prompt), apiKey: key)
///     let response = try await transport.send(http)
///     let text = try GeminiCodec.decode(response).text
public enum GeminiCodec {
    /// The public Gemini API.
    public static let defaultBaseURL = "https://generativelanguage.googleapis.com/v1beta"

    /// The `store` field every request carries: `false`. Since 2026-10-26 Google keeps the
    /// `generateContent` requests of new paid projects (prompt and reply, up to 55 days) unless
    /// a request says `store: false` (Gemini API changelog, "Logs and datasets"); a child's
    /// story and a writer's text are not for a provider's logs.
    public static let storesRequests = false

    /// The HTTP request for `request`; `stream` asks for server-sent events. Without `apiKey`
    /// the request has no key header, for a host that adds its own.
    public static func request(
        _ request: TextGenerationRequest, apiKey: String?, baseURL: String = defaultBaseURL, stream: Bool = false
    ) throws(StoryKitError) -> HTTPRequest {
        let model = try Endpoint.pathModel(request.model)
        try ModelDefaults.checkNotRetired(request.model, provider: .gemini)
        let method = stream ? "streamGenerateContent?alt=sse" : "generateContent"
        return HTTPRequest(
            method: "POST",
            url: "\(try Endpoint.baseURL(baseURL))/models/\(model):\(method)",
            headers: try Endpoint.jsonHeaders(apiKey: apiKey, keyHeader: "x-goog-api-key", streaming: stream),
            body: try body(request).utf8Bytes()
        )
    }

    /// The JSON body Gemini expects for `request`.
    static func body(_ request: TextGenerationRequest) throws(StoryKitError) -> JSONValue {
        guard !request.messages.isEmpty else { throw StoryKitError(.invalidArgument, "the request has no messages") }
        var body = JSONObject()
        body["contents"] = .array(
            request.messages.map { message in
                ["role": .string(message.role == .user ? "user" : "model"), "parts": [["text": .string(message.text)]]]
            })
        if let instructions = request.instructions {
            body["systemInstruction"] = ["parts": [["text": .string(instructions)]]]
        }
        var config = JSONObject()
        if let value = request.temperature { config["temperature"] = try Endpoint.number(value, "temperature") }
        if let value = request.topP { config["topP"] = try Endpoint.number(value, "topP") }
        if let value = request.topK { config["topK"] = .number(JSONNumber(value)) }
        if let value = request.maxOutputTokens { config["maxOutputTokens"] = .number(JSONNumber(value)) }
        if let value = request.candidateCount { config["candidateCount"] = .number(JSONNumber(value)) }
        if !request.stopSequences.isEmpty {
            config["stopSequences"] = .array(request.stopSequences.map(JSONValue.string))
        }
        if request.wantsJSON {
            config["responseMimeType"] = "application/json"
        } else if let type = request.responseMimeType {
            config["responseMimeType"] = .string(type)
        }
        if let schema = request.responseSchema { config["responseSchema"] = GeminiSchema.convert(schema) }
        if let level = request.thinkingLevel { config["thinkingConfig"] = ["thinkingLevel": .string(level)] }
        if !config.isEmpty { body["generationConfig"] = .object(config) }
        body["store"] = .bool(storesRequests)
        if !request.safetySettings.isEmpty {
            body["safetySettings"] = .array(
                request.safetySettings.map { ["category": .string($0.category), "threshold": .string($0.threshold)] })
        }
        return .object(body)
    }

    /// The `generateContent` request that asks a Gemini image model for one picture:
    /// `responseModalities` ["IMAGE"], when the request has one `imageConfig.aspectRatio`,
    /// and each reference image as an `inlineData` part before the prompt's text. (Gemini
    /// image models draw one picture a request; ``RemoteImageGenerator`` sends one request
    /// per image asked for.) Like every Gemini request it carries ``storesRequests``.
    ///
    /// - Throws: `.invalidArgument` for more than ``ImageGenerationRequest/maxReferenceImages``
    ///   reference images, an empty one, or the reasons of ``request(_:apiKey:baseURL:stream:)``.
    public static func imageRequest(
        _ request: ImageGenerationRequest, apiKey: String?, baseURL: String = defaultBaseURL
    ) throws(StoryKitError) -> HTTPRequest {
        guard request.referenceImages.count <= ImageGenerationRequest.maxReferenceImages else {
            throw StoryKitError(
                .invalidArgument,
                "referenceImages holds \(request.referenceImages.count) images, over the limit of \(ImageGenerationRequest.maxReferenceImages)"
            )
        }
        var parts: [JSONValue] = []
        for reference in request.referenceImages {
            guard !reference.bytes.isEmpty else {
                throw StoryKitError(.invalidArgument, "a reference image has no bytes")
            }
            parts.append([
                "inlineData": [
                    "mimeType": .string(reference.mimeType.rawValue), "data": .string(Base64.encode(reference.bytes))
                ]
            ])
        }
        parts.append(["text": .string(request.prompt)])
        var config: JSONObject = ["responseModalities": ["IMAGE"]]
        if let ratio = request.aspectRatio { config["imageConfig"] = ["aspectRatio": .string(ratio)] }
        let body: JSONValue = [
            "contents": [["role": "user", "parts": .array(parts)]],
            "generationConfig": .object(config),
            "store": .bool(storesRequests)
        ]
        return try Endpoint.imageRequest(
            request, provider: .gemini, method: "generateContent", body: body, apiKey: apiKey, baseURL: baseURL)
    }

    /// Decodes a Gemini image model's reply: its pictures (from `inlineData` parts; thought
    /// parts and thought signatures are passed over), or why there are none —
    /// `.promptBlocked` for a blocked prompt, `.contentFiltered` for an `IMAGE_SAFETY`,
    /// `SAFETY` or prohibited-content finish, `.emptyResponse` for `NO_IMAGE` or a reply of
    /// text alone (the text is in the detail).
    public static func decodeImage(_ response: HTTPResponse) throws(GenerationError) -> GenerationResult {
        try GeminiReplyAccumulator.accumulating(response).imageOutcome()
    }

    /// Decodes a `generateContent` response (or a whole `streamGenerateContent` JSON array):
    /// the result, or the error the status, the body or the reply's content amounts to.
    public static func decode(_ response: HTTPResponse) throws(GenerationError) -> GenerationResult {
        try GeminiReplyAccumulator.decode(response)
    }
}
