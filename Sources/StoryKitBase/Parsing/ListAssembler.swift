/// Applies the list rules of the design one complete line at a time.
///
/// Batch parsing and streaming both drive this type, so a stream's result is the batch result
/// by construction. Only text after a blank line that follows an item is held back, because
/// it is the postamble if no other item follows and the item's continuation if one does.
struct ListAssembler {
    private var items = ListItemStore()
    private var style: ListStyle?
    private var listIndent = 0
    private var preambleLines: [String] = []
    /// Lines after a blank line that follows an item: postamble, unless another item comes.
    private var heldLines: [String] = []
    private var blankSinceLastText = false

    /// Reads one line (without its terminator).
    mutating func add(line: ArraySlice<UInt8>, emit: (ListAssemblyEvent) -> Void) {
        let bytes = Array(line)
        // A fence line separates like a blank line (the closing fence ends the list's
        // block), but adds nothing to the text.
        if LineText.isFence(bytes) {
            if style != nil { blankSinceLastText = true }
            return
        }
        if LineText.isBlank(bytes) {
            if style == nil {
                preambleLines.append("")
            } else if !heldLines.isEmpty {
                heldLines.append("")
            }
            blankSinceLastText = true
            return
        }
        if let marker = ListMarker.recognise(bytes), startsItem(marker) {
            startItem(marker, emit: emit)
            return
        }
        let text = String(decoding: LineText.trimmed(bytes[...]), as: UTF8.self)
        guard style != nil else {
            preambleLines.append(text)
            return
        }
        let indentedDeeper = LineText.indentation(bytes) > listIndent
        if heldLines.isEmpty, !blankSinceLastText || indentedDeeper {
            append(text, emit: emit)
        } else {
            heldLines.append(text)
        }
        blankSinceLastText = false
    }

    /// Ends the input: held text becomes the postamble.
    mutating func finish(emit: (ListAssemblyEvent) -> Void) -> ParsedList {
        endInput(emit: emit)
        return ParsedList(
            items: items.items, style: style, preamble: Self.joined(preambleLines), postamble: Self.joined(heldLines))
    }

    /// Ends the input like ``finish(emit:)`` and writes the list as ``ParsedList``'s JSON
    /// straight from the compact items, without a ``ListItem`` for each.
    mutating func finishJSON(emit: (ListAssemblyEvent) -> Void) -> [UInt8] {
        endInput(emit: emit)
        let preamble = Self.joined(preambleLines), postamble = Self.joined(heldLines)
        return ParsedList.writeJSON(style: style, preamble: preamble, postamble: postamble, itemCount: items.count) {
            writer in
            items.writeJSON(into: &writer)
        }
    }

    private func endInput(emit: (ListAssemblyEvent) -> Void) {
        if items.count > 0 { emit(.finished(index: items.count - 1, text: items.text(at: items.count - 1))) }
    }

    /// How many items have started.
    var itemCount: Int { items.count }

    /// Whether a marker starts a new item rather than being text (list rule 2).
    private func startsItem(_ marker: ListMarker) -> Bool {
        guard let style else { return true }
        guard marker.style == style, marker.indent <= listIndent else { return false }
        guard items.count > 0, let previous = items.number(at: items.count - 1), let number = marker.number else {
            return true
        }
        return number == previous + 1 || number == previous
    }

    private mutating func startItem(_ marker: ListMarker, emit: (ListAssemblyEvent) -> Void) {
        if style == nil {
            style = marker.style
            listIndent = marker.indent
        } else {
            // Text held after a blank line was the previous item's continuation after all.
            for line in heldLines where !line.isEmpty { append(line, emit: emit) }
            heldLines.removeAll()
            emit(.finished(index: items.count - 1, text: items.text(at: items.count - 1)))
        }
        listIndent = min(listIndent, marker.indent)
        let number = marker.style == .bulleted ? nil : marker.number
        items.append(text: marker.text, number: number)
        blankSinceLastText = false
        emit(.started(index: items.count - 1, number: number, text: marker.text))
    }

    private mutating func append(_ line: String, emit: (ListAssemblyEvent) -> Void) {
        let index = items.count - 1
        let addition = items.isTextEmpty(at: index) ? line : "\n" + line
        items.extendLast(with: addition)
        emit(.appended(index: index, text: addition))
    }

    /// Lines joined with newlines, without leading or trailing blank lines.
    private static func joined(_ lines: [String]) -> String {
        var slice = lines[...]
        while slice.first?.isEmpty == true { slice = slice.dropFirst() }
        while slice.last?.isEmpty == true { slice = slice.dropLast() }
        return slice.joined(separator: "\n")
    }
}
