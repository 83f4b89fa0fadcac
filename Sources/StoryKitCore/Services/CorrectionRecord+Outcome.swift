extension CorrectionRecord {
    /// The record of a correction service's answer.
    public init(id: String, text: String, outcome: CorrectionOutcome) throws(StoryKitError) {
        try self.init(id: id, text: text, backend: outcome.backend, variations: outcome.variations.variations)
    }
}
