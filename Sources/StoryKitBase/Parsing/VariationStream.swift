/// Reads a correction reply as it arrives — as JSON or as a list, whichever it turns out to
/// be — and reports each variation's text as it grows.
///
/// Until the reply shows its form, bytes are only buffered: a `{` or `[` that opens a line or
/// follows a sentence makes it JSON, a list marker makes it a list, and prose before either
/// is kept for whichever comes. `finish()` returns exactly what ``VariationParser`` returns for
/// the whole input.
///
///     var stream = VariationStream()
///     try stream.feed(#"{"directCorrection": "I want to"#)   // [start 0 direct, delta 0 "I want to"]
///     try stream.feed(#" go home."}"#)                        // [delta 0 " go home.", done 0 "I want to go home."]
///     try stream.finish().issues                              // [.count(expected: 3, found: 1)]
public struct VariationStream: Sendable {
    private enum Mode: Sendable {
        case undecided
        case list
        case json
    }

    /// What a list item has shown of itself so far.
    private struct ListItemState: Sendable {
        var started = false
        /// The item opens with a quote that may wrap it: nothing is shown until it ends.
        var held = false
        /// The item has a kind label, so its final text is trimmed at both ends: white space
        /// is shown only once text follows it.
        var labelled = false
        /// Labelled items: whether any of the text has been shown, and the white space that
        /// waits for text after it.
        var shownText = false
        var pendingWhitespace = ""
    }

    private let options: VariationOptions
    private let limits: JSONParserLimits
    private var input: StreamInput
    private var mode = Mode.undecided

    // Undecided: the bytes so far and the state of the current line.
    private var buffered: [UInt8] = []
    private var line: [UInt8] = []
    private var proseLine = ProseLine()
    private var skippedBrackets = SkippedBrackets()
    /// Whether the current line opens a list item, worked out once per line.
    private var lineItemCheck: Bool?
    /// Whether a complete line was a list item: the next line's first byte decides the form.
    private var listLineSeen = false

    // List form.
    private var lines = LineSplitter()
    private var assembler = ListAssembler()
    private var items: [ListItemState] = []

    // JSON form.
    private var machine: TolerantJSONMachine
    private var openPath: [JSONPathComponent]?
    private var openEmittedBytes = 0
    private var variationCount = 0
    private var elementKinds: [Int: TextVariation.Kind] = [:]

    /// Creates a stream checking against `options`, within `limits`.
    public init(options: VariationOptions = VariationOptions(), limits: JSONParserLimits = .default) {
        self.init(options: options, limits: limits, reportsEvents: true)
    }

    /// A stream whose JSON form reports no events, for batch parsing; results are unchanged
    /// because they come from the finished value.
    init(options: VariationOptions, limits: JSONParserLimits, reportsEvents: Bool) {
        self.options = options
        self.limits = limits
        input = StreamInput(maxBytes: limits.maxBytes)
        machine = TolerantJSONMachine(maxDepth: limits.maxDepth, reportsEvents: reportsEvents)
        machine.elementLimit = (VariationOptions.maxVariations, Self.tooManyVariations)
    }

    /// Reads the next chunk and returns what it completed.
    ///
    /// - Throws: `.parse` for JSON it cannot repair or invalid UTF-8, `.limit`, and `.state`
    ///   once finished. A failed stream keeps failing.
    public mutating func feed(utf8 chunk: UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> [StreamEvent] {
        let accepted = try input.acceptValidPrefix(of: chunk)
        var events: [StreamEvent] = []
        do {
            try route(accepted.valid) { events.append($0) }
        } catch {
            throw input.fail(error)
        }
        if let brokenUTF8 = accepted.brokenUTF8 { throw brokenUTF8 }
        return events
    }

    /// Reads the next chunk and returns what it completed.
    public mutating func feed(_ chunk: String) throws(StoryKitError) -> [StreamEvent] {
        try UTF8Text.withBytes(of: chunk) { (bytes) throws(StoryKitError) in try feed(utf8: bytes) }
    }

    /// Ends the reply and returns the checked variation set; `events` receives what the end
    /// completed.
    public mutating func finish(events: ((StreamEvent) -> Void)? = nil) throws(StoryKitError) -> VariationSet {
        try input.finish()
        let emit: (StreamEvent) -> Void = { events?($0) }
        do {
            if mode == .undecided {
                // No JSON by the form rules: the tolerant parser's wider search decides, so
                // every value `repair_json` reads is read here too (`See [1] and the value
                // {…} here`); else what there is is read as a list.
                if let set = try jsonVariations(in: buffered) {
                    // Nothing was shown while undecided: the versions are shown now, whole.
                    for (index, variation) in set.variations.enumerated() {
                        emit(.variationStart(index: index, kind: variation.kind))
                        if !variation.text.isEmpty { emit(.delta(index: index, text: variation.text)) }
                        emit(.done(index: index, text: variation.text))
                    }
                    return set
                }
                try decide(.list, emit: emit)
            }
            let variations: [TextVariation]
            let source: VariationSet.Source
            var repairs: [JSONRepair] = []
            switch mode {
            case .json:
                var completed: [TolerantJSONEvent] = []
                let result = try machine.finish { completed.append($0) }
                for event in completed { handleJSON(event, emit: emit) }
                variations = JSONVariationShape.variations(in: result.value)
                source = .json
                repairs = result.repairs
            case .list, .undecided:
                var completed: [ListAssemblyEvent] = []
                if let last = lines.finish() {
                    assembler.add(line: last) { completed.append($0) }
                }
                let list = assembler.finish { completed.append($0) }
                for event in completed { handleList(event, emit: emit) }
                variations = list.items.map { item in
                    let (text, kind) = VariationText.clean(item.text)
                    return TextVariation(text: text, kind: kind)
                }
                source = .list
            }
            try checkVariationCount(variations.count)
            return VariationSet(
                variations: variations, source: source,
                repaired: repairs.contains { $0.kind != .codeFence && $0.kind != .surroundingText },
                issues: VariationValidation.issues(variations, options), repairs: repairs)
        } catch {
            throw input.fail(error)
        }
    }

    /// The variations of the JSON the tolerant parser finds in `bytes`, checked against
    /// `options`; `nil` when it finds none or no variations in it.
    private func jsonVariations(in bytes: [UInt8]) throws(StoryKitError) -> VariationSet? {
        let found = bytes.withUnsafeBufferPointer { text in
            try? TolerantJSONParser(limits: limits).parse(utf8: text)
        }
        guard let found else { return nil }
        let variations = JSONVariationShape.variations(in: found.value)
        guard !variations.isEmpty else { return nil }
        try checkVariationCount(variations.count)
        return VariationSet(
            variations: variations, source: .json,
            repaired: found.repairs.contains { $0.kind != .codeFence && $0.kind != .surroundingText },
            issues: VariationValidation.issues(variations, options), repairs: found.repairs)
    }

    /// Refuses a reply past ``VariationOptions/maxVariations``.
    private func checkVariationCount(_ count: Int) throws(StoryKitError) {
        guard count <= VariationOptions.maxVariations else { throw StoryKitError(.limit, Self.tooManyVariations) }
    }

    private static let tooManyVariations =
        "the reply holds more than \(VariationOptions.maxVariations) variations; "
        + "a correction reply asks for at most \(VariationOptions.maxExpected)"

    // MARK: Deciding the form

    private mutating func route(_ chunk: UnsafeBufferPointer<UInt8>, emit: (StreamEvent) -> Void) throws(StoryKitError)
    {
        switch mode {
        case .json:
            var completed: [TolerantJSONEvent] = []
            try machine.feed(chunk) { completed.append($0) }
            for event in completed { handleJSON(event, emit: emit) }
            try checkVariationCount(variationCount)
        case .list:
            // Each line's events are handled before the next line is read, so a reply of a
            // million lines never holds a million events; the splitter is taken out of self
            // while it calls back into it.
            var splitter = lines
            lines = LineSplitter()
            splitter.feed(chunk) { line in
                guard assembler.itemCount <= VariationOptions.maxVariations else { return }
                var completed: [ListAssemblyEvent] = []
                assembler.add(line: line) { completed.append($0) }
                for event in completed { handleList(event, emit: emit) }
            }
            lines = splitter
            try checkVariationCount(assembler.itemCount)
        case .undecided:
            buffered.append(contentsOf: chunk)
            if let form = scanForForm(chunk) { try decide(form, emit: emit) }
        }
    }

    /// Looks for the first sign of the reply's form in a chunk.
    private mutating func scanForForm(_ chunk: UnsafeBufferPointer<UInt8>) -> Mode? {
        for byte in chunk {
            if listLineSeen, byte != UInt8(ascii: "\n") {
                // A list item's line was read: a `{` or `[` opening the next line (`- [x] done`
                // and the reply's object under it) makes the reply JSON, anything else a list.
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") { continue }
                return byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") ? .json : .list
            }
            if byte == UInt8(ascii: "\n") {
                let complete = line.last == UInt8(ascii: "\r") ? Array(line.dropLast()) : line
                if !LineText.isFence(complete), ListMarker.recognise(complete) != nil { listLineSeen = true }
                line.removeAll(keepingCapacity: true)
                lineItemCheck = nil
                proseLine.reset()
                skippedBrackets.endLine()
                continue
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "["), !skippedBrackets.isInside,
                proseLine.bracketOpensJSON,
                !currentLineIsItem
            {
                return .json
            }
            skippedBrackets.skip(byte)
            line.append(byte)
            proseLine.read(byte)
        }
        return nil
    }

    /// Whether the line so far opens a list item; a `{` on such a line is text, not JSON.
    private var currentLineIsItem: Bool {
        mutating get {
            if let known = lineItemCheck { return known }
            let isItem = ListMarker.recognise(line) != nil
            lineItemCheck = isItem
            return isItem
        }
    }

    /// Fixes the form and replays what was buffered through it.
    private mutating func decide(_ form: Mode, emit: (StreamEvent) -> Void) throws(StoryKitError) {
        mode = form
        let replay = buffered
        buffered = []
        line = []
        try replay.withUnsafeBufferPointer { (bytes) throws(StoryKitError) in try route(bytes, emit: emit) }
    }

    // MARK: List form

    private mutating func handleList(_ event: ListAssemblyEvent, emit: (StreamEvent) -> Void) {
        switch event {
        case .started(let index, _, let text):
            items.append(ListItemState())
            // A marker alone on its line: the text, and any label, begin on the next line.
            if !text.isEmpty { begin(index, text, emit: emit) }
        case .appended(let index, let piece):
            guard !items[index].held else { return }
            if !items[index].started {
                begin(index, piece, emit: emit)
            } else if items[index].labelled {
                showLabelled(index, piece, emit: emit)
            } else {
                emit(.delta(index: index, text: piece))
            }
        case .finished(let index, let raw):
            let (text, kind) = VariationText.clean(raw)
            if !items[index].started { emit(.variationStart(index: index, kind: kind)) }
            if items[index].held, !text.isEmpty { emit(.delta(index: index, text: text)) }
            emit(.done(index: index, text: text))
        }
    }

    /// Shows the first line of item `index`'s text, which may carry a kind label.
    private mutating func begin(_ index: Int, _ firstLine: String, emit: (StreamEvent) -> Void) {
        let (kind, rest) = VariationText.splitLabel(firstLine)
        guard let kind else {
            if VariationText.startsWithQuote(firstLine) {
                items[index].held = true
                return
            }
            items[index].started = true
            emit(.variationStart(index: index, kind: nil))
            emit(.delta(index: index, text: firstLine))
            return
        }
        items[index].labelled = true
        let text = VariationText.withoutLeadingWhitespace(rest)
        if VariationText.startsWithQuote(text) {
            items[index].held = true
            return
        }
        items[index].started = true
        emit(.variationStart(index: index, kind: kind))
        showLabelled(index, text, emit: emit)
    }

    /// Shows more of labelled item `index`, as its trimmed final text will read: nothing
    /// before its first text (which may open a wrapping quote), and white space only once
    /// text follows it.
    private mutating func showLabelled(_ index: Int, _ piece: String, emit: (StreamEvent) -> Void) {
        var text = piece
        if !items[index].shownText {
            text = VariationText.withoutLeadingWhitespace(text)
            guard !text.isEmpty else { return }
            if VariationText.startsWithQuote(text) {
                items[index].held = true
                return
            }
        }
        let (body, trailing) = VariationText.splitTrailingWhitespace(text)
        guard !body.isEmpty else {
            items[index].pendingWhitespace += trailing
            return
        }
        emit(.delta(index: index, text: items[index].pendingWhitespace + body))
        items[index].pendingWhitespace = trailing
        items[index].shownText = true
    }

    // MARK: JSON form

    private mutating func handleJSON(_ event: TolerantJSONEvent, emit: (StreamEvent) -> Void) {
        switch event {
        case .partial(let path, let text):
            guard case .text(let kind, let element) = JSONVariationShape.role(of: path) else { return }
            let index = openVariation(at: path, kind: kind, element: element, emit: emit)
            openEmittedBytes += text.utf8.count
            emit(.delta(index: index, text: text))
        case .value(let path, let value):
            switch JSONVariationShape.role(of: path) {
            case .text(let kind, let element):
                guard case .string(let text) = value else { return }
                let index = openVariation(at: path, kind: kind, element: element, emit: emit)
                let rest = text.utf8.dropFirst(openEmittedBytes)
                if !rest.isEmpty { emit(.delta(index: index, text: String(decoding: rest, as: UTF8.self))) }
                emit(.done(index: index, text: text))
                openPath = nil
                openEmittedBytes = 0
            case .kind(let element):
                if case .string(let name) = value, let kind = JSONVariationShape.kind(named: name) {
                    elementKinds[element] = kind
                }
            case .none:
                break
            }
        }
    }

    /// The index of the variation whose text is at `path`, starting a new one when needed.
    private mutating func openVariation(
        at path: [JSONPathComponent], kind: TextVariation.Kind?, element: Int?, emit: (StreamEvent) -> Void
    ) -> Int {
        if openPath == path { return variationCount - 1 }
        openPath = path
        openEmittedBytes = 0
        variationCount += 1
        emit(.variationStart(index: variationCount - 1, kind: kind ?? element.flatMap { elementKinds[$0] }))
        return variationCount - 1
    }
}
