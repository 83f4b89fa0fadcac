/// Decodes a streamed text reply (`gemini-sse`, `openai-sse`) as its bytes arrive: each new
/// piece of text comes out as a `.delta` event, and `finish()` gives the same result or
/// error that decoding the whole reply gives.
///
/// A body whose first line is not an event-stream field (`data:`, `event:`, `id:`, `retry:`
/// or a `:` comment) is not an event stream: a plain JSON reply (an error the service sent
/// instead of a stream, or Gemini's JSON-array stream) or anything else (an HTML error page).
/// It is decoded whole at `finish()`, exactly as ``GenerationProvider/decode(_:)`` decodes it,
/// and that function decodes an event-stream body through this type, so the two always agree. An error that arrives mid-stream ends the reply and keeps the text received
/// before it in `partialText`; later bytes are ignored.
///
///     var stream = try GenerationStream(provider: .gemini)
///     for chunk in chunks { for case .delta(_, let text) in try stream.feed(chunk) { print(text, terminator: "") } }
///     let outcome = try stream.finish()   // Result<GenerationResult, GenerationError>
public struct GenerationStream: Sendable {
    private enum Body: Sendable {
        case undecided([UInt8])
        case events(ServerSentEventParser)
        case json([UInt8])
    }

    /// The provider whose stream this is.
    public let provider: GenerationProvider
    /// The HTTP status the stream arrived with.
    public let httpStatus: Int
    private var input: StreamInput
    private var body = Body.undecided([])
    private var accumulator: any ReplyAccumulator
    private var failure: GenerationError?
    private var sawDone = false
    private var eventCount = 0

    /// Creates a stream for `provider` (`.gemini` or `.openai`), whose HTTP response had
    /// `httpStatus`, accepting at most `maxBytes` in all.
    public init(provider: GenerationProvider, httpStatus: Int = 200, maxBytes: Int = JSONParserLimits.default.maxBytes)
        throws(StoryKitError)
    {
        switch provider {
        case .gemini: accumulator = GeminiReplyAccumulator()
        case .openai: accumulator = OpenAIReplyAccumulator()
        case .imagen: throw StoryKitError(.invalidArgument, "Imagen does not stream; decode its response whole")
        }
        self.provider = provider
        self.httpStatus = httpStatus
        input = StreamInput(maxBytes: maxBytes)
    }

    /// Takes the next bytes of the body; returns the text they complete.
    ///
    /// - Throws: `.parse` for invalid UTF-8, `.limit` past `maxBytes`, `.state` once finished.
    public mutating func feed(utf8 chunk: UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> [StreamEvent] {
        try input.accept(chunk)
        return route(chunk)
    }

    /// Takes the next text of the body.
    public mutating func feed(_ chunk: String) throws(StoryKitError) -> [StreamEvent] {
        try UTF8Text.withBytes(of: chunk) { (bytes) throws(StoryKitError) in try feed(utf8: bytes) }
    }

    /// Ends the body: the reply's result, or the error it amounts to. `events` receives the
    /// text of a last event the server did not end with a blank line.
    ///
    /// - Throws: `.parse` when the body ends inside a UTF-8 character, `.state` once finished.
    public mutating func finish(events: ((StreamEvent) -> Void)? = nil) throws(StoryKitError) -> Result<
        GenerationResult, GenerationError
    > {
        try input.finish()
        switch body {
        case .undecided(let bytes), .json(let bytes):
            let response = HTTPResponse(status: httpStatus, body: bytes)
            do {
                return .success(try type(of: accumulator).decode(response))
            } catch {
                return .failure(error)
            }
        case .events(var parser):
            for event in handle(parser.finish()) { events?(event) }
            body = .events(parser)
            if let failure { return .failure(failure) }
            if let error = Self.trailingError(parser.strayText, partialText: accumulator.partialText) {
                return .failure(error)
            }
            guard (200..<300).contains(httpStatus) else {
                return .failure(
                    GenerationError(
                        .fromHTTPStatus(httpStatus), httpStatus: httpStatus,
                        detail: "HTTP \(httpStatus) with an event stream",
                        partialText: accumulator.partialText.isEmpty ? nil : accumulator.partialText))
            }
            do {
                return .success(try accumulator.outcome())
            } catch {
                return .failure(error)
            }
        }
    }

    private mutating func route(_ chunk: UnsafeBufferPointer<UInt8>) -> [StreamEvent] {
        switch body {
        case .undecided(var pending):
            pending.append(contentsOf: chunk)
            // The first line, after white space or a byte-order mark, decides.
            guard let isEventStream = Self.looksLikeEventStream(pending) else {
                body = .undecided(pending)
                return []
            }
            if !isEventStream {
                body = .json(pending)
                return []
            }
            var parser = ServerSentEventParser()
            let events = parser.feed(pending)
            body = .events(parser)
            return handle(events)
        case .json(var bytes):
            body = .undecided([])  // let go of the buffer while appending, so it is not copied
            bytes.append(contentsOf: chunk)
            body = .json(bytes)
            return []
        case .events(var parser):
            body = .undecided([])
            let events = parser.feed(chunk)
            body = .events(parser)
            return handle(events)
        }
    }

    private mutating func handle(_ events: [ServerSentEvent]) -> [StreamEvent] {
        var output: [StreamEvent] = []
        for event in events {
            eventCount += 1
            guard failure == nil, !sawDone else { continue }
            if event.isDone {
                sawDone = true
                continue
            }
            guard event.data.utf8.contains(where: { !Self.isLeadingFiller($0) }) else { continue }
            let reply: JSONValue
            do {
                reply = try JSONValue(parsing: event.data)
            } catch {
                let partial = accumulator.partialText
                failure = GenerationError(
                    .malformedResponse, httpStatus: httpStatus,
                    detail:
                        "event \(eventCount) is not JSON (\(error)); it starts \"\(ResponseBody.snippet(event.data))\"",
                    partialText: partial.isEmpty ? nil : partial)
                continue
            }
            do {
                for delta in try accumulator.absorb(reply) {
                    output.append(.delta(index: delta.index, text: delta.text))
                }
            } catch {
                failure = error
            }
        }
        return output
    }

    /// The error a service sent as a bare JSON body after (or among) its events, if it did.
    private static func trailingError(_ stray: [UInt8], partialText: String) -> GenerationError? {
        guard stray.contains(UInt8(ascii: "{")) else { return nil }
        let repaired = try? stray.withUnsafeBufferPointer { (bytes) throws(StoryKitError) in
            try TolerantJSONParser().parse(utf8: bytes)
        }
        guard let value = repaired?.value, let body = ServiceErrorBody(value) else { return nil }
        return body.error(httpStatus: nil, retryAfter: nil, partialText: partialText.isEmpty ? nil : partialText)
    }

    /// Whether a body is an event stream, from its first field's name; `nil` until enough of
    /// it has arrived to tell.
    static func looksLikeEventStream(_ bytes: some Collection<UInt8>) -> Bool? {
        var name: [UInt8] = []
        var started = false
        for byte in bytes {
            if !started {
                if isLeadingFiller(byte) { continue }
                started = true
            }
            if byte == UInt8(ascii: ":") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                return eventFieldNames.contains(name)
            }
            name.append(byte)
            if name.count > 5 { return false }
        }
        return nil
    }

    private static let eventFieldNames: Set<[UInt8]> = Set(["", "data", "event", "id", "retry"].map { Array($0.utf8) })

    private static func isLeadingFiller(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0xEF || byte == 0xBB || byte == 0xBF
    }
}
