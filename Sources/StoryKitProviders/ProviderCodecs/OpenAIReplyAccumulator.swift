/// OpenAI-compatible replies: a whole `chat.completion` (`choices[].message`) or stream chunks
/// (`choices[].delta`, then a usage-only chunk). A refusal with no text is a blocked prompt.
struct OpenAIReplyAccumulator: ReplyAccumulator {
    private var result = GenerationResult()
    private var refusal = ""
    /// Member names of a reply object with none of a chat completion's (see Gemini's).
    private var foreignKeys: [String]?
    private var sawKnownShape = false

    init() {}

    var partialText: String { result.text }

    mutating func absorb(_ reply: JSONValue) throws(GenerationError) -> [(index: Int, text: String)] {
        // The text so far is copied only for an error: holding a second reference to it
        // while the candidate's text grows would copy the whole text on every event.
        var partial: String? { partialText.isEmpty ? nil : partialText }
        if let error = ServiceErrorBody(reply) {
            throw error.error(httpStatus: nil, retryAfter: nil, partialText: partial)
        }
        guard case .object(let object) = reply else {
            throw GenerationError(
                .malformedResponse,
                detail: "a chat completion must be a JSON object, not \(JSONFieldReader.describe(reply))",
                partialText: partial)
        }
        if let foreign = ReplyShape.foreignKeys(object, known: ["choices", "usage", "id", "object", "model"]) {
            if foreignKeys == nil { foreignKeys = foreign }
        } else {
            sawKnownShape = true
        }
        var deltas: [(index: Int, text: String)] = []
        for (position, choice) in (object["choices"]?.arrayValue ?? []).enumerated() {
            let index = choice["index"]?.integerValue ?? position
            try GenerationResult.checkCandidate(index, partialText: partial)
            let slot = result.slot(forCandidate: index)
            guard let message = choice["message"] ?? choice["delta"] else { continue }
            let text = Self.text(message["content"])
            if !text.isEmpty {
                result.candidates[slot].text += text
                deltas.append((index, text))
            }
            if index == 0, let piece = message["refusal"]?.stringValue { refusal += piece }
            if let raw = choice["finish_reason"]?.stringValue, let reason = FinishReason(openAI: raw) {
                result.candidates[slot].finishReason = reason
            }
        }
        if let usage = object["usage"], case .object = usage {
            result.usage = TokenUsage(
                promptTokens: usage["prompt_tokens"]?.integerValue,
                outputTokens: usage["completion_tokens"]?.integerValue,
                thoughtsTokens: usage["completion_tokens_details"]?["reasoning_tokens"]?.integerValue,
                cachedTokens: usage["prompt_tokens_details"]?["cached_tokens"]?.integerValue,
                totalTokens: usage["total_tokens"]?.integerValue)
        }
        if let model = object["model"]?.stringValue { result.modelVersion = model }
        return deltas
    }

    func outcome() throws(GenerationError) -> GenerationResult {
        if !sawKnownShape, let foreignKeys { throw ReplyShape.foreign(foreignKeys, expected: "chat completion") }
        if result.text.isEmpty, !refusal.isEmpty {
            throw GenerationError(.promptBlocked, reason: "refusal", detail: refusal)
        }
        return try result.checkedText()
    }

    /// A message's `content`: a string, or an array of `{"type":"text","text":…}` parts.
    private static func text(_ content: JSONValue?) -> String {
        switch content {
        case .string(let text)?: text
        case .array(let parts)?: parts.compactMap { $0["text"]?.stringValue }.joined()
        default: ""
        }
    }
}
