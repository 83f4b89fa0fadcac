/// What a stream reports as a reply arrives. Deltas are never retracted: the `delta` texts of
/// an item, concatenated, are its final text.
///
/// JSON: `{"type":"start","index":0,"kind":"direct"}`, `{"type":"delta","index":0,"text":"I wa"}`,
/// `{"type":"done","index":0,"text":"I want to go home."}`; for JSON streams
/// `{"type":"value","path":"/a/0","value":1}` and `{"type":"partial","path":"/a/1","text":"Onc"}`.
public enum StreamEvent: Sendable, Hashable {
    /// A list item begins (`number` for numbered and labeled lists).
    case itemStart(index: Int, number: Int?)
    /// A variation begins, with its kind when the reply has said it.
    case variationStart(index: Int, kind: TextVariation.Kind?)
    /// More text of item or variation `index`.
    case delta(index: Int, text: String)
    /// Item or variation `index` is complete with this text.
    case done(index: Int, text: String)
    /// A scalar at `path` (a JSON Pointer) is complete.
    case value(path: String, value: JSONValue)
    /// More text of the string still open at `path`.
    case partial(path: String, text: String)

    /// The event in its C ABI JSON shape.
    public var json: JSONValue {
        switch self {
        case .itemStart(let index, let number):
            var object: JSONObject = ["type": "start", "index": .number(JSONNumber(index))]
            if let number { object["number"] = .number(JSONNumber(number)) }
            return .object(object)
        case .variationStart(let index, let kind):
            return [
                "type": "start", "index": .number(JSONNumber(index)), "kind": kind.map { .string($0.rawValue) } ?? .null
            ]
        case .delta(let index, let text):
            return ["type": "delta", "index": .number(JSONNumber(index)), "text": .string(text)]
        case .done(let index, let text):
            return ["type": "done", "index": .number(JSONNumber(index)), "text": .string(text)]
        case .value(let path, let value):
            return ["type": "value", "path": .string(path), "value": value]
        case .partial(let path, let text):
            return ["type": "partial", "path": .string(path), "text": .string(text)]
        }
    }
}

extension StreamEvent {
    /// `{"events":[…]}`, the answer of the C stream functions, written straight to UTF-8 (no
    /// JSON tree): the same bytes as the events' ``json`` in an object, for a fraction of the
    /// work, since a stream answers every chunk.
    package static func eventsUTF8JSON(_ events: [StreamEvent]) -> [UInt8] {
        var elements: [UInt8] = []
        appendElementsUTF8JSON(events, to: &elements)
        return eventsUTF8JSON(elements: elements)
    }

    /// `{"events":[…]}` around elements written by ``appendElementsUTF8JSON(_:to:)``.
    package static func eventsUTF8JSON(elements: [UInt8]) -> [UInt8] {
        Array("{\"events\":[".utf8) + elements + Array("]}".utf8)
    }

    /// The events as the elements of a JSON array, comma-separated without the brackets,
    /// appended to `elements` (after a comma when it holds some already).
    package static func appendElementsUTF8JSON(_ events: [StreamEvent], to elements: inout [UInt8]) {
        guard !events.isEmpty else { return }
        var writer = JSONWriter(options: .compact, capacity: 64 * events.count)
        for (position, event) in events.enumerated() {
            if position > 0 || !elements.isEmpty { writer.writeRaw(",") }
            event.write(to: &writer)
        }
        elements += writer.output
    }

    private func write(to writer: inout JSONWriter) {
        switch self {
        case .itemStart(let index, let number):
            writer.writeRaw("{\"type\":\"start\",\"index\":")
            writer.writeInteger(index)
            if let number {
                writer.writeRaw(",\"number\":")
                writer.writeInteger(number)
            }
        case .variationStart(let index, let kind):
            writer.writeRaw("{\"type\":\"start\",\"index\":")
            writer.writeInteger(index)
            writer.writeRaw(",\"kind\":")
            if let kind { writer.writeString(kind.rawValue) } else { writer.writeRaw("null") }
        case .delta(let index, let text):
            writer.writeRaw("{\"type\":\"delta\",\"index\":")
            writer.writeInteger(index)
            writer.writeRaw(",\"text\":")
            writer.writeString(text)
        case .done(let index, let text):
            writer.writeRaw("{\"type\":\"done\",\"index\":")
            writer.writeInteger(index)
            writer.writeRaw(",\"text\":")
            writer.writeString(text)
        case .value(let path, let value):
            writer.writeRaw("{\"type\":\"value\",\"path\":")
            writer.writeString(path)
            writer.writeRaw(",\"value\":")
            writer.write(value)
        case .partial(let path, let text):
            writer.writeRaw("{\"type\":\"partial\",\"path\":")
            writer.writeString(path)
            writer.writeRaw(",\"text\":")
            writer.writeString(text)
        }
        writer.writeRaw("}")
    }
}
