/// A service's safety judgement of a prompt or a reply, in its own words (Gemini's
/// `HARM_CATEGORY_HARASSMENT` / `NEGLIGIBLE`), so new categories pass through unchanged.
public struct SafetyRating: Sendable, Hashable {
    /// The harm category.
    public var category: String
    /// The probability level.
    public var probability: String?
    /// Whether the service blocked content for this category.
    public var blocked: Bool

    /// Creates a rating.
    public init(category: String, probability: String? = nil, blocked: Bool = false) {
        self.category = category
        self.probability = probability
        self.blocked = blocked
    }

    /// The ratings in a Gemini `safetyRatings` array; entries without a category are skipped.
    static func ratings(in value: JSONValue?) -> [SafetyRating] {
        (value?.arrayValue ?? []).compactMap { rating in
            guard let category = rating["category"]?.stringValue else { return nil }
            return SafetyRating(category: category, probability: rating["probability"]?.stringValue,
                                blocked: rating["blocked"]?.boolValue ?? false)
        }
    }

    /// The rating in StoryKit's JSON.
    public var json: JSONValue {
        ["category": .string(category), "probability": probability.map(JSONValue.string) ?? .null, "blocked": .bool(blocked)]
    }
}

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
        ["blockReason": blockReason.map(JSONValue.string) ?? .null,
         "blockReasonMessage": blockReasonMessage.map(JSONValue.string) ?? .null,
         "safetyRatings": .array(safetyRatings.map(\.json))]
    }
}
