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

extension WordCorrection {
    /// The record in StoryKit's JSON.
    public var json: JSONValue {
        let rounded = JSONNumber((confidence * 1000).rounded() / 1000) ?? JSONNumber(0)
        return [
            "original": .string(original), "corrected": .string(corrected), "confidence": .number(rounded),
            "alternatives": .array(alternatives.map(JSONValue.string))
        ]
    }
}
