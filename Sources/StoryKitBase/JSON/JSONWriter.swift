/// Writes `JSONValue`s as canonical JSON text: white space only as the indent asks, the
/// minimal string escapes (`"`, `\`, and control characters), numbers as their exact text.
struct JSONWriter {
    private(set) var output: [UInt8] = []
    private let options: JSONWritingOptions

    init(options: JSONWritingOptions, capacity: Int = 256) {
        self.options = options
        output.reserveCapacity(capacity)
    }

    mutating func write(_ value: JSONValue, depth: Int = 0) {
        switch value {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number):
            output.append(contentsOf: number.text.utf8)
        case .string(let string):
            writeString(string)
        case .array(let elements):
            guard !elements.isEmpty else {
                output.append(contentsOf: "[]".utf8)
                return
            }
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                writeNewline(depth: depth + 1)
                write(element, depth: depth + 1)
            }
            writeNewline(depth: depth)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else {
                output.append(contentsOf: "{}".utf8)
                return
            }
            let members = options.sortKeys ? Self.sortedByCodePoint(object.members) : object.members
            output.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                writeNewline(depth: depth + 1)
                writeString(member.key)
                output.append(UInt8(ascii: ":"))
                if options.indent > 0 { output.append(UInt8(ascii: " ")) }
                write(member.value, depth: depth + 1)
            }
            writeNewline(depth: depth)
            output.append(UInt8(ascii: "}"))
        }
    }

    mutating func writeNewline(depth: Int) {
        guard options.indent > 0 else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * options.indent))
    }

    /// Appends UTF-8 that is already JSON text (a number's), as is.
    mutating func writeRaw(utf8 text: UnsafeBufferPointer<UInt8>) {
        output.append(contentsOf: text)
    }

    /// Appends JSON text written by hand (punctuation and keys), as is.
    mutating func writeRaw(_ text: StaticString) {
        // Most are one byte of punctuation, which a single append writes for less.
        if text.utf8CodeUnitCount == 1 {
            output.append(text.utf8Start.pointee)
        } else {
            output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
    }

    /// Writes `value` in decimal, without making a `String` of it.
    mutating func writeInteger(_ value: Int) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = output.count
        repeat {
            output.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        output[start...].reverse()
    }

    mutating func writeString(_ string: String) {
        var string = string
        string.withUTF8 { writeString(utf8: $0) }
    }

    /// Writes UTF-8 text (already valid) as a JSON string.
    mutating func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        output.append(UInt8(ascii: "\""))
        // Copy runs that need no escaping in bulk; escape the bytes between them.
        var runStart = 0
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            appendEscape(byte)
            runStart = index + 1
        }
        if runStart < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
        output.append(UInt8(ascii: "\""))
    }

    /// Writes a string given as its text in strict JSON (between the quotes, checked by the
    /// scanner): the same bytes as decoding it and writing the result, in one pass. The
    /// escapes the writer itself uses are copied; `\/` and `\u` escapes of anything else are
    /// decoded.
    mutating func writeString(jsonText contents: UnsafeBufferPointer<UInt8>) {
        output.append(UInt8(ascii: "\""))
        var runStart = 0, cursor = 0
        while cursor < contents.count {
            guard contents[cursor] == UInt8(ascii: "\\") else {
                cursor += 1
                continue
            }
            if runStart < cursor {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: contents[runStart..<cursor]))
            }
            let kind = contents[cursor + 1]
            switch kind {
            case UInt8(ascii: "/"):
                output.append(kind)
                cursor += 2
            case UInt8(ascii: "u"):
                let (scalar, next) = JSONUnicodeEscape.scalar(in: contents, digitsAt: cursor + 2)
                if scalar.value < 0x20 || scalar == "\"" || scalar == "\\" {
                    appendEscape(UInt8(scalar.value))
                } else {
                    UTF8.encode(scalar) { output.append($0) }
                }
                cursor = next
            default:
                // \" \\ \b \f \n \r \t: as the writer writes them.
                output.append(UInt8(ascii: "\\"))
                output.append(kind)
                cursor += 2
            }
            runStart = cursor
        }
        if runStart < contents.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: contents[runStart...])) }
        output.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(_ byte: UInt8) {
        let short: UInt8
        switch byte {
        case UInt8(ascii: "\""): short = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): short = UInt8(ascii: "\\")
        case 0x0A: short = UInt8(ascii: "n")
        case 0x0D: short = UInt8(ascii: "r")
        case 0x09: short = UInt8(ascii: "t")
        case 0x08: short = UInt8(ascii: "b")
        case 0x0C: short = UInt8(ascii: "f")
        default:
            output.append(contentsOf: [
                UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)]
            ])
            return
        }
        // Two appends, not a string's UTF-8 view: escapes are common in prompts.
        output.append(UInt8(ascii: "\\"))
        output.append(short)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private static func sortedByCodePoint(_ members: [JSONMember]) -> [JSONMember] {
        // UTF-8 byte order is code point order; the index keeps the sort stable.
        members.enumerated().sorted { lhs, rhs in
            if lhs.element.key == rhs.element.key { return lhs.offset < rhs.offset }
            return lhs.element.key.utf8.lexicographicallyPrecedes(rhs.element.key.utf8)
        }.map(\.element)
    }
}

extension JSONValue {
    /// The value as canonical JSON text.
    ///
    ///     let value: JSONValue = ["b": [1, 2], "a": "x\ny"]
    ///     value.formatted()                          // {"b":[1,2],"a":"x\ny"}
    ///     value.formatted(.init(sortKeys: true))     // {"a":"x\ny","b":[1,2]}
    public func formatted(_ options: JSONWritingOptions = .compact) -> String {
        String(decoding: utf8Bytes(options), as: UTF8.self)
    }

    /// The value as canonical JSON text, in UTF-8 bytes.
    public func utf8Bytes(_ options: JSONWritingOptions = .compact) -> [UInt8] {
        var writer = JSONWriter(options: options)
        writer.write(self)
        return writer.output
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON.
    public var description: String { formatted() }
}
