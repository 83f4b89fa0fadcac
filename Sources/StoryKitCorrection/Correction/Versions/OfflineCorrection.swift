/// The offline corrector's answer: three variations and, when asked for, what happened to
/// each word.
public struct OfflineCorrection: Sendable, Hashable {
    /// `direct`, `refined` and `alternative`, as `storykit_parse_variations` reports a reply
    /// (`source` is `offline`); `issues` says when fewer than three distinct readings exist.
    public var variations: VariationSet
    /// Every word of the input, in order; `nil` when the correction was made without them
    /// (`OfflineCorrector.correct(_:includingWords:)`).
    public var words: [WordCorrection]?

    /// Creates an answer.
    public init(variations: VariationSet, words: [WordCorrection]?) {
        self.variations = variations
        self.words = words
    }
}

extension OfflineCorrection {
    /// The `storykit_parse_variations` result shape, plus `"words"` (each word's correction
    /// and confidence) when the correction has them.
    public var json: JSONValue {
        guard let words, case .object(var object) = variations.json else { return variations.json }
        object["words"] = .array(words.map(\.json))
        return .object(object)
    }
}
