/// What ``CorrectionService`` answered, and how it got there.
public struct CorrectionOutcome: Sendable, Hashable {
    /// The checked versions.
    public var variations: VariationSet
    /// The backend that wrote them.
    public var backend: CorrectionBackend
    /// Every earlier try that did not give the answer, in order: unavailable or failing
    /// backends and unusable replies.
    public var attempts: [CorrectionAttempt]
    /// The model's reply the versions were read from (`nil` for the offline backend).
    public var reply: String?
    /// The offline corrector's per-word corrections (`nil` for a model backend).
    public var words: [WordCorrection]?

    /// Creates an outcome.
    public init(
        variations: VariationSet, backend: CorrectionBackend, attempts: [CorrectionAttempt] = [],
        reply: String? = nil, words: [WordCorrection]? = nil
    ) {
        self.variations = variations
        self.backend = backend
        self.attempts = attempts
        self.reply = reply
        self.words = words
    }

    /// Whether the model was asked again because its first reply was unusable.
    public var retried: Bool {
        attempts.contains { $0.backend == backend && $0.problem != nil }
    }

    /// `{"variations":[...],"source":...,"repaired":...,"issues":[...],"backend":"remote",
    /// "retried":false,"attempts":[...],"reply":...,"words":[...]}`: the variation set's own
    /// keys, then how it was made.
    public var json: JSONValue {
        guard case .object(var object) = variations.json else { return variations.json }
        object["backend"] = .string(backend.rawValue)
        object["retried"] = .bool(retried)
        object["attempts"] = .array(attempts.map(\.json))
        object["reply"] = reply.map(JSONValue.string) ?? .null
        if let words { object["words"] = .array(words.map(\.json)) }
        return .object(object)
    }
}
