/// Tokens a request used, as the service counted them. Every count is optional: servers
/// report different subsets.
public struct TokenUsage: Sendable, Hashable {
    /// Tokens of the prompt (Gemini `promptTokenCount`, OpenAI `prompt_tokens`).
    public var promptTokens: Int?
    /// Tokens of the reply (Gemini `candidatesTokenCount`, OpenAI `completion_tokens`).
    public var outputTokens: Int?
    /// Tokens spent thinking, for models that do (Gemini `thoughtsTokenCount`).
    public var thoughtsTokens: Int?
    /// Prompt tokens served from a cache (Gemini `cachedContentTokenCount`).
    public var cachedTokens: Int?
    /// All tokens (Gemini `totalTokenCount`, OpenAI `total_tokens`).
    public var totalTokens: Int?

    /// Creates a usage record.
    public init(
        promptTokens: Int? = nil, outputTokens: Int? = nil, thoughtsTokens: Int? = nil, cachedTokens: Int? = nil,
        totalTokens: Int? = nil
    ) {
        self.promptTokens = promptTokens
        self.outputTokens = outputTokens
        self.thoughtsTokens = thoughtsTokens
        self.cachedTokens = cachedTokens
        self.totalTokens = totalTokens
    }

    /// The counts in StoryKit's JSON; absent counts are left out.
    public var json: JSONValue {
        var object = JSONObject()
        for (key, value) in [
            ("promptTokens", promptTokens), ("outputTokens", outputTokens), ("thoughtsTokens", thoughtsTokens),
            ("cachedTokens", cachedTokens), ("totalTokens", totalTokens)
        ] {
            if let value { object[key] = .number(JSONNumber(value)) }
        }
        return .object(object)
    }
}
