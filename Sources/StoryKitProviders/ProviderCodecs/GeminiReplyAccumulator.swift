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
            throw GenerationError(
                .malformedResponse,
                detail: "a Gemini reply must be a JSON object, not \(JSONFieldReader.describe(reply))",
                partialText: nonEmptyPartial)
        }
        if let foreign = ReplyShape.foreignKeys(
            object, known: ["candidates", "promptFeedback", "usageMetadata", "modelVersion", "responseId"])
        {
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
                let isThought = Self.isThought(part["thought"])
                if let piece = part["text"]?.stringValue, !isThought {
                    text += piece
                }
                // A thought part may hold a draft picture: only the answer's pictures count.
                if let data = part["inlineData"] ?? part["inline_data"], index == 0, !isThought {
                    let which = "inline image \(result.images.count + 1)"
                    result.images.append(
                        try GeneratedImage.decode(
                            base64: data["data"]?.stringValue ?? "",
                            mimeType: (data["mimeType"] ?? data["mime_type"])?.stringValue, which: which))
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
            let sources =
                candidate["citationMetadata"]?["citationSources"] ?? candidate["citationMetadata"]?["citations"]
            for source in sources?.arrayValue ?? [] {
                result.candidates[slot].citations.append(
                    Citation(
                        startIndex: source["startIndex"]?.integerValue, endIndex: source["endIndex"]?.integerValue,
                        uri: source["uri"]?.stringValue, title: source["title"]?.stringValue,
                        license: source["license"]?.stringValue))
            }
        }
        if let feedback = object["promptFeedback"] {
            result.promptFeedback = PromptFeedback(
                blockReason: feedback["blockReason"]?.stringValue,
                blockReasonMessage: feedback["blockReasonMessage"]?.stringValue,
                safetyRatings: SafetyRating.ratings(in: feedback["safetyRatings"]))
        }
        if let usage = object["usageMetadata"] {
            result.usage = TokenUsage(
                promptTokens: usage["promptTokenCount"]?.integerValue,
                outputTokens: usage["candidatesTokenCount"]?.integerValue,
                thoughtsTokens: usage["thoughtsTokenCount"]?.integerValue,
                cachedTokens: usage["cachedContentTokenCount"]?.integerValue,
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
        if let feedback = result.promptFeedback, let reason = feedback.blockReason, reason != "BLOCK_REASON_UNSPECIFIED"
        {
            throw GenerationError(.promptBlocked, reason: reason, detail: feedback.blockReasonMessage)
        }
        guard result.images.isEmpty else { return result }
        let first = result.candidates.first
        let said = first.map(\.text).flatMap { $0.isEmpty ? nil : "the model said: \($0)" }
        switch first?.finishReason {
        case .imageSafety?, .safety?, .prohibitedContent?, .unknown("IMAGE_PROHIBITED_CONTENT")?:
            throw GenerationError(
                .contentFiltered, reason: first?.finishReason?.description,
                detail: first?.finishMessage ?? said ?? "the picture was withheld by the service's safety rules")
        case .unknown("NO_IMAGE")?:
            throw GenerationError(
                .emptyResponse, reason: "NO_IMAGE", detail: first?.finishMessage ?? said ?? "the model drew no picture")
        default:
            throw GenerationError(
                .emptyResponse, reason: first?.finishReason?.description,
                detail: said.map { "no picture; \($0)" } ?? "the reply holds no picture")
        }
    }

    private var nonEmptyPartial: String? { partialText.isEmpty ? nil : partialText }

    /// Whether a part's `thought` marks it a thought: any truthy value (`true`, `"true"`, 1),
    /// so that a proxy that re-encodes booleans cannot turn a draft into the answer.
    static func isThought(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?: false
        case .bool(let flag)?: flag
        case .number(let number)?: number.doubleValue != 0
        case .string(let text)?: !["", "false", "0", "no"].contains(text.lowercased())
        case .array(let elements)?: !elements.isEmpty
        case .object(let members)?: !members.isEmpty
        }
    }
}
