import StoryKitCore
import Testing

/// Every case of the reply corpus, batch and streamed at several chunk sizes.
@Suite struct ReplyCorpusTests {
    static let cases: [ReplyCase] = (try? ReplyCase.all()) ?? []

    @Test func corpusIsLargeAndCoversEveryKind() {
        #expect(Self.cases.count >= 150)
        #expect(Set(Self.cases.map(\.kind)) == ["list", "variations", "json"])
    }

    @Test(arguments: cases)
    func batchResultIsTheExpectedOne(_ reply: ReplyCase) throws {
        let expect = reply.expect
        switch reply.kind {
        case "list":
            let list = try ListParser().parse(reply.input)
            #expect(list.items.map { JSONValue.string($0.text) } == expect["items"]?.arrayValue)
            if let numbers = expect["numbers"]?.arrayValue {
                #expect(list.items.map { $0.number.map { JSONValue.number(JSONNumber($0)) } ?? .null } == numbers)
            }
            #expect((list.style.map { JSONValue.string($0.rawValue) } ?? .null) == expect["style"])
            #expect(JSONValue.string(list.preamble) == expect["preamble"])
            #expect(JSONValue.string(list.postamble) == expect["postamble"])
        case "variations":
            let set = try VariationParser(options: reply.variationOptions).parse(reply.input)
            #expect(set.variations.map { JSONValue.string($0.text) } == expect["texts"]?.arrayValue)
            if let kinds = expect["kinds"]?.arrayValue {
                #expect(set.variations.map { $0.kind.map { JSONValue.string($0.rawValue) } ?? .null } == kinds)
            }
            #expect(JSONValue.string(set.source.rawValue) == expect["source"])
            if let repaired = expect["repaired"] { #expect(JSONValue.bool(set.repaired) == repaired) }
            #expect(set.json["issues"] == expect["issues"])
        default:
            if let code = expect["error"]?.stringValue {
                do {
                    _ = try TolerantJSONParser().parse(reply.input)
                    Issue.record("expected an error")
                } catch {
                    #expect(error.code == (code == "limit" ? .limit : .parse))
                    if let fragment = expect["contains"]?.stringValue {
                        #expect(error.message.contains(fragment), "\(error.message)")
                    }
                }
                return
            }
            let repaired = try TolerantJSONParser().parse(reply.input)
            #expect(sameJSON(repaired.value, expect["value"] ?? .null), "\(repaired.value.formatted())")
            if let kinds = expect["repairs"]?.arrayValue {
                #expect(repaired.repairs.map { JSONValue.string($0.kind.rawValue) } == kinds)
            }
        }
    }

    @Test(arguments: cases)
    func streamingGivesTheBatchResult(_ reply: ReplyCase) throws {
        let bytes = Array(reply.input.utf8)
        var generator = SplitMix(seed: UInt64(truncatingIfNeeded: reply.name.hashValue))
        let randomSizes = (0..<64).map { _ in Int(generator.next() % 9) + 1 }
        for sizes in [[1], [2], [3], [7], [64], randomSizes] {
            let batch = Result { () throws(StoryKitError) in try batchJSON(reply, bytes) }
            let streamed = Result { () throws(StoryKitError) in try streamJSON(reply, bytes, sizes: sizes) }
            switch (batch, streamed) {
            case (.success(let a), .success(let b)): #expect(a == b, "sizes \(sizes)")
            case (.failure(let a), .failure(let b)): #expect(a == b, "sizes \(sizes)")
            default: Issue.record("batch and stream disagree at sizes \(sizes): \(batch) vs \(streamed)")
            }
        }
    }

    private func batchJSON(_ reply: ReplyCase, _ bytes: [UInt8]) throws(StoryKitError) -> String {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(StoryKitError) -> String in
                switch reply.kind {
                case "list": try ListParser().parse(utf8: buffer).json.formatted()
                case "variations":
                    try VariationParser(options: reply.variationOptions).parse(utf8: buffer).json.formatted()
                default: try TolerantJSONParser().parse(utf8: buffer).json.formatted()
                }
            }
        }
        return try result.get()
    }

    /// Streams `bytes` in chunks of the given sizes (cycling), checks the events against the
    /// result, and returns the result as JSON text.
    private func streamJSON(_ reply: ReplyCase, _ bytes: [UInt8], sizes: [Int]) throws(StoryKitError) -> String {
        var chunks: [[UInt8]] = []
        var start = 0
        var turn = 0
        while start < bytes.count {
            let end = min(bytes.count, start + sizes[turn % sizes.count])
            chunks.append(Array(bytes[start..<end]))
            start = end
            turn += 1
        }
        var events: [StreamEvent] = []
        func feed(_ body: (UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> [StreamEvent]) throws(StoryKitError) {
            for chunk in chunks {
                let result = chunk.withUnsafeBufferPointer { buffer in
                    Result { () throws(StoryKitError) in try body(buffer) }
                }
                events += try result.get()
            }
        }
        switch reply.kind {
        case "list":
            var stream = ListStream()
            try feed { (buffer) throws(StoryKitError) in try stream.feed(utf8: buffer) }
            let list = try stream.finish { events.append($0) }
            checkItemEvents(events, finalTexts: list.items.map(\.text))
            return list.json.formatted()
        case "variations":
            var stream = VariationStream(options: reply.variationOptions)
            try feed { (buffer) throws(StoryKitError) in try stream.feed(utf8: buffer) }
            let set = try stream.finish { events.append($0) }
            checkItemEvents(events, finalTexts: set.variations.map(\.text))
            return set.json.formatted()
        default:
            var stream = JSONStream()
            try feed { (buffer) throws(StoryKitError) in try stream.feed(utf8: buffer) }
            let repaired = try stream.finish { events.append($0) }
            checkValueEvents(events)
            return repaired.json.formatted()
        }
    }

    /// Deltas never retract: for each item they concatenate to its `done` text and to the
    /// final text; every item starts once, before its deltas.
    private func checkItemEvents(_ events: [StreamEvent], finalTexts: [String]) {
        var texts: [Int: String] = [:]
        var done: [Int: String] = [:]
        for event in events {
            switch event {
            case .itemStart(let index, _), .variationStart(let index, _):
                #expect(texts[index] == nil, "item \(index) started twice")
                texts[index] = ""
            case .delta(let index, let text):
                #expect(texts[index] != nil, "delta before start")
                texts[index, default: ""] += text
            case .done(let index, let text):
                done[index] = text
            default:
                Issue.record("unexpected event \(event)")
            }
        }
        #expect(texts.count == finalTexts.count)
        for (index, text) in finalTexts.enumerated() {
            #expect(texts[index] == text, "deltas of item \(index)")
            #expect(done[index] == text, "done of item \(index)")
        }
    }

    /// Partial texts of a string concatenate to its completed value.
    private func checkValueEvents(_ events: [StreamEvent]) {
        var open: [String: String] = [:]
        for event in events {
            switch event {
            case .partial(let path, let text):
                open[path, default: ""] += text
            case .value(let path, let value):
                if let partial = open.removeValue(forKey: path) {
                    #expect(
                        .string(partial) == value || (value.stringValue?.hasPrefix(partial) ?? false),
                        "partials at \(path)")
                }
            default:
                Issue.record("unexpected event \(event)")
            }
        }
    }
}

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
