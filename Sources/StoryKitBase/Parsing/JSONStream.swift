/// Reads JSON as a language model streams it, with the tolerant parser's repairs.
///
/// Each byte is examined once however the reply is split; a `value` event reports each
/// scalar as it completes and a `partial` event the new text of a string still open at the
/// end of a chunk. `finish()` returns exactly what ``TolerantJSONParser`` returns for the
/// whole input.
///
///     var stream = JSONStream()
///     try stream.feed(#"{"title": "Mia and the Mo"#)   // [partial /title "Mia and the Mo"]
///     try stream.feed(#"on", "pages": 3"#)             // [partial /title "on", value /title, value /pages 3]
///     try stream.finish().value["pages"]               // 3 (the open object is closed)
public struct JSONStream: Sendable {
    private var input: StreamInput
    private var machine: TolerantJSONMachine

    /// Creates a stream with the parser's limits.
    public init(limits: JSONParserLimits = .default) {
        self.init(limits: limits, reportsEvents: true)
    }

    /// A stream that reports no events, for batch parsing.
    init(limits: JSONParserLimits, reportsEvents: Bool) {
        input = StreamInput(maxBytes: limits.maxBytes)
        machine = TolerantJSONMachine(maxDepth: limits.maxDepth, reportsEvents: reportsEvents)
    }

    /// A stream whose value is written straight to JSON text as it is read, never built as a
    /// tree; end it with ``finishRepairJSON(events:)``.
    package init(writingAnswerWithin limits: JSONParserLimits, reportsEvents: Bool) {
        input = StreamInput(maxBytes: limits.maxBytes)
        var writer = JSONWriter(options: .compact)
        writer.writeRaw("{\"value\":")
        machine = TolerantJSONMachine(maxDepth: limits.maxDepth, reportsEvents: reportsEvents, writingInto: writer)
    }

    /// Ends a stream made with `writingAnswerWithin`: ``RepairedJSON/json`` as UTF-8, the
    /// value as it was written while read.
    package mutating func finishRepairJSON(events: ((StreamEvent) -> Void)? = nil) throws(StoryKitError) -> [UInt8] {
        try input.finish()
        do {
            var (writer, repairs) = try machine.finishWriting { events?(Self.streamEvent($0)) }
            writer.writeRaw(",\"repairs\":")
            writer.write(JSONRepair.json(repairs))
            writer.writeRaw("}")
            return writer.output
        } catch {
            throw input.fail(error)
        }
    }

    /// Reads the next chunk and returns what it completed.
    ///
    /// - Throws: `.parse` for a syntax error it cannot repair or invalid UTF-8 (with line and
    ///   column), `.limit` past a limit, `.state` once finished. A failed stream keeps failing.
    public mutating func feed(utf8 chunk: UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> [StreamEvent] {
        let accepted = try input.acceptValidPrefix(of: chunk)
        var events: [StreamEvent] = []
        do {
            try machine.feed(accepted.valid) { events.append(Self.streamEvent($0)) }
        } catch {
            throw input.fail(error)
        }
        if let brokenUTF8 = accepted.brokenUTF8 { throw brokenUTF8 }
        return events
    }

    /// Reads the next chunk and returns what it completed.
    public mutating func feed(_ chunk: String) throws(StoryKitError) -> [StreamEvent] {
        try UTF8Text.withBytes(of: chunk) { (bytes) throws(StoryKitError) in try feed(utf8: bytes) }
    }

    /// Ends the input, closes what truncation left open, and returns the value and repairs;
    /// `events` receives what the end completed.
    public mutating func finish(events: ((StreamEvent) -> Void)? = nil) throws(StoryKitError) -> RepairedJSON {
        try input.finish()
        do {
            return try machine.finish { events?(Self.streamEvent($0)) }
        } catch {
            throw input.fail(error)
        }
    }

    static func streamEvent(_ event: TolerantJSONEvent) -> StreamEvent {
        switch event {
        case .value(let path, let value): .value(path: JSONPointer.string(path), value: value)
        case .partial(let path, let text): .partial(path: JSONPointer.string(path), text: text)
        }
    }
}
