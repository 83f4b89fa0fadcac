/// An incremental `text/event-stream` parser (the WHATWG rules): feed it bytes as they
/// arrive, split anywhere, and it returns each event once its blank line has arrived.
///
/// Lines end with `\r\n`, `\n` or `\r` (a `\r` at the end of one chunk and `\n` at the start of
/// the next are one line end); a leading byte-order mark is skipped; `:` starts a comment;
/// several `data:` lines join with `\n`. Unlike a browser, `finish()` also delivers a last
/// event that the server did not end with a blank line, so nothing received is lost.
///
///     var parser = ServerSentEventParser()
///     parser.feed(Array("data: {\"a\"".utf8))     // []
///     parser.feed(Array(":1}\n\n".utf8))           // [data: {"a":1}]
public struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    private var afterCarriageReturn = false
    private var atStreamStart = true
    private var data: [UInt8] = []
    private var sawData = false
    private var eventType: String?
    private var lastEventID: String?
    private var retry: Int?
    /// Lines that are no field of the standard (up to ``maxStrayBytes``, joined with `\n`):
    /// ignored as events, but a service may end a stream with a bare JSON error body
    /// (Gemini's `{"error":{"code":499,...}}` after its `data:` frames).
    private(set) var strayText: [UInt8] = []

    /// The most bytes of stray lines kept.
    static let maxStrayBytes = 64 << 10

    /// Creates a parser at the start of a stream.
    public init() {}

    /// Parses more bytes; returns the events they complete.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0A:
                endLine(into: &events)
            case 0x0D:
                afterCarriageReturn = true
                endLine(into: &events)
            default:
                line.append(byte)
                if atStreamStart, line.count == 3 {
                    if line == [0xEF, 0xBB, 0xBF] { line.removeAll() }
                    atStreamStart = false
                }
            }
        }
        return events
    }

    /// Ends the stream: a last line without its line end and a last event without its blank
    /// line are delivered.
    public mutating func finish() -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        if !line.isEmpty { endLine(into: &events) }
        dispatch(into: &events)
        return events
    }

    private mutating func endLine(into events: inout [ServerSentEvent]) {
        atStreamStart = false
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else { return dispatch(into: &events) }
        guard line[0] != 0x3A else { return }  // ":" comment
        let colon = line.firstIndex(of: 0x3A) ?? line.endIndex
        var valueStart = colon == line.endIndex ? colon : colon + 1
        if valueStart < line.endIndex, line[valueStart] == 0x20 { valueStart += 1 }
        let value = line[valueStart...]
        switch String(decoding: line[..<colon], as: UTF8.self) {
        case "data":
            data.append(contentsOf: value)
            data.append(0x0A)
            sawData = true
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "id":
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        case "retry":
            if let milliseconds = value.asciiDecimalValue { retry = milliseconds }
        default:
            // Unknown fields are ignored as events, as the standard says, but kept for a look.
            if strayText.count + line.count < Self.maxStrayBytes {
                if !strayText.isEmpty { strayText.append(0x0A) }
                strayText.append(contentsOf: line)
            }
        }
    }

    private mutating func dispatch(into events: inout [ServerSentEvent]) {
        defer {
            data.removeAll(keepingCapacity: true)
            sawData = false
            eventType = nil
            retry = nil
        }
        guard sawData else { return }
        data.removeLast()  // the line feed after the last data line
        let type = eventType.flatMap { $0.isEmpty ? nil : $0 } ?? "message"
        events.append(
            ServerSentEvent(event: type, data: String(decoding: data, as: UTF8.self), id: lastEventID, retry: retry))
    }
}
