/// The items of a list being assembled, kept compactly: every item's text back to back in one
/// buffer, with each item's end and number beside it (8 bytes an item, where an array of
/// ``ListItem`` takes 32 and a heap string for each text that does not fit inline).
///
/// Only the last item grows, so its text is always at the end of the buffer.
struct ListItemStore: Sendable {
    private var text: [UInt8] = []
    /// Where each item's text ends in `text`.
    private var ends: [UInt32] = []
    /// Each item's number; `noNumber` for a bulleted item.
    private var numbers: [Int32] = []
    private static let noNumber = Int32.min

    var count: Int { ends.count }

    /// Adds an item. Marker numbers have at most three digits and the input at most
    /// `STORYKIT_MAX_INPUT_BYTES`, so both fit their fields.
    mutating func append(text first: String, number: Int?) {
        text.append(contentsOf: first.utf8)
        ends.append(UInt32(text.count))
        numbers.append(number.map { Int32($0) } ?? Self.noNumber)
    }

    /// Adds `piece` to the last item's text.
    mutating func extendLast(with piece: String) {
        text.append(contentsOf: piece.utf8)
        ends[ends.count - 1] = UInt32(text.count)
    }

    func text(at index: Int) -> String {
        String(decoding: textBytes(at: index), as: UTF8.self)
    }

    func isTextEmpty(at index: Int) -> Bool {
        textBytes(at: index).isEmpty
    }

    func number(at index: Int) -> Int? {
        numbers[index] == Self.noNumber ? nil : Int(numbers[index])
    }

    /// The items as ``ListItem`` values.
    var items: [ListItem] {
        (0..<count).map { ListItem(text: text(at: $0), number: number(at: $0)) }
    }

    /// Writes `{"text":...,"number":n}` for each item, comma-separated, as ``ParsedList``'s
    /// JSON holds them.
    func writeJSON(into writer: inout JSONWriter) {
        for index in 0..<count {
            textBytes(at: index).withUnsafeBufferPointer {
                ParsedList.writeItem(text: $0, number: number(at: index), first: index == 0, into: &writer)
            }
        }
    }

    private func textBytes(at index: Int) -> ArraySlice<UInt8> {
        text[(index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])]
    }
}
