/// Parses a list reply as it arrives, one chunk at a time.
///
/// Each complete line is read once; only the unfinished last line and text that may be the
/// postamble are held back. `finish()` returns exactly what ``ListParser`` returns for the
/// whole input.
///
///     var stream = ListStream()
///     try stream.feed("1. Rest\n2. Dri")    // [start 0, delta 0 "Rest"]
///     try stream.feed("nk water\n")         // [done 0 "Rest", start 1, delta 1 "Drink water"]
///     try stream.finish().items.count       // 2
public struct ListStream: Sendable {
    private var input: StreamInput
    private var lines = LineSplitter()
    private var assembler = ListAssembler()

    /// Creates a stream that accepts at most `maxBytes` of input in all.
    public init(maxBytes: Int = JSONParserLimits.default.maxBytes) {
        input = StreamInput(maxBytes: maxBytes)
    }

    /// Reads the next chunk of the reply and returns what it completed.
    ///
    /// - Throws: `.parse` for invalid UTF-8, `.limit` past `maxBytes`, `.state` once finished.
    public mutating func feed(utf8 chunk: UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> [StreamEvent] {
        var events: [StreamEvent] = []
        try feed(utf8: chunk) { events.append(contentsOf: Self.streamEvents($0)) }
        return events
    }

    /// Reads the next chunk, handing what it completes to `report` rather than collecting it
    /// (the batch parser wants none of it).
    mutating func feed(utf8 chunk: UnsafeBufferPointer<UInt8>, report: (ListAssemblyEvent) -> Void)
        throws(StoryKitError)
    {
        try input.accept(chunk)
        lines.feed(chunk) { line in assembler.add(line: line, emit: report) }
    }

    /// Reads the next chunk of the reply and returns what it completed.
    public mutating func feed(_ chunk: String) throws(StoryKitError) -> [StreamEvent] {
        try UTF8Text.withBytes(of: chunk) { (bytes) throws(StoryKitError) in try feed(utf8: bytes) }
    }

    /// Ends the reply and returns the parsed list as ``ParsedList``'s JSON, written straight
    /// from the assembled items; `events` receives what the end completed.
    package mutating func finishJSON(events: ((StreamEvent) -> Void)? = nil) throws(StoryKitError) -> [UInt8] {
        try input.finish()
        let report: (ListAssemblyEvent) -> Void = { event in
            for streamEvent in Self.streamEvents(event) { events?(streamEvent) }
        }
        if let last = lines.finish() { assembler.add(line: last, emit: report) }
        // A finished stream takes no more input: its items go before the answer is copied.
        defer { assembler = ListAssembler() }
        return assembler.finishJSON(emit: report)
    }

    /// Ends the reply and returns the parsed list; `events` receives what the end completed.
    public mutating func finish(events: ((StreamEvent) -> Void)? = nil) throws(StoryKitError) -> ParsedList {
        try input.finish()
        let report: (ListAssemblyEvent) -> Void = { event in
            for streamEvent in Self.streamEvents(event) { events?(streamEvent) }
        }
        if let last = lines.finish() { assembler.add(line: last, emit: report) }
        return assembler.finish(emit: report)
    }

    private static func streamEvents(_ event: ListAssemblyEvent) -> [StreamEvent] {
        switch event {
        case .started(let index, let number, let text):
            text.isEmpty
                ? [.itemStart(index: index, number: number)]
                : [.itemStart(index: index, number: number), .delta(index: index, text: text)]
        case .appended(let index, let text):
            [.delta(index: index, text: text)]
        case .finished(let index, let text):
            [.done(index: index, text: text)]
        }
    }
}
