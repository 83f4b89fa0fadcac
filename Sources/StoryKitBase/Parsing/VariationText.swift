/// The clean-up a list item gets to become a variation (list rule 6): a leading kind label
/// ("Direct correction:", "**Refined phrasing** -", "Alternative:") is removed and gives the
/// kind, and so is one pair of wrapping quotes, straight or curly.
package enum VariationText {
    private static let labels: [(phrase: [UInt8], kind: TextVariation.Kind)] = {
        let phrases: [(String, TextVariation.Kind)] = [
            ("direct correction", .direct), ("direct", .direct),
            ("refined phrasing", .refined), ("refined", .refined),
            ("alternative interpretation", .alternative), ("alternative", .alternative)
        ]
        return phrases.map { (Array($0.0.utf8), $0.1) }
    }()

    /// Splits a leading kind label off `text`: the kind and the rest, trimmed.
    static func label(_ text: String) -> (kind: TextVariation.Kind?, rest: String) {
        let (kind, rest) = splitLabel(text)
        return kind == nil ? (nil, text) : (kind, trimmed(rest))
    }

    /// Splits a leading kind label off `text`: the kind and the rest as it is (no kind: `text`).
    static func splitLabel(_ text: String) -> (kind: TextVariation.Kind?, rest: String) {
        let bytes = Array(text.utf8)
        var index = 0
        var wrapper: [UInt8]? = nil
        if bytes.count >= 2, bytes[0] == bytes[1], bytes[0] == UInt8(ascii: "*") || bytes[0] == UInt8(ascii: "_") {
            wrapper = Array(bytes[0..<2])
            index = 2
        }
        guard
            let (phrase, kind) = labels.first(where: { label in
                bytes.count >= index + label.phrase.count
                    && zip(bytes[index..<index + label.phrase.count], label.phrase).allSatisfy { $0 | 0x20 == $1 }
            })
        else { return (nil, text) }
        index += phrase.count
        var closed = wrapper == nil
        if let wrapper, bytes[index...].starts(with: wrapper) {
            index += 2
            closed = true
        }
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        // A separator must follow: ':', '-', an en or em dash.
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") || bytes[index] == UInt8(ascii: "-") {
            index += 1
        } else if bytes[index...].starts(with: [0xE2, 0x80, 0x93]) || bytes[index...].starts(with: [0xE2, 0x80, 0x94]) {
            index += 3
        } else {
            return (nil, text)
        }
        if !closed, let wrapper, bytes[index...].starts(with: wrapper) {
            index += 2
            closed = true
        }
        guard closed, index == bytes.count || bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\n")
        else {
            return (nil, text)
        }
        return (kind, String(decoding: bytes[index...], as: UTF8.self))
    }

    /// Whether `text` begins with a quote that may wrap it.
    static func startsWithQuote(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return closingQuote(for: first) != nil
    }

    /// `text` without one pair of wrapping quotes, when it has them.
    static func unquoted(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count >= 2, let first = scalars.first, let last = scalars.last,
            closingQuote(for: first) == last
        else { return text }
        return trimmed(String(scalars.dropFirst().dropLast()))
    }

    /// The final text and kind of a raw list item.
    static func clean(_ raw: String) -> (text: String, kind: TextVariation.Kind?) {
        let (kind, rest) = label(raw)
        return (unquoted(rest), kind)
    }

    private static func closingQuote(for opening: Unicode.Scalar) -> Unicode.Scalar? {
        switch opening {
        case "\"": "\""
        case "\u{201C}": "\u{201D}"
        case "'": "'"
        case "\u{2018}": "\u{2019}"
        case "\u{00AB}": "\u{00BB}"
        case "\u{300C}": "\u{300D}"
        default: nil
        }
    }

    /// `text` without its leading white space.
    static func withoutLeadingWhitespace(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[start...])
    }

    /// `text` split before its trailing white space.
    static func splitTrailingWhitespace(_ text: String) -> (body: String, trailing: String) {
        let scalars = text.unicodeScalars
        guard let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return ("", text) }
        let end = scalars.index(after: last)
        return (String(scalars[..<end]), String(scalars[end...]))
    }

    /// `text` without white space (newlines included) at either end.
    package static func trimmed(_ text: String) -> String {
        splitTrailingWhitespace(withoutLeadingWhitespace(text)).body
    }
}
