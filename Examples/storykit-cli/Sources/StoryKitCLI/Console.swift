#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import StoryKitCore
import Synchronization

/// Writes the tool's output: results on stdout, progress and notes on stderr.
enum Console {
    /// Prints JSON for people (indented) or for programs (`compact`).
    static func printJSON(_ value: JSONValue, compact: Bool = false) {
        print(value.formatted(compact ? .compact : JSONWritingOptions(indent: 2)))
    }

    /// A line on stderr, such as progress, that never mixes into the results on stdout.
    static func note(_ line: String) {
        writeLine(line, to: STDERR_FILENO)
    }

    /// A line on stdout written at once, for streamed events a reader waits for (`print`
    /// buffers when stdout is a pipe). A command that streams writes all its output this way.
    static func emit(_ value: JSONValue) {
        writeLine(value.formatted(.compact), to: STDOUT_FILENO)
    }

    private static func writeLine(_ line: String, to descriptor: Int32) {
        var text = line + "\n"
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    let error = errno
                    if descriptor == STDOUT_FILENO { outputFailure.withLock { $0 = $0 ?? error } }
                    return
                }
                offset += written
            }
        }
    }

    /// The first error writing to stdout, if any: a full disk or a closed stdout must not
    /// end the command with status 0 as if its results had been written.
    private static let outputFailure = Mutex<Int32?>(nil)

    /// Flushes stdout and, when any of the output could not be written, says so on stderr and
    /// exits with 74 (EX_IOERR).
    static func finishOutput() {
        // fflush(nil) flushes every stream (stdout itself is a global Swift 6 will not touch).
        if fflush(nil) != 0 {
            let error = errno
            outputFailure.withLock { $0 = $0 ?? error }
        }
        guard let error = outputFailure.withLock({ $0 }) else { return }
        note("Error: the output could not be written: \(String(cString: strerror(error)))")
        note("Hint: Check that stdout goes to a file with free space or an open pipe.")
        exit(74)
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
        let rule = widths.enumerated().map {
            String(repeating: "-", count: $0.element) + ($0.offset == widths.count - 1 ? "" : "  ")
        }.joined()
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }
}
