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
            return SafetyRating(
                category: category, probability: rating["probability"]?.stringValue,
                blocked: rating["blocked"]?.boolValue ?? false)
        }
    }

    /// The rating in StoryKit's JSON.
    public var json: JSONValue {
        [
            "category": .string(category), "probability": probability.map(JSONValue.string) ?? .null,
            "blocked": .bool(blocked)
        ]
    }
}
