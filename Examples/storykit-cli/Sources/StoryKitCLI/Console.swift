#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StoryKitCore

/// Writes the tool's output: results on stdout, progress and notes on stderr.
enum Console {
    /// Prints JSON for people (indented) or for programs (`compact`).
    static func printJSON(_ value: JSONValue, compact: Bool = false) {
        print(value.formatted(compact ? .compact : JSONWritingOptions(indent: 2)))
    }

    /// A line on stderr, such as progress, that never mixes into the results on stdout.
    static func note(_ line: String) {
        var text = line + "\n"
        // write(2) on the descriptor: unbuffered, so a note is seen at once.
        text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }
}

/// A table with aligned columns, as `policy fields` prints it.
struct TextTable {
    var header: [String]
    var rows: [[String]] = []

    var rendered: String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (column, cell) in cells.enumerated() {
                let isLast = column == cells.count - 1
                text += isLast ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }
            return text
        }
        let rule = widths.enumerated().map { String(repeating: "-", count: $0.element) + ($0.offset == widths.count - 1 ? "" : "  ") }.joined()
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }
}
