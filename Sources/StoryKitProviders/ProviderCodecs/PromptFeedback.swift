/// Gemini's verdict on the prompt itself; a `blockReason` means no reply was generated.
public struct PromptFeedback: Sendable, Hashable {
    /// Why the prompt was blocked (`SAFETY`, `OTHER`, `BLOCKLIST`, `PROHIBITED_CONTENT`, …).
    public var blockReason: String?
    /// The service's explanation.
    public var blockReasonMessage: String?
    /// The prompt's safety ratings.
    public var safetyRatings: [SafetyRating]

    /// Creates feedback.
    public init(blockReason: String? = nil, blockReasonMessage: String? = nil, safetyRatings: [SafetyRating] = []) {
        self.blockReason = blockReason
        self.blockReasonMessage = blockReasonMessage
        self.safetyRatings = safetyRatings
    }

    /// The feedback in StoryKit's JSON.
    public var json: JSONValue {
        [
            "blockReason": blockReason.map(JSONValue.string) ?? .null,
            "blockReasonMessage": blockReasonMessage.map(JSONValue.string) ?? .null,
            "safetyRatings": .array(safetyRatings.map(\.json))
        ]
    }
}
