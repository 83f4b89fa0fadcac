/// What a generation request produced: text candidates, images, usage and the service's
/// safety feedback, the same for every provider.
///
///     let result = try GeminiCodec.decode(response)
///     print(result.text, result.finishReason ?? .stop, result.usage?.totalTokens ?? 0)
public struct GenerationResult: Sendable, Hashable {
    /// The text replies; the first is the reply.
    public var candidates: [GenerationCandidate]
    /// Images: Imagen's predictions, or the inline images of Gemini's first candidate.
    public var images: [GeneratedImage]
    /// Token counts, when the service reported them.
    public var usage: TokenUsage?
    /// Gemini's feedback on the prompt.
    public var promptFeedback: PromptFeedback?
    /// The model version that answered, when the service said.
    public var modelVersion: String?

    /// Creates a result.
    public init(
        candidates: [GenerationCandidate] = [], images: [GeneratedImage] = [], usage: TokenUsage? = nil,
        promptFeedback: PromptFeedback? = nil, modelVersion: String? = nil
    ) {
        self.candidates = candidates
        self.images = images
        self.usage = usage
        self.promptFeedback = promptFeedback
        self.modelVersion = modelVersion
    }

    /// The first candidate's text; empty for image results.
    public var text: String { candidates.first?.text ?? "" }

    /// The first candidate's finish reason.
    public var finishReason: FinishReason? { candidates.first?.finishReason }

    /// The result in StoryKit's JSON, the `result` of `storykit_response_decode`:
    /// `{"text","finishReason","usage","images"}`, plus `finishMessage`, `safetyRatings`,
    /// `citations`, `promptFeedback`, `modelVersion` when present and `candidates` when there
    /// is more than one.
    public var json: JSONValue {
        var object: JSONObject = [
            "text": .string(text),
            "finishReason": finishReason.map { .string($0.description) } ?? .null,
            "usage": usage?.json ?? .object([:]),
            "images": .array(images.map(\.json))
        ]
        if let first = candidates.first {
            if let message = first.finishMessage { object["finishMessage"] = .string(message) }
            if !first.safetyRatings.isEmpty { object["safetyRatings"] = .array(first.safetyRatings.map(\.json)) }
            if !first.citations.isEmpty { object["citations"] = .array(first.citations.map(\.json)) }
        }
        if let promptFeedback { object["promptFeedback"] = promptFeedback.json }
        if let modelVersion { object["modelVersion"] = .string(modelVersion) }
        if candidates.count > 1 { object["candidates"] = .array(candidates.map(\.json)) }
        return .object(object)
    }
}
