/// What the offline corrector did with one word of the input.
public struct WordCorrection: Sendable, Hashable {
    /// The word as typed (two words when a space was slipped in: `"ho me"`).
    public var original: String
    /// The word in the direct correction (two words when a space was missed: `"i want"`).
    public var corrected: String
    /// How sure the corrector is of `corrected`, from 0 to 1: its share of the probability of
    /// all readings considered. 1 for words left alone because they were typed correctly.
    public var confidence: Double
    /// The next readings, best first.
    public var alternatives: [String]

    /// Creates a record.
    public init(original: String, corrected: String, confidence: Double, alternatives: [String] = []) {
        self.original = original
        self.corrected = corrected
        self.confidence = confidence
        self.alternatives = alternatives
    }

    /// Whether the corrector changed the word (case aside).
    public var changed: Bool { original.lowercased() != corrected.lowercased() }
}

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

extension WordCorrection {
    /// The record in StoryKit's JSON.
    public var json: JSONValue {
        let rounded = JSONNumber((confidence * 1000).rounded() / 1000) ?? JSONNumber(0)
        return ["original": .string(original), "corrected": .string(corrected), "confidence": .number(rounded),
                "alternatives": .array(alternatives.map(JSONValue.string))]
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
