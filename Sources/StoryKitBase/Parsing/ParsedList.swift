/// A model reply read as a list, following the list rules of the design.
///
/// JSON (the `storykit_parse_list` result):
/// `{"items":[{"text":"Rest","number":1}],"style":"numbered","preamble":"Here you go:","postamble":""}`;
/// `number` appears only for numbered and labeled items, and `style` is `null` when there is
/// no item.
public struct ParsedList: Sendable, Hashable, JSONConvertible {
    /// The items, in order.
    public var items: [ListItem]
    /// The style the first item fixed, or `nil` when there is no item.
    public var style: ListStyle?
    /// The text before the first item ("" when none); all of the text when there is no item.
    public var preamble: String
    /// The text after the last item that follows a blank line, such as "Hope this helps!".
    public var postamble: String

    /// Creates a parsed list.
    public init(items: [ListItem], style: ListStyle?, preamble: String = "", postamble: String = "") {
        self.items = items
        self.style = style
        self.preamble = preamble
        self.postamble = postamble
    }

    private enum CodingKeys: String, CodingKey {
        case items, style, preamble, postamble
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(style, forKey: .style)
        try container.encode(preamble, forKey: .preamble)
        try container.encode(postamble, forKey: .postamble)
    }
}

extension ParsedList {
    /// ``json`` as compact UTF-8, written straight from the items: a list of a million items
    /// would take a tree of a million objects, and the encoder a copy of it, to say the same.
    package func utf8JSON() -> [UInt8] {
        Self.writeJSON(style: style, preamble: preamble, postamble: postamble, itemCount: items.count) { writer in
            for (position, item) in items.enumerated() {
                var text = item.text
                text.withUTF8 { Self.writeItem(text: $0, number: item.number, first: position == 0, into: &writer) }
            }
        }
    }

    /// One item as the list's JSON holds it: `{"text":...,"number":n}`, after a comma unless
    /// it is the first.
    static func writeItem(text: UnsafeBufferPointer<UInt8>, number: Int?, first: Bool, into writer: inout JSONWriter) {
        writer.writeRaw(first ? "{\"text\":" : ",{\"text\":")
        writer.writeString(utf8: text)
        if let number {
            writer.writeRaw(",\"number\":")
            writer.writeInteger(number)
        }
        writer.writeRaw("}")
    }

    /// The list's JSON around items that `writeItems` writes, comma-separated.
    static func writeJSON(
        style: ListStyle?, preamble: String, postamble: String, itemCount: Int,
        writeItems: (inout JSONWriter) -> Void
    ) -> [UInt8] {
        var writer = JSONWriter(
            options: .compact, capacity: preamble.utf8.count + postamble.utf8.count + itemCount * 24 + 64)
        writer.writeRaw("{\"items\":[")
        writeItems(&writer)
        writer.writeRaw("],\"style\":")
        if let style { writer.writeString(style.rawValue) } else { writer.writeRaw("null") }
        writer.writeRaw(",\"preamble\":")
        writer.writeString(preamble)
        writer.writeRaw(",\"postamble\":")
        writer.writeString(postamble)
        writer.writeRaw("}")
        return writer.output
    }
}
