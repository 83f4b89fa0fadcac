/// Builds a `GenerationResult` from a provider's reply objects: one for a whole reply, one
/// per event for a stream. Each provider's codec has one; unary decoding and streaming share
/// it, so the two can never disagree.
protocol ReplyAccumulator: Sendable {
    init()

    /// Takes one reply object; returns the new text of each candidate, in order. A reply
    /// object that carries an error throws it, with the text received so far.
    mutating func absorb(_ reply: JSONValue) throws(GenerationError) -> [(index: Int, text: String)]

    /// The result once the reply has ended, or the error its content amounts to (a blocked
    /// prompt, a reply that stopped early, an empty reply).
    func outcome() throws(GenerationError) -> GenerationResult

    /// The first candidate's text so far.
    var partialText: String { get }
}

extension ReplyAccumulator {
    /// Decodes a whole response: an error body (any status) becomes its error, a success body
    /// the result. A JSON array of replies (Gemini's stream without `alt=sse`) is read as the
    /// chunks of one reply.
    static func decode(_ response: HTTPResponse) throws(GenerationError) -> GenerationResult {
        try accumulating(response).outcome()
    }

    /// An accumulator that has absorbed the whole of `response`, for an outcome of its own.
    static func accumulating(_ response: HTTPResponse) throws(GenerationError) -> Self {
        let value = try ResponseBody.successJSON(response)
        var accumulator = Self()
        if case .array(let replies) = value {
            for reply in replies { _ = try accumulator.absorb(reply) }
        } else {
            _ = try accumulator.absorb(value)
        }
        return accumulator
    }
}

extension GenerationResult {
    /// The most candidates a reply may have.
    static let maxCandidates = 64

    /// Checks a candidate's number from a reply: `.malformedResponse` (keeping the text so
    /// far) outside `0..<maxCandidates`.
    static func checkCandidate(_ index: Int, partialText: @autoclosure () -> String?) throws(GenerationError) {
        guard (0..<maxCandidates).contains(index) else {
            throw GenerationError(
                .malformedResponse, detail: "candidate index \(index) is outside 0..<\(maxCandidates)",
                partialText: partialText())
        }
    }

    /// The position in `candidates` of the candidate numbered `index` (checked with
    /// ``checkCandidate(_:partialText:)``), added when new (kept in index order).
    mutating func slot(forCandidate index: Int) -> Int {
        if let slot = candidates.firstIndex(where: { $0.index == index }) { return slot }
        let slot = candidates.firstIndex { $0.index > index } ?? candidates.endIndex
        candidates.insert(GenerationCandidate(index: index), at: slot)
        return slot
    }

    /// The result, or the error its text candidates amount to: a prompt the service blocked,
    /// a first candidate that stopped early, or no text at all.
    func checkedText() throws(GenerationError) -> GenerationResult {
        if let feedback = promptFeedback, let reason = feedback.blockReason, reason != "BLOCK_REASON_UNSPECIFIED" {
            throw GenerationError(
                .promptBlocked, reason: reason, detail: feedback.blockReasonMessage,
                partialText: text.isEmpty ? nil : text)
        }
        guard let first = candidates.first else {
            throw GenerationError(.emptyResponse, detail: "the reply has no candidates")
        }
        if first.finishReason == .maxTokens, first.text.isEmpty, images.isEmpty {
            // Not an empty reply to retry as is: the same budget would be spent the same way.
            throw GenerationError(
                .outputLimit, reason: "maxTokens",
                detail: usage?.thoughtsTokens.map { "\($0) tokens went to thinking" }
                    ?? "the reply reached its token limit with no text")
        }
        if let reason = first.finishReason, !reason.endedNormally {
            throw GenerationError(
                .stoppedEarly, reason: reason.description, detail: first.finishMessage, partialText: first.text)
        }
        guard !first.text.isEmpty || !images.isEmpty else {
            throw GenerationError(.emptyResponse, detail: "the reply has no text")
        }
        return self
    }
}
