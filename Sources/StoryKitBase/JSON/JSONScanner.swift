/// A strict RFC 8259 scanner over UTF-8 bytes.
///
/// It is iterative — nesting lives in an explicit stack bounded by `limits.maxDepth` — so no
/// input can overflow the call stack. Every byte is examined a bounded number of times.
struct JSONScanner<Handler: JSONScanHandler> {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let limits: JSONParserLimits
    private var index = 0
    /// One entry per open container: `true` for an object, `false` for an array.
    private var openContainers: [Bool] = []
    /// Reused buffer for strings that hold escapes.
    private var scratch: [UInt8] = []
    var handler: Handler

    init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONParserLimits, handler: Handler) {
        self.bytes = bytes
        self.limits = limits
        self.handler = handler
    }

    /// Scans exactly one JSON value with optional surrounding white space.
    mutating func scanDocument() throws(JSONParseError) {
        guard bytes.count <= limits.maxBytes else {
            throw JSONParseError(
                .sizeLimit, "the text is \(bytes.count) bytes, over the limit of \(limits.maxBytes)",
                at: limits.maxBytes, in: bytes)
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw error("a byte order mark is not allowed before JSON text", at: 0)
        }
        try scanValue()
        skipWhitespace()
        if index < bytes.count {
            throw error("unexpected \(describeByte(at: index)) after the JSON value", at: index)
        }
    }

    // MARK: Structure

    /// Scans one value, containers included, leaving `index` just past it.
    private mutating func scanValue() throws(JSONParseError) {
        nextValue: while true {
            skipWhitespace()
            guard index < bytes.count else { throw endOfInput("expected a value") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                try open(isObject: true)
                handler.beginObject()
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    openContainers.removeLast()
                    handler.endObject()
                } else {
                    try scanKeyAndColon(expectation: "expected a string key or '}'")
                    continue nextValue
                }
            case UInt8(ascii: "["):
                try open(isObject: false)
                handler.beginArray()
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    openContainers.removeLast()
                    handler.endArray()
                } else {
                    continue nextValue
                }
            case UInt8(ascii: "\""):
                if Handler.wantsRawStrings {
                    try scanRawString(isKey: false)
                } else {
                    let value = try scanString()
                    if Handler.needsStrings { handler.string(value) }
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try scanNumber()
            case UInt8(ascii: "t"):
                try scanLiteral("true", .bool(true))
            case UInt8(ascii: "f"):
                try scanLiteral("false", .bool(false))
            case UInt8(ascii: "n"):
                try scanLiteral("null", .null)
            default:
                throw error("expected a value, found \(describeByte(at: index))", at: index)
            }

            // A value is complete: close containers until one expects another element.
            while let isObject = openContainers.last {
                skipWhitespace()
                guard index < bytes.count else {
                    throw endOfInput(isObject ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array")
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: ",") {
                    index += 1
                    if isObject {
                        skipWhitespace()
                        try scanKeyAndColon(expectation: "expected a string key after ','")
                    }
                    continue nextValue
                }
                if isObject, byte == UInt8(ascii: "}") {
                    index += 1
                    openContainers.removeLast()
                    handler.endObject()
                } else if !isObject, byte == UInt8(ascii: "]") {
                    index += 1
                    openContainers.removeLast()
                    handler.endArray()
                } else {
                    let expected =
                        isObject
                        ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element"
                    throw error("\(expected), found \(describeByte(at: index))", at: index)
                }
            }
            return
        }
    }

    private mutating func open(isObject: Bool) throws(JSONParseError) {
        guard openContainers.count < limits.maxDepth else {
            throw JSONParseError(
                .depthLimit, "nesting is deeper than the limit of \(limits.maxDepth)", at: index, in: bytes)
        }
        openContainers.append(isObject)
        index += 1
    }

    private mutating func scanKeyAndColon(expectation: String) throws(JSONParseError) {
        guard index < bytes.count else { throw endOfInput(expectation) }
        guard bytes[index] == UInt8(ascii: "\"") else {
            throw error("\(expectation), found \(describeByte(at: index))", at: index)
        }
        if Handler.wantsRawStrings {
            try scanRawString(isKey: true)
        } else {
            let key = try scanString()
            if Handler.needsStrings { handler.key(key) }
        }
        skipWhitespace()
        guard index < bytes.count else { throw endOfInput("expected ':' after an object key") }
        guard bytes[index] == UInt8(ascii: ":") else {
            throw error("expected ':' after an object key, found \(describeByte(at: index))", at: index)
        }
        index += 1
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        var cursor = index
        while cursor < bytes.count {
            let byte = bytes[cursor]
            // Everything above ' ' ends the run; below it only \t \n \r are white space.
            guard byte <= UInt8(ascii: " "),
                byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                    || byte == UInt8(ascii: "\t")
            else { break }
            cursor &+= 1
        }
        index = cursor
    }

    // MARK: Scalars

    private mutating func scanLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONParseError) {
        let length = word.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: length)
        for offset in 0..<length {
            guard index + offset < bytes.count else { throw endOfInput("expected '\(word)'") }
            guard bytes[index + offset] == expected[offset] else {
                throw error("expected '\(word)', found \(describeByte(at: index + offset))", at: index + offset)
            }
        }
        index += length
        handler.literal(value)
    }

    private mutating func scanNumber() throws(JSONParseError) {
        switch JSONNumberGrammar.end(of: bytes, from: index) {
        case .success(let end):
            handler.number(UnsafeBufferPointer(rebasing: bytes[index..<end]))
            index = end
        case .failure(.digitExpected(let offset)):
            if offset >= bytes.count { throw endOfInput("expected a digit in a number") }
            throw error("expected a digit in a number, found \(describeByte(at: offset))", at: offset)
        case .failure(.leadingZero(let offset)):
            throw error("a number may not have a leading zero", at: offset - 1)
        }
    }

    /// Scans the string whose opening quote is at `index`; returns its decoded contents when
    /// the handler needs them, and "" otherwise.
    private mutating func scanString() throws(JSONParseError) -> String {
        let (contents, hasEscapes) = try scanStringText()
        guard Handler.needsStrings else { return "" }
        return hasEscapes ? decodeEscapes(contents) : String(decoding: contents, as: UTF8.self)
    }

    /// Scans the string whose opening quote is at `index` and hands its text to the handler.
    private mutating func scanRawString(isKey: Bool) throws(JSONParseError) {
        let (contents, hasEscapes) = try scanStringText()
        handler.rawString(contents, isKey: isKey, hasEscapes: hasEscapes)
    }

    /// Checks the string whose opening quote is at `index`, moves past it, and returns its
    /// text between the quotes and whether that holds escapes.
    @inline(__always)
    private mutating func scanStringText() throws(JSONParseError) -> (
        contents: UnsafeBufferPointer<UInt8>, hasEscapes: Bool
    ) {
        let start = index + 1
        let (end, hasEscapes): (Int, Bool)
        switch Self.stringEnd(bytes, from: start) {
        case .success(let result): (end, hasEscapes) = result
        case .failure(let failure): throw stringError(failure, openedAt: index)
        }
        index = end + 1
        return (UnsafeBufferPointer(rebasing: bytes[start..<end]), hasEscapes)
    }

    /// Why string contents are malformed; turned into a `JSONParseError` off the hot path.
    private enum StringFailure: Error {
        case unterminated
        case controlCharacter(at: Int)
        case unfinishedEscape(at: Int)
        case badHexDigit(at: Int)
        case badEscape(at: Int)
        case badLeadByte(at: Int)
        case cutOffCharacter(at: Int)
        case badContinuation(at: Int, characterStart: Int)
    }

    /// The offset of the closing quote of a string whose contents start at `start`, and
    /// whether the contents hold escapes. Checks escapes and UTF-8 on the way.
    @inline(__always)
    private static func stringEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Result<
        (Int, Bool), StringFailure
    > {
        var cursor = start
        var hasEscapes = false
        while true {
            cursor = plainASCIIEnd(bytes, from: cursor)
            guard cursor < bytes.count else { return .failure(.unterminated) }
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                return .success((cursor, hasEscapes))
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                switch escapeEnd(bytes, from: cursor) {
                case .success(let end): cursor = end
                case .failure(let failure): return .failure(failure)
                }
            } else if byte < 0x20 {
                return .failure(.controlCharacter(at: cursor))
            } else {
                // Non-ASCII text tends to come in runs (CJK, Arabic): stay here while it lasts.
                repeat {
                    switch utf8SequenceEnd(bytes, from: cursor) {
                    case .success(let end): cursor = end
                    case .failure(let failure): return .failure(failure)
                    }
                } while cursor < bytes.count && bytes[cursor] >= 0x80
            }
        }
    }

    /// The offset of the first byte at or after `start` that is not plain ASCII string content
    /// (a quote, a backslash, a control character or a non-ASCII byte). Eight bytes at a time.
    @inline(__always)
    private static func plainASCIIEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var cursor = start
        if let base = bytes.baseAddress {
            // Two words per round while nothing is special: one well-predicted branch per 16 bytes.
            while cursor &+ 16 <= bytes.count {
                let first = UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self)
                let second = UnsafeRawPointer(base + (cursor &+ 8)).loadUnaligned(as: UInt64.self)
                if specialByteFlags(first) | specialByteFlags(second) != 0 { break }
                cursor &+= 16
            }
            while cursor &+ 8 <= bytes.count {
                // Little-endian order puts the first byte in the lowest bits on every host.
                let word = UInt64(littleEndian: UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self))
                let special = specialByteFlags(word)
                // Borrows only flag bytes above a truly special one, so the lowest flag is exact.
                if special != 0 { return cursor &+ special.trailingZeroBitCount &>> 3 }
                cursor &+= 8
            }
        }
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
            cursor &+= 1
        }
        return cursor
    }

    /// The high bit of each byte of `word` that may be a control character, '"', '\\' or
    /// non-ASCII. No special byte goes unflagged, and the lowest flag is always a special byte.
    @inline(__always)
    private static func specialByteFlags(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let controls = (word &- ones &* 0x20) & ~word
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        return (controls | ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | word) & highs
    }

    /// Checks the escape whose backslash is at `start`; returns the offset just past it.
    @inline(__always)
    private static func escapeEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Result<Int, StringFailure> {
        let next = start + 1
        guard next < bytes.count else { return .failure(.unfinishedEscape(at: start)) }
        switch bytes[next] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return .success(next + 1)
        case UInt8(ascii: "u"):
            for offset in next + 1...next + 4 {
                guard offset < bytes.count else { return .failure(.unfinishedEscape(at: start)) }
                guard JSONUnicodeEscape.hexValue(bytes[offset]) != nil else {
                    return .failure(.badHexDigit(at: offset))
                }
            }
            return .success(next + 5)
        default:
            return .failure(.badEscape(at: start))
        }
    }

    /// Checks the UTF-8 sequence whose lead byte (>= 0x80) is at `start`; returns the offset
    /// past it. Rejects overlong forms, surrogates and code points above U+10FFFF.
    @inline(__always)
    private static func utf8SequenceEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Result<
        Int, StringFailure
    > {
        let lead = bytes[start]
        // Fast path for the common two- and three-byte forms (Latin, Greek, Cyrillic, Arabic, CJK).
        if start &+ 2 < bytes.count {
            let second = bytes[start &+ 1]
            if lead &- 0xC2 < 0x1E, second & 0xC0 == 0x80 { return .success(start &+ 2) }
            if lead &- 0xE1 < 0x0C || lead &- 0xEE < 0x02, second & 0xC0 == 0x80, bytes[start &+ 2] & 0xC0 == 0x80 {
                return .success(start &+ 3)
            }
        }
        guard let (length, secondLow, secondHigh) = UTF8Text.leadRule(lead) else {
            return .failure(.badLeadByte(at: start))
        }
        guard start + length <= bytes.count else { return .failure(.cutOffCharacter(at: start)) }
        let second = bytes[start + 1]
        guard second >= secondLow, second <= secondHigh else {
            return .failure(.badContinuation(at: start + 1, characterStart: start))
        }
        var offset = start + 2
        while offset < start + length {
            guard bytes[offset] & 0xC0 == 0x80 else {
                return .failure(.badContinuation(at: offset, characterStart: start))
            }
            offset += 1
        }
        return .success(start + length)
    }

    private func stringError(_ failure: StringFailure, openedAt open: Int) -> JSONParseError {
        switch failure {
        case .unterminated:
            return JSONParseError(.syntax, "a string is not closed before the end of input", at: open, in: bytes)
        case .controlCharacter(let offset):
            return error(
                "a control character (U+\(hex(bytes[offset], width: 4))) must be escaped in a string", at: offset)
        case .unfinishedEscape(let offset):
            return JSONParseError(.syntax, "an escape is not finished before the end of input", at: offset, in: bytes)
        case .badHexDigit(let offset):
            return error("a \\u escape needs four hex digits, found \(describeByte(at: offset))", at: offset)
        case .badEscape(let offset):
            return error("invalid escape '\\\(Character(Unicode.Scalar(bytes[offset + 1])))'", at: offset)
        case .badLeadByte(let offset):
            return JSONParseError(
                .invalidUTF8, "invalid UTF-8: byte 0x\(hex(bytes[offset], width: 2)) cannot start a character",
                at: offset, in: bytes)
        case .cutOffCharacter(let offset):
            return JSONParseError(
                .invalidUTF8, "invalid UTF-8: a character is cut off by the end of input", at: offset, in: bytes)
        case .badContinuation(let offset, let characterStart):
            return JSONParseError(
                .invalidUTF8,
                "invalid UTF-8: byte 0x\(hex(bytes[offset], width: 2)) cannot continue the character that starts at byte \(characterStart)",
                at: offset, in: bytes)
        }
    }

    /// Decodes string contents already checked by `scanString`. Lone surrogates in `\u`
    /// escapes become U+FFFD.
    private mutating func decodeEscapes(_ contents: UnsafeBufferPointer<UInt8>) -> String {
        scratch.removeAll(keepingCapacity: true)
        var cursor = 0
        while cursor < contents.count {
            guard contents[cursor] == UInt8(ascii: "\\") else {
                // Copy up to the next escape in one go.
                var end = cursor + 1
                while end < contents.count, contents[end] != UInt8(ascii: "\\") { end += 1 }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: contents[cursor..<end]))
                cursor = end
                continue
            }
            let kind = contents[cursor + 1]
            cursor += 2
            switch kind {
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"):
                let (decoded, next) = JSONUnicodeEscape.scalar(in: contents, digitsAt: cursor)
                cursor = next
                scratch.append(contentsOf: UTF8.encode(decoded)!)
            default:
                // '"', '\\' and '/' stand for themselves.
                scratch.append(kind)
            }
        }
        return String(decoding: scratch, as: UTF8.self)
    }

    // MARK: Errors and helpers

    private func error(_ reason: String, at offset: Int) -> JSONParseError {
        JSONParseError(.syntax, reason, at: offset, in: bytes)
    }

    private func endOfInput(_ expectation: String) -> JSONParseError {
        JSONParseError(.syntax, "\(expectation), found the end of input", at: bytes.count, in: bytes)
    }

    private func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of input" }
        let byte = bytes[offset]
        if byte == UInt8(ascii: "'") { return #""'""# }
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(hex(byte, width: 2))"
    }
}
