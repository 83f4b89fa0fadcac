// Every stream kind, with the input split at fuzzer-chosen offsets: each feed answers strict
// JSON events; a failure repeats on every later call; the result equals what the batch
// function gives (for the SSE kinds, which have none, what one chunk gives); and what list
// and variation events say is never retracted: with the events storykit_stream_finish_events
// adds at the end, each item's deltas join to its done text, which is its text in the result.
// The split run ends with storykit_stream_finish_events, the one-chunk run with
// storykit_stream_finish.
import CStoryKit
import StoryKitCore

private let kinds = ["list", "variations", "json", "gemini-sse", "openai-sse"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStreams(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let kind = kinds[input.choice(below: kinds.count)]
    let lengths = (0..<input.choice(below: 16)).map { _ in input.choice() }
    let payload = input.rest

    let split = StreamRun(kind: kind, parts: chunks(of: payload, lengths: lengths), endEvents: true)
    if let batch = batchAnswer(kind: kind, payload) {
        // Every split equals the batch answer, so splits equal one another.
        require(
            split.status == batch.status,
            "\(kind): the stream answered \(split.status), the batch function \(batch.status)")
        require(
            split.result == batch.bytes.map { requireJSON($0, "the batch answer") },
            "\(kind): the stream result differs from the batch result")
    } else {
        let whole = StreamRun(kind: kind, parts: [payload[...]], endEvents: false)
        require(split.status == whole.status, "\(kind): split answered \(split.status), whole \(whole.status)")
        require(split.result == whole.result, "\(kind): the split result differs from the whole result")
    }
    if let result = split.result, kind == "list" || kind == "variations" {
        let texts = (result[kind == "list" ? "items" : "variations"]?.arrayValue ?? []).map {
            $0["text"]?.stringValue ?? ""
        }
        // Compared as UTF-8 bytes: String's comparisons work on grapheme clusters, and a delta
        // ending in "\r" does begin a text that goes on with "\n".
        require(
            texts.map { Array($0.utf8) } == split.doneTexts.map { Array($0.utf8) },
            "\(kind): done events \(split.doneTexts) but result texts \(texts)")
        require(
            split.deltaTexts.keys.allSatisfy { $0 < texts.count },
            "\(kind): deltas for an item the result does not have")
        for (index, text) in texts.enumerated() {
            require(
                Array((split.deltaTexts[index] ?? "").utf8) == Array(text.utf8),
                "\(kind): the deltas of item \(index) do not join to its text")
        }
    }
    return 0
}

/// Feeds the parts to a new stream, checking the answers on the way.
private struct StreamRun {
    var status: storykit_status = STORYKIT_OK
    var result: JSONValue?
    var doneTexts: [String] = []
    var deltaTexts: [Int: String] = [:]

    init(kind: String, parts: [ArraySlice<UInt8>], endEvents: Bool) {
        var stream: OpaquePointer?
        let created = storykit_stream_create(&stream, kind, nil)
        require(created == STORYKIT_OK && stream != nil, "storykit_stream_create(\(kind)) answered \(created)")
        defer { storykit_stream_free(stream) }

        for part in parts {
            let fed = answer { out in withUnterminated(Array(part)) { storykit_stream_feed(stream, out, $0, $1) } }
            requireInputStatus(fed.status, "storykit_stream_feed")
            guard let events = fed.bytes else {
                status = fed.status
                let again = answer { out in storykit_stream_feed(stream, out, nil, 0) }
                require(again.status == status, "a failed stream answered \(again.status), then \(status)")
                break
            }
            record(requireJSON(events, "a feed's events"))
        }
        var finishedEvents = Answer(status: STORYKIT_OK, bytes: nil)
        let finished = answer { out in
            guard endEvents else { return storykit_stream_finish(stream, out) }
            var status = STORYKIT_OK
            finishedEvents = answer { eventsOut in
                status = storykit_stream_finish_events(stream, out, eventsOut)
                return status
            }
            return status
        }
        if status != STORYKIT_OK {
            require(finished.status == status, "finish answered \(finished.status) after a feed failed with \(status)")
            return
        }
        requireInputStatus(finished.status, "storykit_stream_finish")
        status = finished.status
        result = finished.bytes.map { requireJSON($0, "the stream result") }
        if let events = finishedEvents.bytes { record(requireJSON(events, "the end's events")) }
        let after = answer { out in storykit_stream_finish(stream, out) }
        let expected = status == STORYKIT_OK ? STORYKIT_E_STATE : status
        require(after.status == expected, "a second finish answered \(after.status) after \(status)")
    }

    private mutating func record(_ answer: JSONValue) {
        guard let events = answer["events"]?.arrayValue else { propertyFailed("a feed answered no events array") }
        for event in events {
            guard let type = event["type"]?.stringValue else { propertyFailed("an event without a type") }
            guard let index = event["index"]?.integerValue else { continue }
            switch type {
            case "delta": deltaTexts[index, default: ""] += event["text"]?.stringValue ?? ""
            case "done":
                require(index == doneTexts.count, "done event for item \(index) after \(doneTexts.count) items")
                doneTexts.append(event["text"]?.stringValue ?? "")
            default: break
            }
        }
    }
}

/// What the batch function answers for the kind, or nil for the "-sse" kinds, which have none.
private func batchAnswer(kind: String, _ payload: [UInt8]) -> Answer? {
    withUnterminated(payload) { text, length in
        switch kind {
        case "list": answer { storykit_parse_list($0, text, length, nil) }
        case "variations": answer { storykit_parse_variations($0, text, length, nil) }
        case "json": answer { storykit_json_repair($0, text, length) }
        default: nil
        }
    }
}
