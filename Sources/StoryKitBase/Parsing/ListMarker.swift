/// The marker that opens a list item, recognised at the start of a line (list rule 1).
///
/// Numbered `N.` `N)` `(N)` `N:` `N -`; bullets `-` `*` `+` `•`; labels `Option N:`,
/// `Variation N:`, `Version N -`, `Choice N.`, `Interpretation N:` in any case. A marker may be
/// wrapped in `**` or `__` (`**1.**`, `**Option 1:**`, `**Option 1**:`), and must be followed by
/// white space or the end of the line, so `1.5 cups` is text.
struct ListMarker: Equatable {
    typealias Style = ListStyle

    var style: Style
    /// The item's number, for numbered and labeled items.
    var number: Int?
    /// The marker's indentation in columns (a tab counts 4).
    var indent: Int
    /// The item's text on this line: after the marker, trimmed, with a wrapper that encloses
    /// the whole item (`**1. The end.**`) removed.
    var text: String

    private static let labelWords: [[UInt8]] = ["option", "variation", "version", "choice", "interpretation"].map {
        Array($0.utf8)
    }

    /// The marker at the start of `line`, or `nil` when the line is not an item.
    static func recognise(_ line: [UInt8]) -> ListMarker? {
        var index = 0
        let indent = LineText.indentation(line, end: &index)
        var opener: [UInt8]? = nil
        if index + 1 < line.count, line[index] == line[index + 1],
            line[index] == UInt8(ascii: "*") || line[index] == UInt8(ascii: "_")
        {
            opener = [line[index], line[index]]
            index += 2
        }
        guard index < line.count else { return nil }

        var style: Style
        var number: Int? = nil
        if opener == nil, let bulletEnd = bulletEnd(line, at: index) {
            style = .bulleted
            index = bulletEnd
        } else if let (value, end) = numberedMarker(line, at: index) {
            style = .numbered
            number = value
            index = end
        } else if let (value, end) = labelMarker(line, at: index, opener: opener) {
            style = .labeled
            number = value.number
            index = end
            if value.closedOpener { opener = nil }
        } else {
            return nil
        }

        // A wrapper that closes right after the marker wraps only the marker.
        var wrapsItem = false
        if let wrapper = opener {
            if line[index...].starts(with: wrapper) {
                index += 2
                if style == .labeled, index < line.count, isLabelPunctuation(line[index]) { index += 1 }
            } else {
                wrapsItem = true
            }
        }
        guard index == line.count || line[index] == UInt8(ascii: " ") || line[index] == UInt8(ascii: "\t") else {
            return nil
        }

        var content = LineText.trimmed(line[index...])
        if let wrapper = opener, wrapsItem {
            if content.count >= 2, content.suffix(2).elementsEqual(wrapper) {
                content = LineText.trimmed(content.dropLast(2))
            } else {
                // The emphasis starts at the marker but ends inside the text: it belongs to the text.
                content = ArraySlice(wrapper + content)
            }
        }
        return ListMarker(style: style, number: number, indent: indent, text: String(decoding: content, as: UTF8.self))
    }

    /// `-`, `*`, `+` or `•` followed by white space or the end of the line.
    private static func bulletEnd(_ line: [UInt8], at index: Int) -> Int? {
        var end: Int
        switch line[index] {
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"): end = index + 1
        case 0xE2 where index + 2 < line.count && line[index + 1] == 0x80 && line[index + 2] == 0xA2: end = index + 3
        default: return nil
        }
        guard end == line.count || line[end] == UInt8(ascii: " ") || line[end] == UInt8(ascii: "\t") else { return nil }
        return end
    }

    /// `N.` `N)` `(N)` `N:` or `N -`, with 1 to 3 digits.
    private static func numberedMarker(_ line: [UInt8], at start: Int) -> (Int, Int)? {
        var index = start
        let parenthesised = line[index] == UInt8(ascii: "(")
        if parenthesised { index += 1 }
        guard let (number, afterDigits) = digits(line, at: index) else { return nil }
        index = afterDigits
        guard index < line.count else { return nil }
        if parenthesised {
            return line[index] == UInt8(ascii: ")") ? (number, index + 1) : nil
        }
        switch line[index] {
        case UInt8(ascii: "."), UInt8(ascii: ")"), UInt8(ascii: ":"):
            return (number, index + 1)
        case UInt8(ascii: " "):
            // `N -`: spaces, then a hyphen standing alone.
            var after = index
            while after < line.count, line[after] == UInt8(ascii: " ") { after += 1 }
            guard after < line.count, line[after] == UInt8(ascii: "-") else { return nil }
            return (number, after + 1)
        default:
            return nil
        }
    }

    /// `Option N:` and its kin; reports whether a `**` opener closed before the punctuation
    /// (`**Option 1**:`).
    private static func labelMarker(_ line: [UInt8], at start: Int, opener: [UInt8]?) -> (
        (number: Int, closedOpener: Bool), Int
    )? {
        var wordEnd = start
        while wordEnd < line.count, (line[wordEnd] | 0x20) >= UInt8(ascii: "a"),
            (line[wordEnd] | 0x20) <= UInt8(ascii: "z")
        { wordEnd += 1 }
        let word = line[start..<wordEnd].map { $0 | 0x20 }
        guard labelWords.contains(where: { $0 == word }) else { return nil }
        var index = wordEnd
        guard index < line.count, line[index] == UInt8(ascii: " ") else { return nil }
        while index < line.count, line[index] == UInt8(ascii: " ") { index += 1 }
        guard let (number, afterDigits) = digits(line, at: index) else { return nil }
        index = afterDigits
        var closedOpener = false
        if let opener, line[index...].starts(with: opener) {
            index += 2
            closedOpener = true
        }
        if index < line.count, isLabelPunctuation(line[index]) {
            return ((number, closedOpener), index + 1)
        }
        if index + 1 < line.count, line[index] == UInt8(ascii: " "), line[index + 1] == UInt8(ascii: "-") {
            return ((number, closedOpener), index + 2)
        }
        // `**Option 1** text`: the closed wrapper is enough to mark the label.
        guard closedOpener else { return nil }
        return ((number: number, closedOpener: true), index)
    }

    private static func isLabelPunctuation(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ")")
    }

    /// 1 to 3 ASCII digits.
    private static func digits(_ line: [UInt8], at start: Int) -> (Int, Int)? {
        var index = start
        var value = 0
        while index < line.count, index - start < 4, line[index].isASCIIDigit {
            value = value * 10 + Int(line[index] - UInt8(ascii: "0"))
            index += 1
        }
        guard (1...3).contains(index - start) else { return nil }
        return (value, index)
    }
}
