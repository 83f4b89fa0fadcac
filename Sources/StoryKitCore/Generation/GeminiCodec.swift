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
        body["contents"] = .array(request.messages.map { message in
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
        if !request.stopSequences.isEmpty { config["stopSequences"] = .array(request.stopSequences.map(JSONValue.string)) }
        if request.wantsJSON { config["responseMimeType"] = "application/json" }
        else if let type = request.responseMimeType { config["responseMimeType"] = .string(type) }
        if let schema = request.responseSchema { config["responseSchema"] = GeminiSchema.convert(schema) }
        if let level = request.thinkingLevel { config["thinkingConfig"] = ["thinkingLevel": .string(level)] }
        if !config.isEmpty { body["generationConfig"] = .object(config) }
        if !request.safetySettings.isEmpty {
            body["safetySettings"] = .array(request.safetySettings.map { ["category": .string($0.category), "threshold": .string($0.threshold)] })
        }
        return .object(body)
    }

    /// The `generateContent` request that asks a Gemini image model for one picture:
    /// `responseModalities` ["IMAGE"] and, when the request has one, `imageConfig.aspectRatio`.
    /// (Gemini image models draw one picture a request; ``RemoteImageGenerator`` sends one
    /// request per image asked for.)
    public static func imageRequest(_ request: ImageGenerationRequest, apiKey: String?, baseURL: String = defaultBaseURL) throws(StoryKitError) -> HTTPRequest {
        var config: JSONObject = ["responseModalities": ["IMAGE"]]
        if let ratio = request.aspectRatio { config["imageConfig"] = ["aspectRatio": .string(ratio)] }
        let body: JSONValue = [
            "contents": [["role": "user", "parts": [["text": .string(request.prompt)]]]],
            "generationConfig": .object(config),
        ]
        return try Endpoint.imageRequest(request, provider: .gemini, method: "generateContent", body: body, apiKey: apiKey, baseURL: baseURL)
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

/// Gemini replies, whole or chunk by chunk: each chunk adds text to its candidates; finish
/// reasons, ratings, citations, usage and prompt feedback take their latest values.
struct GeminiReplyAccumulator: ReplyAccumulator {
    private var result = GenerationResult()
    /// Member names of a reply object with none of a Gemini reply's: a JSON body of another
    /// shape is malformed, not empty.
    private var foreignKeys: [String]?
    private var sawKnownShape = false

    init() {}

    var partialText: String { result.text }

    mutating func absorb(_ reply: JSONValue) throws(GenerationError) -> [(index: Int, text: String)] {
        if let error = ServiceErrorBody(reply) {
            throw error.error(httpStatus: nil, retryAfter: nil, partialText: partialText.isEmpty ? nil : partialText)
        }
        guard case .object(let object) = reply else {
            throw GenerationError(.malformedResponse, detail: "a Gemini reply must be a JSON object, not \(JSONFieldReader.describe(reply))", partialText: nonEmptyPartial)
        }
        if let foreign = ReplyShape.foreignKeys(object, known: ["candidates", "promptFeedback", "usageMetadata", "modelVersion", "responseId"]) {
            if foreignKeys == nil { foreignKeys = foreign }
        } else {
            sawKnownShape = true
        }
        var deltas: [(index: Int, text: String)] = []
        for (position, candidate) in (object["candidates"]?.arrayValue ?? []).enumerated() {
            let index = candidate["index"]?.integerValue ?? position
            try GenerationResult.checkCandidate(index, partialText: nonEmptyPartial)
            let slot = result.slot(forCandidate: index)
            var text = ""
            for part in candidate["content"]?["parts"]?.arrayValue ?? [] {
                if let piece = part["text"]?.stringValue, part["thought"]?.boolValue != true {
                    text += piece
                }
                // A thought part may hold a draft picture: only the answer's pictures count.
                if let data = part["inlineData"] ?? part["inline_data"], index == 0, part["thought"]?.boolValue != true {
                    let which = "inline image \(result.images.count + 1)"
                    result.images.append(try GeneratedImage.decode(
                        base64: data["data"]?.stringValue ?? "", mimeType: (data["mimeType"] ?? data["mime_type"])?.stringValue, which: which))
                }
            }
            if !text.isEmpty {
                result.candidates[slot].text += text
                deltas.append((index, text))
            }
            if let raw = candidate["finishReason"]?.stringValue, let reason = FinishReason(gemini: raw) {
                result.candidates[slot].finishReason = reason
            }
            if let message = candidate["finishMessage"]?.stringValue { result.candidates[slot].finishMessage = message }
            let ratings = SafetyRating.ratings(in: candidate["safetyRatings"])
            if !ratings.isEmpty { result.candidates[slot].safetyRatings = ratings }
            let sources = candidate["citationMetadata"]?["citationSources"] ?? candidate["citationMetadata"]?["citations"]
            for source in sources?.arrayValue ?? [] {
                result.candidates[slot].citations.append(Citation(
                    startIndex: source["startIndex"]?.integerValue, endIndex: source["endIndex"]?.integerValue,
                    uri: source["uri"]?.stringValue, title: source["title"]?.stringValue, license: source["license"]?.stringValue))
            }
        }
        if let feedback = object["promptFeedback"] {
            result.promptFeedback = PromptFeedback(
                blockReason: feedback["blockReason"]?.stringValue, blockReasonMessage: feedback["blockReasonMessage"]?.stringValue,
                safetyRatings: SafetyRating.ratings(in: feedback["safetyRatings"]))
        }
        if let usage = object["usageMetadata"] {
            result.usage = TokenUsage(
                promptTokens: usage["promptTokenCount"]?.integerValue, outputTokens: usage["candidatesTokenCount"]?.integerValue,
                thoughtsTokens: usage["thoughtsTokenCount"]?.integerValue, cachedTokens: usage["cachedContentTokenCount"]?.integerValue,
                totalTokens: usage["totalTokenCount"]?.integerValue)
        }
        if let version = object["modelVersion"]?.stringValue { result.modelVersion = version }
        return deltas
    }

    func outcome() throws(GenerationError) -> GenerationResult {
        if !sawKnownShape, let foreignKeys { throw ReplyShape.foreign(foreignKeys, expected: "generateContent") }
        return try result.checkedText()
    }

    /// The outcome of an image model's reply: at least one picture, or why there is none.
    func imageOutcome() throws(GenerationError) -> GenerationResult {
        if !sawKnownShape, let foreignKeys { throw ReplyShape.foreign(foreignKeys, expected: "generateContent") }
        if let feedback = result.promptFeedback, let reason = feedback.blockReason, reason != "BLOCK_REASON_UNSPECIFIED" {
            throw GenerationError(.promptBlocked, reason: reason, detail: feedback.blockReasonMessage)
        }
        guard result.images.isEmpty else { return result }
        let first = result.candidates.first
        let said = first.map(\.text).flatMap { $0.isEmpty ? nil : "the model said: \($0)" }
        switch first?.finishReason {
        case .imageSafety?, .safety?, .prohibitedContent?, .unknown("IMAGE_PROHIBITED_CONTENT")?:
            throw GenerationError(.contentFiltered, reason: first?.finishReason?.description,
                                  detail: first?.finishMessage ?? said ?? "the picture was withheld by the service's safety rules")
        case .unknown("NO_IMAGE")?:
            throw GenerationError(.emptyResponse, reason: "NO_IMAGE", detail: first?.finishMessage ?? said ?? "the model drew no picture")
        default:
            throw GenerationError(.emptyResponse, reason: first?.finishReason?.description,
                                  detail: said.map { "no picture; \($0)" } ?? "the reply holds no picture")
        }
    }

    private var nonEmptyPartial: String? { partialText.isEmpty ? nil : partialText }
}
