import CStoryKit
import StoryKitC
import StoryKitCore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every C entry point called from 8 threads at once, as a multi-threaded host would: each
/// call answers what it answers alone, and each thread's `storykit_last_error` stays its own
/// (a success leaves it alone; a failure on another thread never shows).
@Suite struct ConcurrentEntryPointTests {
    @Test func everyEntryPointFromEightThreads() async throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        let (folder, store) = (temporary.folder, temporary.store)
        var policy: OpaquePointer?
        try #require(
            storykit_policy_create(&policy, #"{"name":"shared","extends":"default","writingTools":[]}"#) == STORYKIT_OK)
        defer { storykit_policy_free(policy) }

        let shared = SharedHandles(store: store, policy: policy, folder: folder)
        let failures = await withTaskGroup(of: [String].self) { group in
            for worker in 0..<8 {
                group.addTask {
                    await onOwnThread {
                        var check = Checker(worker: worker)
                        for round in 0..<6 {
                            check.allEntryPoints(round: round, shared)
                        }
                        return check.failures
                    }
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(failures == [])
    }
}

/// Handles every thread uses at once.
private struct SharedHandles: @unchecked Sendable {
    var store: OpaquePointer?
    var policy: OpaquePointer?
    var folder: String
}

/// Calls every entry point once and records what went wrong, naming the call.
private struct Checker {
    let worker: Int
    var failures: [String] = []

    init(worker: Int) { self.worker = worker }

    mutating func expect(_ condition: Bool, _ what: @autoclosure () -> String) {
        if !condition { failures.append("worker \(worker): \(what().prefix(300))") }
    }

    /// Fails an entry point with a message naming this worker and round, and checks it.
    mutating func fail(_ what: String, _ token: String, _ call: () -> storykit_status) {
        let status = call()
        expect(status != STORYKIT_OK, "\(what) succeeded on bad input")
        expect(lastError().contains(token), "\(what): last error \"\(lastError())\" does not name \(token)")
    }

    /// Bytes of `text` in chunks of `size`, as a reply arrives.
    static func chunks(_ text: String, size: Int) -> [[UInt8]] {
        let bytes = Array(text.utf8)
        return stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min(bytes.count, $0 + size)]) }
    }

    mutating func allEntryPoints(round: Int, _ shared: SharedHandles) {
        let tag = "w\(worker)r\(round)"
        let marker = #"{"\#(tag)":1,]"#
        expect(storykit_json_validate(marker, marker.utf8.count) == STORYKIT_E_PARSE, "json_validate")

        // Metadata and the JSON engine.
        expect(String(cString: storykit_version_string()) == STORYKIT_VERSION_STRING, "version_string")
        expect(storykit_abi_version() == STORYKIT_ABI_VERSION && storykit_version_number() > 0, "versions")
        expect(String(cString: storykit_status_string(STORYKIT_E_LIMIT)).isEmpty == false, "status_string")
        let document = #"{"tag":"\#(tag)","n":[1,2]}"#
        expect(
            answered { storykit_json_format($0, document, document.utf8.count, #"{"indent":0}"#) }.1 == document,
            "json_format")
        let broken = "{'tag': '\(tag)',"
        let repaired = answered { storykit_json_repair($0, broken, broken.utf8.count) }
        expect(repaired.1?.contains(#""value":{"tag":"\#(tag)"}"#) == true, "json_repair: \(repaired)")

        // Replies, batch and streamed.
        let list = "Ideas:\n1. \(tag) one\n2. \(tag) two"
        expect(
            answered { storykit_parse_list($0, list, list.utf8.count, nil) }.1?.contains("\(tag) two") == true,
            "parse_list")
        let reply =
            #"{"directCorrection":"\#(tag) a","refinedPhrasing":"\#(tag) b","alternativeInterpretation":"\#(tag) c"}"#
        expect(
            answered { storykit_parse_variations($0, reply, reply.utf8.count, nil) }.1?.contains("\(tag) c") == true,
            "parse_variations")
        var stream: OpaquePointer?
        expect(storykit_stream_create(&stream, "list", nil) == STORYKIT_OK, "stream_create")
        for chunk in Self.chunks(list, size: 5) {
            _ = answered { out in
                chunk.withUnsafeBufferPointer {
                    $0.withMemoryRebound(to: CChar.self) {
                        storykit_stream_feed(stream, out, $0.baseAddress, chunk.count)
                    }
                }
            }
        }
        expect(answered { storykit_stream_finish(stream, $0) }.1?.contains("\(tag) one") == true, "stream_finish")
        storykit_stream_free(stream)
        // The same through a caller's buffer, too small at first: the events are kept, then taken.
        expect(storykit_stream_create(&stream, "list", nil) == STORYKIT_OK, "stream_create")
        var buffer = [CChar](repeating: 0, count: 4), written = 0, delivered = ""
        for chunk in Self.chunks(list, size: 5) {
            var status = chunk.withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) {
                    storykit_stream_feed_into(stream, &buffer, buffer.count, &written, $0.baseAddress, chunk.count)
                }
            }
            if status == STORYKIT_E_LIMIT, written > buffer.count {
                buffer = [CChar](repeating: 0, count: written)
                status = storykit_stream_feed_into(stream, &buffer, buffer.count, &written, nil, 0)
            }
            expect(status == STORYKIT_OK && buffer[written] == 0, "stream_feed_into")
            delivered += String(decoding: buffer.prefix(written).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        expect(
            delivered.contains(#"{"type":"delta","index":0,"text":"\#(tag) one"}"#), "stream_feed_into: \(delivered)")
        storykit_stream_free(stream)

        // Prompts, requests and responses.
        expect(
            answered { storykit_prompt_build($0, #"{"kind":"correction","text":"\#(tag) wnat"}"#) }.1?.contains(
                "\(tag) wnat") == true, "prompt_build")
        fail("prompt_build", tag) { answered { storykit_prompt_build($0, #"{"kind":"\#(tag)"}"#) }.0 }
        let request = #"{"provider":"openai","model":"m","baseURL":"http://127.0.0.1:9/v1","prompt":"\#(tag)"}"#
        expect(answered { storykit_request_build($0, request) }.1?.contains(tag) == true, "request_build")
        let body = #"{"choices":[{"index":0,"message":{"content":"\#(tag)"},"finish_reason":"stop"}]}"#
        expect(
            answered { storykit_response_decode($0, "openai", 200, body, body.utf8.count) }.1?.contains(tag) == true,
            "response_decode")

        // Policies, built in and shared.
        let field =
            #"{"domain":"writingTools","platform":{"os":"iOS","version":"26.0","appleIntelligence":"enabled"},"field":{"id":"\#(tag)","kind":"name"}}"#
        expect(
            answered { storykit_policy_evaluate_builtin($0, field) }.1?.contains("\"behavior\"") == true,
            "policy_evaluate")
        expect(
            answered { storykit_policy_evaluate_loaded(shared.policy, $0, field) }.1?.contains("\"behavior\"") == true,
            "policy_eval")
        fail("policy_evaluate", tag) { answered { storykit_policy_evaluate_builtin($0, #"{"domain":"\#(tag)"}"#) }.0 }
        var own: OpaquePointer?
        expect(
            storykit_policy_create(&own, #"{"name":"\#(tag)","extends":"default","writingTools":[]}"#) == STORYKIT_OK,
            "policy_create")
        storykit_policy_free(own)

        // The offline corrector.
        let typed = "i wnat to go hmoe \(worker)"
        expect(
            answered { storykit_correct_offline($0, typed, typed.utf8.count, nil) }.1?.contains("want to go home")
                == true, "correct_offline")

        // One store shared by every thread, each with records of its own.
        let record = #"{"key":"\#(tag)","value":"\#(worker)"}"#
        expect(
            storykit_store_put(shared.store, "preferences", tag, record, record.utf8.count) == STORYKIT_OK,
            "store_put: \(lastError())")
        expect(
            answered { storykit_store_get(shared.store, $0, "preferences", tag) }.1?.contains(tag) == true, "store_get")
        expect(
            answered { storykit_store_list(shared.store, $0, "preferences", #"{"limit":1000}"#) }.1?.contains(tag)
                == true, "store_list")
        expect(storykit_store_delete(shared.store, "preferences", tag) == STORYKIT_OK, "store_delete")
        fail("store_get", tag) { answered { storykit_store_get(shared.store, $0, "preferences", tag) }.0 }
        let image: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, UInt8(worker), UInt8(round)]
        expect(
            storykit_store_put_image(shared.store, tag, "image/png", image, image.count) == STORYKIT_OK,
            "store_put_image")
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        var mimeType: UnsafeMutablePointer<CChar>?
        expect(
            storykit_store_get_image(shared.store, &bytes, &length, &mimeType, tag) == STORYKIT_OK, "store_get_image")
        expect(bytes.map { Array(UnsafeBufferPointer(start: $0, count: length)) } == image, "store_get_image bytes")
        storykit_bytes_free(bytes)
        storykit_string_free(mimeType)
        expect(storykit_store_delete_image(shared.store, tag) == STORYKIT_OK, "store_delete_image")
        var second: OpaquePointer?
        expect(
            storykit_store_open(&second, shared.folder, nil) == STORYKIT_E_IO,
            "store_open: a second handle on an open store")
        storykit_store_close(second)

        // Services through a transport callback (which uses the exchange functions).
        let generate =
            #"{"provider":"openai","model":"m","baseURL":"http://127.0.0.1:9/v1","prompt":"\#(tag)","retry":{"maxAttempts":1}}"#
        let generated = answered { storykit_generate($0, generate, echoTransport, nil, nil) }
        expect(generated.1?.contains("echo \(tag)") == true, "generate: \(generated) \(lastError())")
        let correct =
            #"{"text":"i wnat \#(tag)","remote":{"provider":"openai","model":"m","baseURL":"http://127.0.0.1:9/v1","retry":{"maxAttempts":1}}}"#
        let corrected = answered { storykit_correct($0, correct, failingTransport, nil, nil) }
        expect(corrected.1?.contains(#""backend":"offline""#) == true, "correct: \(corrected) \(lastError())")
        let illustrate =
            #"{"hero":{"name":"Mia","traits":["brave"],"appearance":"red scarf"},"page":{"text":"\#(tag)","index":\#(round)},"storyID":"\#(tag)","apiKey":"k-\#(tag)","retry":{"maxAttempts":1}}"#
        let illustrated = answered { storykit_illustrate($0, shared.store, illustrate, imageTransport, nil) }
        expect(
            illustrated.1?.contains(#""fileName":"\#(tag)-page-\#(round + 1).png""#) == true,
            "illustrate: \(illustrated) \(lastError())")
        expect(
            storykit_store_delete_image(shared.store, "\(tag)-page-\(round + 1)") == STORYKIT_OK,
            "the illustration was not saved")

        // The last failure names this worker; it must still be there after a yield, while
        // other threads fail with their own messages.
        fail("request_build", tag) { answered { storykit_request_build($0, #"{"provider":"\#(tag)"}"#) }.0 }
        let lastOwn = lastError()
        sched_yield()
        expect(lastError() == lastOwn, "the last error changed without a call: \(lastError())")
    }
}

/// Answers an OpenAI-compatible request with its own prompt, echoed.
private let echoTransport: storykit_transport_fn = { exchange, request, _ in
    let text = request.map { String(cString: $0) } ?? ""
    let tag = text.firstMatch(of: /w\d+r\d+/).map { String($0.output) } ?? "?"
    guard storykit_exchange_respond(exchange, 200, #"{"content-type":"application/json"}"#) == STORYKIT_OK else {
        return STORYKIT_E_STATE
    }
    let body = Array(#"{"choices":[{"index":0,"message":{"content":"echo \#(tag)"},"finish_reason":"stop"}]}"#.utf8)
    return storykit_exchange_write(exchange, body, body.count)
}

/// Fails every request as a dropped connection would.
private let failingTransport: storykit_transport_fn = { exchange, _, _ in
    storykit_exchange_fail(exchange, "transport", "connection refused")
}

/// Answers an Imagen request with one small PNG.
private let imageTransport: storykit_transport_fn = { exchange, _, _ in
    guard storykit_exchange_respond(exchange, 200, nil) == STORYKIT_OK else { return STORYKIT_E_STATE }
    let body = Array(
        #"{"candidates":[{"content":{"parts":[{"inlineData":{"mimeType":"image/png","data":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg=="}}]},"finishReason":"STOP"}]}"#
            .utf8)
    return storykit_exchange_write(exchange, body, body.count)
}
