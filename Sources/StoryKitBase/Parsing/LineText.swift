/// Small helpers for lines of UTF-8 text.
enum LineText {
    /// The indentation of `line` in columns (a tab counts 4); `end` receives the offset of the
    /// first other byte.
    static func indentation(_ line: [UInt8], end: inout Int) -> Int {
        var columns = 0
        end = 0
        while end < line.count {
            if line[end] == UInt8(ascii: " ") {
                columns += 1
            } else if line[end] == UInt8(ascii: "\t") {
                columns += 4
            } else {
                break
            }
            end += 1
        }
        return columns
    }

    /// The indentation of `line` in columns.
    static func indentation(_ line: [UInt8]) -> Int {
        var end = 0
        return indentation(line, end: &end)
    }

    /// `bytes` without leading and trailing spaces and tabs.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            slice = slice.dropFirst()
        }
        while let last = slice.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            slice = slice.dropLast()
        }
        return slice
    }

    /// Whether `line` holds only spaces and tabs.
    static func isBlank(_ line: [UInt8]) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// Whether `line` is a code fence (```` ``` ```` or `~~~`, with or without a language).
    static func isFence(_ line: [UInt8]) -> Bool {
        let content = trimmed(line[...])
        return content.starts(with: "```".utf8) || content.starts(with: "~~~".utf8)
    }
}
