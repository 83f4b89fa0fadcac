/// A JSON number, kept as the exact text it was written with.
///
/// Keeping the text means that `12345678901234567890` (beyond `Int64`) and `1.0e5` (which a
/// `Double` would print as `100000.0`) round-trip unchanged. Conversions are explicit and
/// answer `nil` rather than rounding silently where exactness matters.
///
///     let n = JSONNumber("1.0e5")!
///     n.doubleValue   // 100000.0
///     n.int64Value    // 100000
///     n.text          // "1.0e5"
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number's text, which always matches the RFC 8259 number grammar.
    public let text: String

    /// Creates a number from text that matches the RFC 8259 number grammar
    /// (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`), or answers `nil`.
    public init?(_ text: String) {
        var copy = text
        let isValid = copy.withUTF8 { bytes in
            JSONNumberGrammar.end(of: bytes, from: 0) == .success(bytes.count)
        }
        guard isValid else { return nil }
        self.text = copy
    }

    /// Creates a number from text the caller has already checked against the grammar.
    init(uncheckedText text: String) {
        self.text = text
    }

    /// Creates a number from an integer.
    public init<Integer: BinaryInteger>(_ value: Integer) {
        self.text = String(value)
    }

    /// Creates a number from a `Double`, written in its shortest round-tripping form;
    /// `nil` for infinities and NaN, which JSON cannot express.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 1e15 {
            self.text = String(Int64(value))
        } else {
            // Swift's description is the shortest text that reads back as the same Double,
            // and uses the forms 1e-05 and 1.5e+20, which the JSON grammar allows.
            self.text = value.description
        }
    }

    /// The nearest `Double`; numbers beyond its range give an infinity, as IEEE 754 rounds.
    public var doubleValue: Double {
        Double(text) ?? .nan
    }

    /// The value as an `Int64` when it is an integer that fits exactly (`100`, `1.0e2`,
    /// `-0`), otherwise `nil`.
    public var int64Value: Int64? {
        if let exact = Int64(text) { return exact }
        let double = doubleValue
        guard double == double.rounded(), abs(double) <= 9_007_199_254_740_992 else { return nil }
        return Int64(double)
    }

    /// Whether the text is written as an integer: no fraction and no exponent.
    public var isIntegerText: Bool {
        !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    public var description: String { text }
}
