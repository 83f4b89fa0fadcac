/// Receives what the strict scanner recognises, in document order.
///
/// The scanner checks the whole grammar and UTF-8 whatever the handler is; a handler that does
/// not need string contents (`needsStrings == false`) saves their decoding.
protocol JSONScanHandler {
    /// Whether `string(_:)` and `key(_:)` should receive decoded strings.
    static var needsStrings: Bool { get }
    mutating func beginArray()
    mutating func endArray()
    mutating func beginObject()
    mutating func endObject()
    /// A member name; only called when `needsStrings`.
    mutating func key(_ key: String)
    /// A string value; only called when `needsStrings`.
    mutating func string(_ value: String)
    /// A number, as the bytes of its text.
    mutating func number(_ text: UnsafeBufferPointer<UInt8>)
    /// `true`, `false` or `null`.
    mutating func literal(_ value: JSONValue)
    /// Whether strings go to `rawString(_:isKey:hasEscapes:)` instead of `key(_:)` and
    /// `string(_:)`, as their text, with nothing decoded and no `String` made.
    static var wantsRawStrings: Bool { get }
    /// A string's text between its quotes, checked: valid UTF-8 with valid escapes, and with
    /// nothing a JSON writer would escape when `hasEscapes` is false.
    mutating func rawString(_ text: UnsafeBufferPointer<UInt8>, isKey: Bool, hasEscapes: Bool)
}

extension JSONScanHandler {
    static var wantsRawStrings: Bool { false }
    mutating func rawString(_ text: UnsafeBufferPointer<UInt8>, isKey: Bool, hasEscapes: Bool) {}
}
