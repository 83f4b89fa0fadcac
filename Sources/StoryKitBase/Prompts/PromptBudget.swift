/// Token budgets: the context window a prompt and its reply must share, and the share each
/// piece of user text may take before it is cut.
public enum PromptBudget {
    /// The context window of Apple's on-device model, the default budget.
    public static let onDeviceContextTokens = 4096
    /// The longest prompt Imagen accepts, the default budget of image prompts.
    public static let imagePromptTokens = 480
    /// The context windows a request may ask for.
    public static let contextRange = 256...2_000_000

    static func checkContext(_ tokens: Int) throws(StoryKitError) {
        guard contextRange.contains(tokens) else {
            throw StoryKitError(
                .invalidArgument,
                "contextTokens must be from \(contextRange.lowerBound) to \(contextRange.upperBound), not \(tokens)")
        }
    }

    /// A piece of user text and the most tokens it may take.
    struct Field {
        var name: String
        var maxTokens: Int
    }

    /// `text`, cut to the field's share when it is longer, with the cut recorded.
    static func fit(_ text: String, _ field: Field, estimator: TokenEstimator, truncations: inout [PromptTruncation])
        -> String
    {
        guard let cut = PromptText.truncated(text, toTokens: field.maxTokens, estimator: estimator) else { return text }
        let kept =
            cut.count - PromptText.truncationMarker.count - (cut.hasSuffix(" " + PromptText.truncationMarker) ? 1 : 0)
        truncations.append(
            PromptTruncation(field: field.name, originalCharacters: text.count, keptCharacters: max(0, kept)))
        return cut
    }
}
