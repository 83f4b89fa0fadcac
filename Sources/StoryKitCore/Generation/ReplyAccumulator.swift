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
            throw GenerationError(.malformedResponse, detail: "candidate index \(index) is outside 0..<\(maxCandidates)", partialText: partialText())
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
            throw GenerationError(.promptBlocked, reason: reason, detail: feedback.blockReasonMessage, partialText: text.isEmpty ? nil : text)
        }
        guard let first = candidates.first else {
            throw GenerationError(.emptyResponse, detail: "the reply has no candidates")
        }
        if first.finishReason == .maxTokens, first.text.isEmpty, images.isEmpty {
            // Not an empty reply to retry as is: the same budget would be spent the same way.
            throw GenerationError(.outputLimit, reason: "maxTokens", detail: usage?.thoughtsTokens.map { "\($0) tokens went to thinking" } ?? "the reply reached its token limit with no text")
        }
        if let reason = first.finishReason, !reason.endedNormally {
            throw GenerationError(.stoppedEarly, reason: reason.description, detail: first.finishMessage, partialText: first.text)
        }
        guard !first.text.isEmpty || !images.isEmpty else {
            throw GenerationError(.emptyResponse, detail: "the reply has no text")
        }
        return self
    }
}

/// Reading a response body as JSON, with the errors every codec gives for one that is not.
enum ResponseBody {
    /// The body of a response that is not an error: an error body (any status) throws its
    /// error, and so does an error status whose body names none.
    static func successJSON(_ response: HTTPResponse) throws(GenerationError) -> JSONValue {
        let value = try json(response)
        if let error = ServiceErrorBody(value) {
            throw error.error(httpStatus: response.status, retryAfter: response.retryAfterSeconds)
        }
        guard response.isSuccess else {
            throw GenerationError(.fromHTTPStatus(response.status), httpStatus: response.status,
                                  detail: "HTTP \(response.status) without an error in the body",
                                  retryAfter: response.retryAfterSeconds)
        }
        return value
    }

    /// The body as JSON, or `.malformedResponse` saying what it was instead.
    static func json(_ response: HTTPResponse) throws(GenerationError) -> JSONValue {
        if !response.body.contains(where: { !$0.isASCIIWhitespace }) {
            // Nothing at all: the status says what went wrong, or a success sent nothing.
            let kind = GenerationError.Kind.fromHTTPStatus(response.status)
            throw GenerationError(kind == .malformedResponse ? .emptyResponse : kind, httpStatus: response.status,
                                  detail: "the body is empty", retryAfter: response.retryAfterSeconds)
        }
        do {
            return try JSONValue(parsingUTF8: response.body)
        } catch {
            throw GenerationError(.malformedResponse, httpStatus: response.status, detail: describeNonJSON(response.body, status: response.status, error: error),
                                  retryAfter: response.retryAfterSeconds)
        }
    }

    /// What a body that is not JSON looks like, in a few redacted words.
    static func describeNonJSON(_ body: [UInt8], status: Int?, error: JSONParseError) -> String {
        let prefix = status.map { "HTTP \($0): " } ?? ""
        let text = String(decoding: body.prefix(2048), as: UTF8.self)
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        if body.isEmpty { return prefix + "the body is empty" }
        if trimmed.first == "<" {
            let title = htmlTitle(String(trimmed)).map { " titled \"\($0)\"" } ?? ""
            return prefix + "the body is an HTML page\(title), not JSON (a proxy or gateway answered?)"
        }
        return prefix + "the body is not JSON (\(error)); it starts \"\(snippet(String(trimmed)))\""
    }

    /// The first characters of `text` on one line.
    static func snippet(_ text: String, limit: Int = 80) -> String {
        var result = ""
        for character in text.prefix(limit) {
            result.append(character.isNewline || character == "\t" ? " " : character)
        }
        return result + (text.count > limit ? "…" : "")
    }

    private static func htmlTitle(_ html: String) -> String? {
        let bytes = Array(html.utf8)
        let lowered = bytes.map(\.asciiLowercased)   // ASCII only: offsets stay put
        guard let open = lowered.firstRange(of: Array("<title>".utf8)),
              let close = lowered[open.upperBound...].firstRange(of: Array("</title>".utf8)) else { return nil }
        return snippet(String(decoding: bytes[open.upperBound..<close.lowerBound], as: UTF8.self).trimmingASCIIWhitespace)
    }
}

private extension String {
    var trimmingASCIIWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
