/// One of the replies a text model wrote (Gemini `candidates[]`, OpenAI `choices[]`).
public struct GenerationCandidate: Sendable, Hashable {
    /// The candidate's position in the reply.
    public var index: Int
    /// The text of all its text parts, in order (thought summaries left out).
    public var text: String
    /// Why it stopped; `nil` when the service did not say.
    public var finishReason: FinishReason?
    /// The service's explanation of the finish reason.
    public var finishMessage: String?
    /// Its safety ratings.
    public var safetyRatings: [SafetyRating]
    /// The sources it quotes.
    public var citations: [Citation]

    /// Creates a candidate.
    public init(
        index: Int, text: String = "", finishReason: FinishReason? = nil, finishMessage: String? = nil,
        safetyRatings: [SafetyRating] = [], citations: [Citation] = []
    ) {
        self.index = index
        self.text = text
        self.finishReason = finishReason
        self.finishMessage = finishMessage
        self.safetyRatings = safetyRatings
        self.citations = citations
    }

    /// The candidate in StoryKit's JSON.
    public var json: JSONValue {
        var object: JSONObject = [
            "index": .number(JSONNumber(index)), "text": .string(text),
            "finishReason": finishReason.map { .string($0.description) } ?? .null
        ]
        if let finishMessage { object["finishMessage"] = .string(finishMessage) }
        if !safetyRatings.isEmpty { object["safetyRatings"] = .array(safetyRatings.map(\.json)) }
        if !citations.isEmpty { object["citations"] = .array(citations.map(\.json)) }
        return .object(object)
    }
}
