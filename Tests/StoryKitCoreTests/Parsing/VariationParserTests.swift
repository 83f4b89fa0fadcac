import StoryKitCore
import Testing

@Suite struct VariationParserTests {
    @Test func readsTheStructuredObject() throws {
        let set = try VariationParser().parse(
            """
            ```json
            {"directCorrection": "I want to go home.", "refinedPhrasing": "I would like to go home.", "alternativeInterpretation": "I want to go to my house."}
            ```
            """)
        #expect(
            set.variations == [
                TextVariation(text: "I want to go home.", kind: .direct),
                TextVariation(text: "I would like to go home.", kind: .refined),
                TextVariation(text: "I want to go to my house.", kind: .alternative)
            ])
        #expect(set.source == .json)
        #expect(set.repaired == false)
        #expect(set.issues.isEmpty)
    }

    /// A stray `[` in the prose before the object once hid it: 0 versions and no error.
    @Test(arguments: ["Sure [see below\n", "Oops :-[ sorry\n", "See [1] for the rules. "])
    func aStrayBracketInTheProseBeforeTheObjectDoesNotHideIt(_ prose: String) throws {
        let reply = prose + #"{"directCorrection": "a", "refinedPhrasing": "b", "alternativeInterpretation": "c"}"#
        let set = try VariationParser().parse(reply)
        #expect(set.variations.map(\.text) == ["a", "b", "c"])
    }

    /// Replies a small model wrote: a label line, backtick strings, a missing comma and a
    /// quotation inside a value, each read and each repair reported.
    @Test func aSmallModelsJSONIsReadWithEachRepairReported() throws {
        let reply = "[JSON]\n{`directCorrection`: \"I want to go home.\" \"refinedPhrasing\": \"I said \"home\".\"}"
        let set = try VariationParser(options: .init(expected: 2)).parse(reply)
        #expect(set.variations.map(\.text) == ["I want to go home.", #"I said "home"."#])
        #expect(set.repairs.map(\.kind) == [.surroundingText, .backtickQuotes, .missingComma, .unescapedQuote])
        #expect(set.repaired)
        #expect(set.json["repairs"]?.arrayValue?.count == 4)
        #expect(try JSONValue(parsing: String(decoding: set.utf8JSON(), as: UTF8.self)) == set.json)
        // Strict JSON with a quotation escaped is read as it is, with no repair.
        let strict = try VariationParser(options: .init(expected: 1)).parse(
            #"{"directCorrection": "I said \"hi\", then left"}"#)
        #expect(strict.variations.map(\.text) == [#"I said "hi", then left"#])
        #expect(strict.repairs.isEmpty && strict.json["repairs"] == nil)
    }

    @Test func readsVariationsArraysAndBareArrays() throws {
        let objects = try VariationParser(options: .init(expected: 2)).parse(
            #"{"variations": [{"text": "A b.", "kind": "refined"}, "C d."]}"#)
        #expect(objects.variations == [TextVariation(text: "A b.", kind: .refined), TextVariation(text: "C d.")])
        let bare = try VariationParser(options: .init(expected: 2)).parse("Here they are:\n['One.', 'Two.',]")
        #expect(bare.variations.map(\.text) == ["One.", "Two."])
        #expect(bare.repaired)
    }

    @Test func readsListsWithLabelsAndQuotes() throws {
        let set = try VariationParser().parse(
            """
            Here are three options:
            1. **Direct correction:** "I want to go home."
            2. Refined phrasing - “I would like to go home.”
            3. Alternative: I want to go to my house.

            Let me know if you need more!
            """)
        #expect(
            set.variations == [
                TextVariation(text: "I want to go home.", kind: .direct),
                TextVariation(text: "I would like to go home.", kind: .refined),
                TextVariation(text: "I want to go to my house.", kind: .alternative)
            ])
        #expect(set.source == .list)
    }

    @Test func aHugeArrayIsRefusedAtItsFirstItemTooMany() throws {
        // Element 1,500 is broken: a parser that read on past item 1,001 would report that.
        let items = (0..<2000).map { $0 == 1500 ? "\"unterminated" : "\"v\($0)\"" }
        for reply in ["[\(items.joined(separator: ","))]", #"{"variations": ["# + items.joined(separator: ",") + "]}"] {
            let error = #expect(throws: StoryKitError.self) { try VariationParser().parse(reply) }
            #expect(error?.code == .limit, "\(String(describing: error))")
            #expect(error?.message.contains("more than 1000 variations") == true)
        }
        let numbers = "[" + (0..<1001).map(String.init).joined(separator: ",") + "]"
        var stream = VariationStream()
        let error = #expect(throws: StoryKitError.self) { _ = try stream.feed(numbers) }
        #expect(error?.code == .limit)
        let fits = "[" + (0..<1000).map { "\"v\($0)\"" }.joined(separator: ",") + "]"
        #expect(try VariationParser().parse(fits).variations.count == 1000)
    }

    @Test func reportsCountAndDuplicates() throws {
        let set = try VariationParser().parse(
            "1. I want to go home.\n2. i want to go home!\n3. I want, to go home\n4. Go home.")
        #expect(set.issues == [.count(expected: 3, found: 4), .duplicate(index: 1, of: 0), .duplicate(index: 2, of: 0)])
        let lenient = try VariationParser(options: .init(expected: 4, distinct: false)).parse("1. a\n2. a\n3. b\n4. c")
        #expect(lenient.issues.isEmpty)
    }

    @Test func streamsTheStructuredObject() throws {
        var stream = VariationStream()
        var events: [StreamEvent] = []
        for chunk in [
            #"{"directCorrection": "I want"#, #" to go home.", "refinedPhrasing": "#, #""I would like to go home."}"#
        ] {
            events += try stream.feed(chunk)
        }
        let set = try stream.finish()
        #expect(
            events == [
                .variationStart(index: 0, kind: .direct), .delta(index: 0, text: "I want"),
                .delta(index: 0, text: " to go home."), .done(index: 0, text: "I want to go home."),
                .variationStart(index: 1, kind: .refined), .delta(index: 1, text: "I would like to go home."),
                .done(index: 1, text: "I would like to go home.")
            ])
        #expect(set.issues == [.count(expected: 3, found: 2)])
    }

    /// A marker alone on its line: the label on the next line is the item's label, in the
    /// stream as in the batch result (the stream once showed it as text).
    @Test func streamsALabelOnTheLineAfterABareMarker() throws {
        let reply = "1. I want to go home.\n2.\nRefined phrasing: I would like to go home.\n3.\n\"Home.\"\n4."
        let (set, events) = try Self.streamedByteByByte(reply)
        #expect(set == (try VariationParser().parse(reply)))
        #expect(
            set.variations == [
                TextVariation(text: "I want to go home."),
                TextVariation(text: "I would like to go home.", kind: .refined),
                TextVariation(text: "Home."), TextVariation(text: "")
            ])
        #expect(
            Array(events.dropFirst(3)) == [
                .variationStart(index: 1, kind: .refined), .delta(index: 1, text: "I would like to go home."),
                .done(index: 1, text: "I would like to go home."),
                .variationStart(index: 2, kind: nil), .delta(index: 2, text: "Home."), .done(index: 2, text: "Home."),
                .variationStart(index: 3, kind: nil), .done(index: 3, text: "")
            ])
    }

    /// A labelled item's text is trimmed at both ends: the stream shows white space only
    /// once text follows it, so what it shows always begins the final text.
    @Test func streamedLabelledItemsShowTheirTrimmedText() throws {
        let replies = [
            "1. Refined phrasing:\n\r 'L\u{7C8}ou.\n2. x",
            "1. Direct:  abc\u{3000}\n\u{3000}\n2. Alternative: x \u{3000}\ny \u{3000}\n3. Refined - \u{3000}\n \u{3000}\n“Quoted.”",
            "1. **Direct correction:**\u{00A0}I want\u{2003}\nto go.\u{2003}"
        ]
        for reply in replies {
            let (set, events) = try Self.streamedByteByByte(reply)
            #expect(set == (try VariationParser().parse(reply)), "\(reply)")
            var shown: [Int: String] = [:]
            for case .delta(let index, let text) in events { shown[index, default: ""] += text }
            for (index, variation) in set.variations.enumerated() {
                #expect(shown[index, default: ""] == variation.text, "\(reply): item \(index)")
            }
        }
    }

    /// `reply` fed to a stream one byte at a time: its result and every event, the end's included.
    private static func streamedByteByByte(_ reply: String) throws -> (VariationSet, [StreamEvent]) {
        var stream = VariationStream()
        var events: [StreamEvent] = []
        for byte in reply.utf8 {
            events += try [byte].withUnsafeBufferPointer { (bytes) throws(StoryKitError) in try stream.feed(utf8: bytes)
            }
        }
        let set = try stream.finish { events.append($0) }
        return (set, events)
    }

    /// Every value the tolerant parser reads after prose, brackets of prose that never close
    /// and list-like lines included, is the reply's versions; its syntax is never a version.
    @Test func everyValueTheTolerantParserReadsIsRead() throws {
        let object =
            #"{"directCorrection": "I want to go home.", "refinedPhrasing": "I'd like to go home.", "alternativeInterpretation": "I want to go out."}"#
        let replies = [
            "As noted (see [1 for details)\n\n" + object, "Draft [v2 follows: " + object,
            "See [1] and the value " + object + " here", "I think (maybe [1, 2]) the value is " + object,
            "Sure! [see {\"x\": 1}] then " + object, "- [x] done\n" + object
        ]
        for reply in replies {
            let repaired = try TolerantJSONParser().parse(reply)
            #expect(repaired.value["directCorrection"] == "I want to go home.", "\(reply.debugDescription)")
            let set = try VariationParser().parse(reply)
            #expect(set.source == .json, "\(reply.debugDescription)")
            #expect(set.variations.map(\.text) == ["I want to go home.", "I'd like to go home.", "I want to go out."])
            #expect(try Self.streamedByteByByte(reply).0 == set)
        }
    }

    @Test func snapshotsFollowTheStream() async throws {
        let chunks = AsyncStream<String> { continuation in
            for chunk in ["1. I want", " to go home.\n2. I would", " like to go home.\n3. Home."] {
                continuation.yield(chunk)
            }
            continuation.finish()
        }
        var last: PartialVariationSet?
        var sawIncomplete = false
        for try await snapshot in chunks.variationSnapshots() {
            if snapshot.variations.contains(where: { !$0.isComplete }) { sawIncomplete = true }
            last = snapshot
        }
        #expect(sawIncomplete)
        #expect(last?.result?.variations.map(\.text) == ["I want to go home.", "I would like to go home.", "Home."])
        #expect(last?.variations.allSatisfy(\.isComplete) == true)
    }
}
