/// A resumable byte-at-a-time reader of JSON as language models write it.
///
/// It finds the value inside prose and code fences, accepts the repairs of the design
/// (trailing commas, single, curly and backtick quotes, unquoted keys, comments, Python
/// literals, raw newlines and tabs in strings, missing commas, unescaped quotes), and on `finish()` closes what truncation left open. Any
/// other deviation is an error with its line and column. Bytes are examined once, whatever
/// the chunking, and only the value being built is kept.
struct TolerantJSONMachine {
    private enum Phase { case prelude, value, trailer }

    private enum Expect {
        case keyOrEnd, key, colon, valueOrEnd, value, commaOrEnd
    }

    private struct Frame {
        var isObject: Bool
        var elements: [JSONValue] = []
        var members: [JSONMember] = []
        /// How many elements or members the container has (kept also when written through).
        var count = 0
        var key: String?
        var expect: Expect
    }

    private enum Quote {
        case double, single, curlyDouble, curlySingle, backtick

        /// The UTF-8 bytes that close a string opened with this quote.
        var closer: [UInt8] {
            switch self {
            case .double: [0x22]
            case .single: [0x27]
            case .curlyDouble: [0xE2, 0x80, 0x9D]
            case .curlySingle: [0xE2, 0x80, 0x99]
            case .backtick: [0x60]
            }
        }

        /// An apostrophe-like closer followed by a letter is part of the text ("don't").
        var mayBeApostrophe: Bool { self == .single || self == .curlySingle }
    }

    private enum Escape {
        case none
        case backslash
        case unicode(digits: Int, value: UInt32)
        /// A high surrogate waiting for `\uDC00`-`\uDFFF`; the stage counts `\` and `u` seen.
        case highSurrogate(UInt32, stage: Int)
        case lowSurrogate(high: UInt32, digits: Int, value: UInt32)
    }

    private struct StringToken {
        var quote: Quote
        var isKey: Bool
        var bytes: [UInt8] = []
        var escape: Escape = .none
        /// Bytes of a possible multi-byte closer seen so far.
        var closerProgress = 0
        /// The closer is complete but may be an apostrophe: the next byte decides.
        var closerPending = false
        /// How many bytes of `bytes` were reported in partial events.
        var reported = 0
        /// Set after a `"` that may be text inside a value: what follows decides.
        var quoteCheck: QuoteContinuation?
        /// The bytes read after that `"` while undecided, not yet counted in the position.
        var afterQuote: [UInt8] = []
    }

    private enum Token {
        case none
        case string(StringToken)
        case number([UInt8])
        case word([UInt8])
        /// A byte that may open a curly quote (E2, or E2 80).
        case curlyOpening([UInt8])
        case slash
        case lineComment
        case blockComment(sawStar: Bool)
    }

    let maxDepth: Int
    /// Whether scalar and partial events are reported; batch parsing needs neither.
    let reportsEvents: Bool
    private var phase = Phase.prelude
    private var frames: [Frame] = []
    /// The most elements an array of the first two levels may hold, and the error past it: a
    /// reader that wants a few items stops at the first one too many instead of building a
    /// 60 MB array first.
    var elementLimit: (count: Int, message: String)?
    private var token = Token.none
    private var root: JSONValue?
    private var repairs: [JSONRepair] = []
    private var repairIndex: [JSONRepair.Kind: Int] = [:]

    // Prelude and trailer: where a value may start, and what was skipped.
    private var proseLine = ProseLine()
    private var skippedBrackets = SkippedBrackets()
    /// A `{` or `[` inside a line of prose and what followed it, held until its brackets
    /// balance: it opens the value when it is one complete value, and is prose otherwise.
    private var heldBracket: [UInt8]?
    private var heldBrackets = SkippedBrackets()
    /// The held bracket opened a line and only whitespace followed it so far: a letter next
    /// makes it a label (`[JSON]`), anything else the value.
    private var heldAtLineStart = false
    /// The word read after a bracket held at a line start.
    private var heldWord: [UInt8] = []
    /// Set while a held bracket that proved to be a value is read again as the value.
    private var opensAtNextBracket = false
    /// The first array of numbers or literals held in prose (`[1, 2]`): the value when the
    /// reply has no other, read at the end.
    private var proseArrayFallback: [UInt8]?
    /// How many unbalanced brackets of prose were read past at the end, of at most
    /// ``maxUnbalancedRereads``.
    private var unbalancedRereads = 0
    private static let maxUnbalancedRereads = 4
    private var lineContentPosition = (line: 1, column: 1)

    /// Position of the next byte.
    private var position = TextPosition()
    private var offset: Int { position.offset }
    private var line: Int { position.line }
    private var column: Int { position.column }

    /// When set, the value is written straight here as it is read, instead of built as a
    /// tree: a value of a million elements then costs its text, not a million nodes.
    private var output: JSONWriter?

    init(maxDepth: Int, reportsEvents: Bool = true) {
        self.maxDepth = maxDepth
        self.reportsEvents = reportsEvents
    }

    /// A machine that writes the value it reads into `output` (after what `output` already
    /// holds) rather than building it; ``finishWriting(emit:)`` ends it.
    init(maxDepth: Int, reportsEvents: Bool, writingInto output: JSONWriter) {
        self.init(maxDepth: maxDepth, reportsEvents: reportsEvents)
        self.output = output
    }

    // MARK: Feeding

    /// Reads the next chunk, reporting completed scalars and, at the end of the chunk, new
    /// text of a string value still open.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, emit: (TolerantJSONEvent) -> Void) throws(StoryKitError) {
        var index = 0
        while index < bytes.count {
            switch phase {
            case .prelude:
                index = try scanPrelude(bytes, from: index, emit: emit)
            case .value:
                index = try step(bytes, from: index, emit: emit)
            case .trailer:
                index = scanTrailer(bytes, from: index)
            }
        }
        if reportsEvents, case .string(var string) = token, !string.isKey, string.bytes.count > string.reported {
            let end = Self.completeUTF8Prefix(string.bytes)
            if end > string.reported {
                emit(
                    .partial(
                        path: currentPath(), text: String(decoding: string.bytes[string.reported..<end], as: UTF8.self))
                )
                string.reported = end
                token = .string(string)
            }
        }
    }

    /// Ends the input: closes what truncation left open and returns the value.
    mutating func finish(emit: (TolerantJSONEvent) -> Void) throws(StoryKitError) -> RepairedJSON {
        if heldAtLineStart, let held = heldBracket {
            // `[` and the end: a value cut short, not a label.
            try openHeldBracket(held, emit: emit)
        }
        switch phase {
        case .prelude:
            if let held = heldBracket, unbalancedRereads < Self.maxUnbalancedRereads,
                let start = heldBrackets.opensNoValue ? 1 : held.firstIndex(of: 0x0A).map({ $0 + 1 })
            {
                // A bracket of prose that never closed held what came after it. It was prose:
                // when its first word says so (`Draft [v2 follows: {…}`), all after it is read
                // again; else (`see [1 for details)`) the lines after its own, so a value
                // inside a bracket of its line is still never taken. At most a few times, so
                // the cost stays linear.
                unbalancedRereads += 1
                heldBracket = nil
                heldAtLineStart = false
                heldWord = []
                for byte in held[..<start] { skip(byte) }
                try held[start...].withUnsafeBufferPointer { (bytes) throws(StoryKitError) in
                    try feed(bytes, emit: emit)
                }
                return try finish(emit: emit)
            }
            // Never balanced: prose to the end, read as such for the position below.
            releaseHeldBracket()
            if let fallback = proseArrayFallback {
                proseArrayFallback = nil
                try openHeldBracket(fallback, emit: emit)
                return try finish(emit: emit)
            }
            throw StoryKitError(
                .parse, "line \(line), column \(column) (byte \(offset)): no JSON object or array found")
        case .trailer:
            finishSkippedLine()
        case .value:
            try settlePendingQuote(emit: emit)
            if phase == .value { try closeTruncated(emit: emit) } else { finishSkippedLine() }
        }
        return RepairedJSON(value: root ?? .null, repairs: repairs)
    }

    /// Ends the input of a machine made with `writingInto`: the writer, holding the value
    /// after what it held at the start, and the repairs.
    mutating func finishWriting(emit: (TolerantJSONEvent) -> Void) throws(StoryKitError) -> (
        writer: JSONWriter, repairs: [JSONRepair]
    ) {
        _ = try finish(emit: emit)
        guard let output else { throw StoryKitError(.internal, "finishWriting on a machine that builds its value") }
        return (output, repairs)
    }

    // MARK: Prelude and trailer

    /// Skips prose and fences until a `{` or `[` that opens a line, follows a fence, or
    /// follows a sentence (`.`, `:`, `!`, `?`), and is not inside a bracket skipped before.
    /// A bracket inside a line of prose ("The answer is {"a": 1} as requested.") is held until
    /// it balances: it opens the value when what it holds is one complete value, and is prose
    /// otherwise ("I think [the answer] is"), with nothing inside it ever taken for the value.
    private mutating func scanPrelude(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, emit: (TolerantJSONEvent) -> Void
    ) throws(StoryKitError) -> Int {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if heldAtLineStart, let held = heldBracket {
                if heldWord.isEmpty ? Self.isWhitespace(byte) || Self.isIdentifierStart(byte) : Self.isWordByte(byte) {
                    if !Self.isWhitespace(byte) { heldWord.append(byte) }
                    heldBracket?.append(byte)
                    index += 1
                    continue
                }
                heldAtLineStart = false
                let word = heldWord
                heldWord = []
                // `[JSON]` and `[Answer: ...]` are labels, held like brackets in prose. Anything
                // else opens the value, `[]`, `[true, …]` and `[NaN]` included.
                let isLabel = !word.isEmpty && !Self.valueWords.contains(word)
                if !isLabel {
                    try openHeldBracket(held, emit: emit)
                    return index
                }
            }
            if heldBracket != nil, byte == 0x0A, heldBrackets.opensNoValue {
                // `Sure [see below` and a line break: the bracket was prose, and the JSON on
                // the next lines is not inside it.
                releaseHeldBracket()
            }
            if heldBracket != nil {
                heldBracket?.append(byte)
                heldBrackets.skip(byte)
                index += 1
                if !heldBrackets.isInside {
                    try settleHeldBracket(emit: emit)
                    if phase != .prelude { return index }
                }
                continue
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "["), !skippedBrackets.isInside {
                // A `[` after a sentence inside a line is held like any other in prose:
                // `Sure! [see {"x": 1}]` is prose, a reference `[1]` too.
                let opens =
                    proseLine.bracketOpensJSON && !(byte == UInt8(ascii: "[") && proseLine.followsSentenceInLine)
                if opens, !opensAtNextBracket, byte == UInt8(ascii: "[") {
                    // Held until the next byte that is not whitespace: `[JSON]` is a label.
                    heldBracket = [byte]
                    heldBrackets = SkippedBrackets()
                    heldBrackets.skip(byte)
                    heldAtLineStart = true
                    index += 1
                    continue
                }
                if opens || opensAtNextBracket {
                    opensAtNextBracket = false
                    finishSkippedLine()
                    phase = .value
                    try open(isObject: byte == UInt8(ascii: "{"))
                    advance(byte)
                    return index + 1
                }
                heldBracket = [byte]
                heldBrackets = SkippedBrackets()
                heldBrackets.skip(byte)
                index += 1
                continue
            }
            passOver(byte)
            index += 1
        }
        return index
    }

    /// Opens the value at a held bracket (or the prose array kept for the end), reading what
    /// was held after it again.
    private mutating func openHeldBracket(_ held: [UInt8], emit: (TolerantJSONEvent) -> Void) throws(StoryKitError) {
        heldBracket = nil
        heldAtLineStart = false
        heldWord = []
        opensAtNextBracket = true
        try held.withUnsafeBufferPointer { (bytes) throws(StoryKitError) in try feed(bytes, emit: emit) }
    }

    /// A prelude byte that is prose.
    private mutating func passOver(_ byte: UInt8) {
        skippedBrackets.skip(byte)
        if byte == 0x0A { skippedBrackets.endLine() }
        skip(byte)
    }

    /// Passes the held bracket and what followed it over as prose.
    private mutating func releaseHeldBracket() {
        guard let held = heldBracket else { return }
        heldBracket = nil
        heldAtLineStart = false
        heldWord = []
        for byte in held { passOver(byte) }
    }

    /// Reads the balanced held bracket as the value when it is one complete value, else as
    /// prose.
    private mutating func settleHeldBracket(emit: (TolerantJSONEvent) -> Void) throws(StoryKitError) {
        guard let held = heldBracket else { return }
        heldBracket = nil
        guard Self.isOneCompleteValue(held, maxDepth: maxDepth), !Self.isProseArray(held) else {
            // A complete array of numbers in prose is the value only when no other comes.
            if proseArrayFallback == nil, Self.isProseArray(held), Self.isOneCompleteValue(held, maxDepth: maxDepth) {
                proseArrayFallback = held
            }
            for byte in held { passOver(byte) }
            return
        }
        try openHeldBracket(held, emit: emit)
    }

    /// Whether a balanced `[`…`]` held in a line of prose reads as prose rather than JSON: it
    /// holds no string and no object (`[1]`, `[ ]`, `[2, 3]`), as references and checkboxes
    /// do. A JSON answer written inside a sentence has strings or objects.
    private static func isProseArray(_ bytes: [UInt8]) -> Bool {
        bytes.first == UInt8(ascii: "[")
            && !bytes.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "'") }
    }

    /// Repairs that show a value was cut short, dropped in part, or had text around it.
    private static let incompleteValueRepairs: Set<JSONRepair.Kind> = [
        .surroundingText, .codeFence, .truncated, .droppedIncompleteMember, .droppedIncompleteLiteral,
        .droppedIncompleteEscape, .truncatedNumber
    ]

    /// Whether `bytes`, which open with a bracket and balance, are one value the parser reads
    /// whole: nothing cut short, dropped or left over.
    private static func isOneCompleteValue(_ bytes: [UInt8], maxDepth: Int) -> Bool {
        var probe = TolerantJSONMachine(maxDepth: maxDepth, reportsEvents: false)
        probe.opensAtNextBracket = true
        do {
            try bytes.withUnsafeBufferPointer { (buffer) throws(StoryKitError) in try probe.feed(buffer) { _ in } }
            return try !probe.finish { _ in }.repairs.contains { incompleteValueRepairs.contains($0.kind) }
        } catch {
            return false
        }
    }

    /// Skips what follows the value, noting whether it was a fence or prose.
    private mutating func scanTrailer(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        for index in start..<bytes.count { skip(bytes[index]) }
        return bytes.count
    }

    /// Passes over a byte outside the value, keeping track of what its line holds.
    private mutating func skip(_ byte: UInt8) {
        if byte == UInt8(ascii: "\n") {
            finishSkippedLine()
        } else if proseLine.read(byte) {
            lineContentPosition = (line, column)
        }
        advance(byte)
    }

    /// Reports what the current skipped line held, and starts a new one.
    private mutating func finishSkippedLine() {
        if proseLine.hasContent {
            addRepair(proseLine.isFence ? .codeFence : .surroundingText, at: lineContentPosition)
        }
        proseLine.reset()
    }

    // MARK: Value

    /// Reads bytes of the value; returns the offset of the first byte not consumed.
    private mutating func step(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, emit: (TolerantJSONEvent) -> Void)
        throws(StoryKitError) -> Int
    {
        var index = start
        while index < bytes.count, phase == .value {
            switch token {
            case .string(var string):
                token = .none
                let (consumed, finished) = try continueString(&string, bytes, from: index)
                index = consumed
                if finished {
                    try completeString(string, emit: emit)
                    try readAgain(string.afterQuote, emit: emit)
                } else {
                    token = .string(string)
                }
            case .number(var text):
                let end = Self.run(bytes, from: index, while: Self.isNumberByte)
                text.append(contentsOf: bytes[index..<end])
                advance(count: end - index)
                index = end
                if end < bytes.count {
                    token = .none
                    try completeNumber(text, emit: emit)
                } else {
                    token = .number(text)
                }
            case .word(var text):
                let end = Self.run(bytes, from: index, while: Self.isWordByte)
                text.append(contentsOf: bytes[index..<end])
                advance(count: end - index)
                index = end
                if end < bytes.count {
                    token = .none
                    try completeWord(text, emit: emit)
                } else {
                    token = .word(text)
                }
            case .curlyOpening(var prefix):
                let byte = bytes[index]
                prefix.append(byte)
                advance(byte)
                index += 1
                if prefix.count < 3 {
                    guard byte == 0x80 else { throw error("unexpected character", at: offset - prefix.count) }
                    token = .curlyOpening(prefix)
                } else if byte == 0x9C || byte == 0x98 {
                    token = .string(
                        StringToken(quote: byte == 0x9C ? .curlyDouble : .curlySingle, isKey: isExpectingKey))
                    addRepair(.curlyQuotes)
                } else {
                    throw error("unexpected character", at: offset - 3)
                }
            case .slash:
                let byte = bytes[index]
                if byte == UInt8(ascii: "/") {
                    token = .lineComment
                } else if byte == UInt8(ascii: "*") {
                    token = .blockComment(sawStar: false)
                } else {
                    throw error("unexpected '/'", at: offset - 1)
                }
                addRepair(.comment)
                advance(byte)
                index += 1
            case .lineComment:
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") { token = .none }
                advance(byte)
                index += 1
            case .blockComment(let sawStar):
                let byte = bytes[index]
                if sawStar, byte == UInt8(ascii: "/") {
                    token = .none
                } else {
                    token = .blockComment(sawStar: byte == UInt8(ascii: "*"))
                }
                advance(byte)
                index += 1
            case .none:
                index = try structural(bytes, from: index, emit: emit)
            }
        }
        return index
    }

    private var isExpectingKey: Bool {
        guard let frame = frames.last else { return false }
        return frame.isObject && (frame.expect == .keyOrEnd || frame.expect == .key)
    }

    /// Reads one structural byte, or starts a token.
    private mutating func structural(
        _ bytes: UnsafeBufferPointer<UInt8>, from index: Int, emit: (TolerantJSONEvent) -> Void
    ) throws(StoryKitError) -> Int {
        let byte = bytes[index]
        if Self.isWhitespace(byte) {
            let end = Self.run(bytes, from: index, while: Self.isWhitespace)
            for position in index..<end { advance(bytes[position]) }
            return end
        }
        guard let frame = frames.last else { return index }
        if byte == UInt8(ascii: "/") {
            token = .slash
            advance(byte)
            return index + 1
        }
        switch frame.expect {
        case .keyOrEnd, .key:
            if byte == UInt8(ascii: "}") {
                if frame.expect == .key { addRepair(.trailingComma) }
                advance(byte)
                try close(emit: emit)
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                if byte == UInt8(ascii: "'") { addRepair(.singleQuotes) }
                token = .string(StringToken(quote: byte == UInt8(ascii: "\"") ? .double : .single, isKey: true))
                advance(byte)
            } else if byte == 0xE2 {
                token = .curlyOpening([byte])
                advance(byte)
            } else if byte == UInt8(ascii: "`") {
                addRepair(.backtickQuotes)
                token = .string(StringToken(quote: .backtick, isKey: true))
                advance(byte)
            } else if Self.isIdentifierStart(byte) {
                addRepair(.unquotedKey)
                token = .word([])
                return index
            } else {
                throw error("expected a key or '}' in an object, found \(Self.describe(byte))", at: offset)
            }
        case .colon:
            guard byte == UInt8(ascii: ":") else {
                throw error("expected ':' after an object key, found \(Self.describe(byte))", at: offset)
            }
            frames[frames.count - 1].expect = .value
            advance(byte)
        case .valueOrEnd, .value:
            if byte == UInt8(ascii: "]"), !frame.isObject {
                if frame.expect == .value { addRepair(.trailingComma) }
                advance(byte)
                try close(emit: emit)
                return index + 1
            }
            try startValue(byte)
            if case .word = token { return index }
            if case .number = token { return index }
            advance(byte)
        case .commaOrEnd:
            if byte == UInt8(ascii: ",") {
                frames[frames.count - 1].expect = frame.isObject ? .key : .value
            } else if byte == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                advance(byte)
                try close(emit: emit)
                return index + 1
            } else if Self.opensString(byte)
                || (!frame.isObject && (byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")))
            {
                // `"a": "x" "b": "y"`: the comma is missing; the byte is read again as the next start.
                addRepair(.missingComma)
                frames[frames.count - 1].expect = frame.isObject ? .key : .value
                return index
            } else {
                let expected =
                    frame.isObject
                    ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element"
                throw error("\(expected), found \(Self.describe(byte))", at: offset)
            }
            advance(byte)
        }
        return index + 1
    }

    /// Starts a value at `byte`; numbers and words are left for the token loop to read.
    private mutating func startValue(_ byte: UInt8) throws(StoryKitError) {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try open(isObject: byte == UInt8(ascii: "{"))
        case UInt8(ascii: "\""):
            token = .string(StringToken(quote: .double, isKey: false))
        case UInt8(ascii: "'"):
            addRepair(.singleQuotes)
            token = .string(StringToken(quote: .single, isKey: false))
        case UInt8(ascii: "`"):
            addRepair(.backtickQuotes)
            token = .string(StringToken(quote: .backtick, isKey: false))
        case 0xE2:
            token = .curlyOpening([byte])
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            token = .number([])
        case _ where Self.isIdentifierStart(byte):
            token = .word([])
        default:
            throw error("expected a value, found \(Self.describe(byte))", at: offset)
        }
    }

    // MARK: Strings

    /// Reads string contents from `start`; returns where it stopped and whether the string
    /// closed.
    private mutating func continueString(
        _ string: inout StringToken, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int
    ) throws(StoryKitError) -> (Int, Bool) {
        var index = start
        let closer = string.quote.closer
        while index < bytes.count {
            if var check = string.quoteCheck {
                let byte = bytes[index]
                switch check.read(byte) {
                case .undecided:
                    string.afterQuote.append(byte)
                    string.quoteCheck = check
                    index += 1
                    continue
                case .closes:
                    return (index, true)
                case .isText:
                    keepQuoteAsText(&string)
                }
            }
            if string.closerPending {
                // An apostrophe inside a word ("don't") does not close the string.
                string.closerPending = false
                if Self.isLetter(bytes[index]) {
                    string.bytes.append(contentsOf: closer)
                } else {
                    return (index, true)
                }
            }
            if case .none = string.escape, string.closerProgress == 0 {
                // Fast path: copy the run of plain content.
                let end = Self.plainRunEnd(bytes, from: index, closerLead: closer[0])
                if end > index {
                    string.bytes.append(contentsOf: bytes[index..<end])
                    advance(count: end - index, scalars: Self.scalarCount(bytes, index..<end))
                    index = end
                    continue
                }
            }
            let byte = bytes[index]
            advance(byte)
            index += 1
            if case .none = string.escape {
            } else {
                // A lone high surrogate hands back the byte after it to be read as content.
                guard try continueEscape(&string, byte) else { continue }
            }
            if string.closerProgress > 0 || byte == closer[0] {
                if byte == closer[string.closerProgress] {
                    string.closerProgress += 1
                    if string.closerProgress == closer.count {
                        string.closerProgress = 0
                        if string.quote.mayBeApostrophe {
                            string.closerPending = true
                            continue
                        }
                        if string.quote == .double, !string.isKey {
                            string.quoteCheck = QuoteContinuation(inObject: frames.last?.isObject ?? false)
                            continue
                        }
                        return (index, true)
                    }
                    continue
                }
                // Not the closer after all: keep the bytes taken for it.
                string.bytes.append(contentsOf: closer[..<string.closerProgress])
                string.closerProgress = 0
                if byte == closer[0] {
                    string.closerProgress = 1
                    continue
                }
            }
            switch byte {
            case UInt8(ascii: "\\"):
                string.escape = .backslash
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                addRepair(.rawControlCharacter)
                string.bytes.append(byte)
            case 0..<0x20:
                throw error(
                    "a control character (U+\(hex(byte, width: 4))) must be escaped in a string", at: offset - 1)
            default:
                string.bytes.append(byte)
            }
        }
        return (index, false)
    }

    /// Reads one byte of an escape; returns true when the byte is not part of it after all
    /// and must be read as string content.
    private mutating func continueEscape(_ string: inout StringToken, _ byte: UInt8) throws(StoryKitError) -> Bool {
        switch string.escape {
        case .none:
            return true
        case .backslash:
            string.escape = .none
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "'"): string.bytes.append(byte)
            case UInt8(ascii: "b"): string.bytes.append(0x08)
            case UInt8(ascii: "f"): string.bytes.append(0x0C)
            case UInt8(ascii: "n"): string.bytes.append(0x0A)
            case UInt8(ascii: "r"): string.bytes.append(0x0D)
            case UInt8(ascii: "t"): string.bytes.append(0x09)
            case UInt8(ascii: "u"): string.escape = .unicode(digits: 0, value: 0)
            default: throw error("invalid escape '\\\(Self.describe(byte, quoted: false))'", at: offset - 2)
            }
        case .unicode(let digits, let value):
            guard let digit = JSONUnicodeEscape.hexValue(byte) else {
                throw error("a \\u escape needs four hex digits, found \(Self.describe(byte))", at: offset - 1)
            }
            let scalar = value << 4 | digit
            guard digits == 3 else {
                string.escape = .unicode(digits: digits + 1, value: scalar)
                return false
            }
            if JSONUnicodeEscape.highSurrogates.contains(scalar) {
                string.escape = .highSurrogate(scalar, stage: 0)
            } else {
                string.escape = .none
                JSONUnicodeEscape.appendUTF8(of: scalar, to: &string.bytes)
            }
        case .highSurrogate(let high, let stage):
            if stage == 0, byte == UInt8(ascii: "\\") {
                string.escape = .highSurrogate(high, stage: 1)
            } else if stage == 1, byte == UInt8(ascii: "u") {
                string.escape = .lowSurrogate(high: high, digits: 0, value: 0)
            } else {
                // The high surrogate stands alone: it becomes U+FFFD and this byte is read anew.
                JSONUnicodeEscape.appendUTF8(of: 0xFFFD, to: &string.bytes)
                if stage == 1 {
                    string.escape = .backslash
                    return try continueEscape(&string, byte)
                }
                string.escape = .none
                return true
            }
        case .lowSurrogate(let high, let digits, let value):
            guard let digit = JSONUnicodeEscape.hexValue(byte) else {
                throw error("a \\u escape needs four hex digits, found \(Self.describe(byte))", at: offset - 1)
            }
            let low = value << 4 | digit
            guard digits == 3 else {
                string.escape = .lowSurrogate(high: high, digits: digits + 1, value: low)
                return false
            }
            if JSONUnicodeEscape.lowSurrogates.contains(low) {
                string.escape = .none
                JSONUnicodeEscape.appendUTF8(of: JSONUnicodeEscape.pair(high: high, low: low), to: &string.bytes)
            } else {
                JSONUnicodeEscape.appendUTF8(of: 0xFFFD, to: &string.bytes)
                if JSONUnicodeEscape.highSurrogates.contains(low) {
                    string.escape = .highSurrogate(low, stage: 0)
                } else {
                    string.escape = .none
                    JSONUnicodeEscape.appendUTF8(of: low, to: &string.bytes)
                }
            }
        }
        return false
    }

    /// The `"` under check and what followed it are text of the string.
    private mutating func keepQuoteAsText(_ string: inout StringToken) {
        addRepair(.unescapedQuote, at: position(back: 1))
        string.bytes.append(contentsOf: string.quote.closer)
        string.bytes.append(contentsOf: string.afterQuote)
        for byte in string.afterQuote { advance(byte) }
        string.afterQuote = []
        string.quoteCheck = nil
    }

    /// Reads bytes held back while a quote was under check, now known to follow the string.
    private mutating func readAgain(_ held: [UInt8], emit: (TolerantJSONEvent) -> Void) throws(StoryKitError) {
        guard !held.isEmpty else { return }
        try held.withUnsafeBufferPointer { (bytes) throws(StoryKitError) in
            var index = 0
            while index < bytes.count, phase == .value { index = try step(bytes, from: index, emit: emit) }
        }
    }

    /// At the end of the input, decides a quote still under check.
    private mutating func settlePendingQuote(emit: (TolerantJSONEvent) -> Void) throws(StoryKitError) {
        guard case .string(var string) = token, let check = string.quoteCheck else { return }
        if check.verdictAtEnd == .closes {
            token = .none
            try completeString(string, emit: emit)
            try readAgain(string.afterQuote, emit: emit)
        } else {
            keepQuoteAsText(&string)
            token = .string(string)
        }
    }

    private mutating func completeString(_ string: StringToken, emit: (TolerantJSONEvent) -> Void) throws(StoryKitError)
    {
        let text = String(decoding: string.bytes, as: UTF8.self)
        if string.isKey {
            frames[frames.count - 1].key = text
            frames[frames.count - 1].expect = .colon
        } else {
            try complete(.string(text), emit: emit)
        }
    }

    // MARK: Numbers and words

    private mutating func completeNumber(_ text: [UInt8], emit: (TolerantJSONEvent) -> Void) throws(StoryKitError) {
        let valid = text.withUnsafeBufferPointer { JSONNumberGrammar.end(of: $0, from: 0) }
        guard case .success(let end) = valid, end == text.count else {
            throw error("invalid number '\(String(decoding: text, as: UTF8.self))'", at: offset - text.count)
        }
        try complete(.number(JSONNumber(uncheckedText: String(decoding: text, as: UTF8.self))), emit: emit)
    }

    private mutating func completeWord(_ text: [UInt8], emit: (TolerantJSONEvent) -> Void) throws(StoryKitError) {
        let word = String(decoding: text, as: UTF8.self)
        if isExpectingKey {
            frames[frames.count - 1].key = word
            frames[frames.count - 1].expect = .colon
            return
        }
        switch word {
        case "true": try complete(.bool(true), emit: emit)
        case "false": try complete(.bool(false), emit: emit)
        case "null": try complete(.null, emit: emit)
        case "True":
            addRepair(.pythonLiteral, at: position(back: text.count))
            try complete(.bool(true), emit: emit)
        case "False":
            addRepair(.pythonLiteral, at: position(back: text.count))
            try complete(.bool(false), emit: emit)
        case "None":
            addRepair(.pythonLiteral, at: position(back: text.count))
            try complete(.null, emit: emit)
        default:
            throw error("unexpected word '\(word)' where a value was expected", at: offset - text.count)
        }
    }

    // MARK: Containers

    private mutating func open(isObject: Bool) throws(StoryKitError) {
        guard frames.count < maxDepth else {
            throw StoryKitError(
                .limit,
                "line \(line), column \(column) (byte \(offset)): nesting is deeper than the limit of \(maxDepth)")
        }
        try checkElementLimit()
        if output != nil {
            // A container is never dropped once opened (truncation closes it), so it takes its
            // place in its parent, key and all, as it opens.
            writePlaceInParent(counting: false)
            output?.writeRaw(isObject ? "{" : "[")
        }
        frames.append(Frame(isObject: isObject, expect: isObject ? .keyOrEnd : .valueOrEnd))
    }

    private mutating func close(emit: (TolerantJSONEvent) -> Void) throws(StoryKitError) {
        let frame = frames.removeLast()
        if output != nil {
            output?.writeRaw(frame.isObject ? "}" : "]")
            if frames.isEmpty {
                finishDocument(.null)
            } else {
                // Counted in its parent only now, so paths inside it named its own place.
                frames[frames.count - 1].key = nil
                frames[frames.count - 1].count += 1
                frames[frames.count - 1].expect = .commaOrEnd
            }
            return
        }
        let value: JSONValue = frame.isObject ? .object(JSONObject(frame.members)) : .array(frame.elements)
        try complete(value, emit: emit, isScalar: false)
    }

    /// Adds a finished value to its container, or finishes the document.
    private mutating func complete(_ value: JSONValue, emit: (TolerantJSONEvent) -> Void, isScalar: Bool = true)
        throws(StoryKitError)
    {
        if isScalar, reportsEvents { emit(.value(path: currentPath(), value: value)) }
        guard !frames.isEmpty else {
            finishDocument(value)
            return
        }
        if isScalar { try checkElementLimit() }
        let last = frames.count - 1
        if output != nil {
            writePlaceInParent(counting: true)
            output?.write(value)
            frames[last].expect = .commaOrEnd
            return
        }
        if frames[last].isObject {
            frames[last].members.append(JSONMember(frames[last].key ?? "", value))
            frames[last].key = nil
        } else {
            frames[last].elements.append(value)
        }
        frames[last].count += 1
        frames[last].expect = .commaOrEnd
    }

    /// Throws ``elementLimit``'s error when the innermost container is an array of the first two
    /// levels that already holds its most elements: the value about to join it is one too many.
    private func checkElementLimit() throws(StoryKitError) {
        guard let limit = elementLimit, frames.count <= 2, let last = frames.last, !last.isObject,
            last.count >= limit.count
        else { return }
        throw StoryKitError(.limit, limit.message)
    }

    /// Writes what comes before a value in the innermost container: a comma after an earlier
    /// one, and in an object the member's key. A scalar takes its place at once (`counting`);
    /// a container when it closes, so that paths inside it name its own place.
    private mutating func writePlaceInParent(counting: Bool) {
        guard let last = frames.indices.last else { return }
        if frames[last].count > 0 { output?.writeRaw(",") }
        if frames[last].isObject {
            output?.writeString(frames[last].key ?? "")
            output?.writeRaw(":")
        }
        if counting {
            frames[last].key = nil
            frames[last].count += 1
        }
    }

    private mutating func finishDocument(_ value: JSONValue) {
        root = value
        phase = .trailer
        proseLine.reset()
    }

    /// The path of the value being read (or just read) in the innermost container.
    private func currentPath() -> [JSONPathComponent] {
        frames.map { frame in
            frame.isObject ? .key(frame.key ?? "") : .index(frame.count)
        }
    }

    // MARK: Truncation

    private mutating func closeTruncated(emit: (TolerantJSONEvent) -> Void) throws(StoryKitError) {
        addRepair(.truncated)
        switch token {
        case .none, .lineComment:
            break
        case .blockComment, .slash, .curlyOpening:
            break
        case .string(var string):
            if string.closerPending {
                try completeString(string, emit: emit)
                break
            }
            if string.closerProgress > 0 {
                string.bytes.append(contentsOf: string.quote.closer[..<string.closerProgress])
            }
            if case .none = string.escape {
            } else {
                addRepair(.droppedIncompleteEscape)
            }
            if string.isKey {
                addRepair(.droppedIncompleteMember)
                frames[frames.count - 1].expect = .commaOrEnd
            } else {
                let end = Self.completeUTF8Prefix(string.bytes)
                if reportsEvents, end > string.reported {
                    emit(
                        .partial(
                            path: currentPath(),
                            text: String(decoding: string.bytes[string.reported..<end], as: UTF8.self)))
                }
                try complete(.string(String(decoding: string.bytes, as: UTF8.self)), emit: emit)
            }
        case .number(let text):
            let valid = text.withUnsafeBufferPointer { Self.longestValidNumberPrefix($0) }
            if valid < text.count { addRepair(.truncatedNumber) }
            if valid > 0 {
                try complete(
                    .number(JSONNumber(uncheckedText: String(decoding: text[..<valid], as: UTF8.self))), emit: emit)
            } else {
                dropPendingMember()
            }
        case .word(let text):
            let word = String(decoding: text, as: UTF8.self)
            if isExpectingKey {
                addRepair(.droppedIncompleteMember)
                frames[frames.count - 1].expect = .commaOrEnd
            } else if Self.literals.contains(word) {
                try completeWord(text, emit: emit)
            } else if Self.literals.contains(where: { $0.hasPrefix(word) }) {
                addRepair(.droppedIncompleteLiteral)
                dropPendingMember()
            } else {
                throw error("unexpected word '\(word)' where a value was expected", at: offset - text.count)
            }
        }
        token = .none
        while let frame = frames.last {
            if frame.isObject, frame.expect == .colon || frame.expect == .value {
                addRepair(.droppedIncompleteMember)
                frames[frames.count - 1].key = nil
            }
            try close(emit: emit)
        }
    }

    /// Words that start a value (or an error about one) rather than a label after `[`: the
    /// literals and their prefixes, and the non-JSON numbers models write.
    private static let valueWords: Set<[UInt8]> = {
        var words = Set<[UInt8]>()
        for word in literals + ["NaN", "Infinity", "nan", "inf"] {
            let bytes = Array(word.utf8)
            for length in 1...bytes.count { words.insert(Array(bytes[..<length])) }
        }
        return words
    }()

    /// The words read as literals, the Python spellings included.
    static let literals = ["true", "false", "null", "True", "False", "None"]

    /// Forgets the key of a member whose value was dropped.
    private mutating func dropPendingMember() {
        guard let last = frames.indices.last else { return }
        if frames[last].isObject {
            addRepair(.droppedIncompleteMember)
            frames[last].key = nil
        }
        frames[last].expect = .commaOrEnd
    }

    /// The length of the longest prefix of a cut-off number that is itself a number.
    private static func longestValidNumberPrefix(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var length = text.count
        while length > 0 {
            let prefix = UnsafeBufferPointer(rebasing: text[..<length])
            if case .success(let end) = JSONNumberGrammar.end(of: prefix, from: 0), end == length { return length }
            length -= 1
        }
        return 0
    }

    // MARK: Repairs and errors

    /// Counts a repair; the first of its kind records where it was made (by default, here).
    private mutating func addRepair(_ kind: JSONRepair.Kind, at position: (line: Int, column: Int)? = nil) {
        if let index = repairIndex[kind] {
            repairs[index].count += 1
        } else {
            repairIndex[kind] = repairs.count
            let (line, column) = position ?? (self.line, self.column)
            repairs.append(JSONRepair(kind: kind, line: line, column: column))
        }
    }

    /// The position `count` bytes back on the current line.
    private func position(back count: Int) -> (line: Int, column: Int) {
        (line, max(1, column - count))
    }

    private func error(_ reason: String, at position: Int) -> StoryKitError {
        let back = max(0, offset - position)
        return StoryKitError(.parse, "line \(line), column \(max(1, column - back)) (byte \(position)): \(reason)")
    }

    // MARK: Position

    @inline(__always)
    private mutating func advance(_ byte: UInt8) {
        position.advance(byte)
    }

    @inline(__always)
    private mutating func advance(count: Int, scalars: Int? = nil) {
        position.offset += count
        position.column += scalars ?? count
    }

    // MARK: Byte classes

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\t")
    }

    private static func opensString(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "`")
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        byte.isASCIIDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || byte | 0x20 == UInt8(ascii: "e")
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "$")
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || byte.isASCIIDigit
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte >= 0x80
    }

    private static func run(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, while predicate: (UInt8) -> Bool)
        -> Int
    {
        var end = start
        while end < bytes.count, predicate(bytes[end]) { end += 1 }
        return end
    }

    /// The end of a run of string content with nothing to decide: no backslash, control
    /// character, or possible closer.
    @inline(__always)
    private static func plainRunEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, closerLead: UInt8) -> Int {
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte < 0x20 || byte == UInt8(ascii: "\\") || byte == closerLead { break }
            end += 1
        }
        return end
    }

    private static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = 0
        for index in range where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// The length of the longest prefix of `bytes` that does not end inside a character.
    static func completeUTF8Prefix(_ bytes: [UInt8]) -> Int {
        var end = bytes.count
        var back = 0
        while end > 0, back < 4, bytes[end - 1] & 0xC0 == 0x80 {
            end -= 1
            back += 1
        }
        guard end > 0 else { return bytes.count }
        let lead = bytes[end - 1]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        return length > back + 1 ? end - 1 : bytes.count
    }

    private static func describe(_ byte: UInt8, quoted: Bool = true) -> String {
        if byte >= 0x21, byte < 0x7F, byte != UInt8(ascii: "'") {
            let character = String(Character(Unicode.Scalar(byte)))
            return quoted ? "'\(character)'" : character
        }
        if byte == UInt8(ascii: "'") { return quoted ? #""'""# : "'" }
        return "byte 0x\(hex(byte, width: 2))"
    }
}
