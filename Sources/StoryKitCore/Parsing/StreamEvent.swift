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
            return ["type": "start", "index": .number(JSONNumber(index)), "kind": kind.map { .string($0.rawValue) } ?? .null]
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
