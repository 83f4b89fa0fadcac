import StoryKitCore
import Testing

@Suite struct ServerSentEventParserTests {
    /// Parses `text` fed in pieces cut at `cuts`.
    func events(_ text: String, cuts: [Int] = []) -> [ServerSentEvent] {
        let bytes = Array(text.utf8)
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        var start = 0
        for end in cuts + [bytes.count] {
            events += parser.feed(bytes[start..<end])
            start = end
        }
        return events + parser.finish()
    }

    @Test func dataLinesJoinAndBlankLinesDispatch() {
        let parsed = events("data: one\ndata:two\ndata:  three\n\ndata: next\n\n")
        #expect(parsed.map(\.data) == ["one\ntwo\n three", "next"])
        #expect(parsed.allSatisfy { $0.event == "message" })
    }

    @Test func lineEndingsOfEveryKind() {
        #expect(events("data: a\r\n\r\ndata: b\r\rdata: c\n\n").map(\.data) == ["a", "b", "c"])
    }

    @Test func fieldsCommentsAndUnknownFields() {
        let parsed = events(
            ": comment\nevent: update\nid: 7\nretry: 1500\nfoo: bar\ndata\n\nid: 8\nretry: x\ndata: y\n\n")
        #expect(parsed.count == 2)
        #expect(parsed[0] == ServerSentEvent(event: "update", data: "", id: "7", retry: 1500))
        #expect(parsed[1] == ServerSentEvent(event: "message", data: "y", id: "8", retry: nil))
    }

    @Test func idPersistsAndEventsWithoutDataAreNotDispatched() {
        let parsed = events("id: 1\nevent: ping\n\ndata: a\n\n")
        #expect(parsed == [ServerSentEvent(data: "a", id: "1")])
    }

    @Test func finalEventWithoutBlankLineIsDelivered() {
        #expect(events("data: a\n\ndata: last").map(\.data) == ["a", "last"])
        #expect(events("data: last\n").map(\.data) == ["last"])
    }

    @Test func byteOrderMarkAtTheStartIsSkipped() {
        #expect(events("\u{FEFF}data: a\n\n").map(\.data) == ["a"])
        #expect(events("\u{FEFF}data: a\n\n", cuts: [1, 2]).map(\.data) == ["a"])
    }

    @Test func doneSentinel() {
        let parsed = events("data: {\"x\":1}\n\ndata: [DONE]\n\n")
        #expect(parsed.map(\.isDone) == [false, true])
    }

    @Test func everySplitGivesTheSameEvents() {
        let text =
            "\u{FEFF}: hi\r\nevent: a\r\nid: 3\r\ndata: {\"t\":\"Émile 🦊\"}\r\n\r\ndata: x\rdata: y\r\rdata: [DONE]\n\ndata: tail"
        let whole = events(text)
        #expect(whole.count == 4)
        let count = text.utf8.count
        for cut in 1..<count {
            #expect(events(text, cuts: [cut]) == whole, "cut at \(cut)")
        }
        #expect(events(text, cuts: Array(1..<count)) == whole)
    }
}
