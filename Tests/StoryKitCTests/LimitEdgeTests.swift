import CStoryKit
import StoryKitC
import StoryKitCore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every limit the header documents, at its edge, on every entry point it applies to: the
/// largest allowed input passes the limit check, one byte (or level) more is
/// STORYKIT_E_LIMIT, and nothing is read past it.
@Suite(.serialized) struct LimitEdgeTests {
    private static let inputLimit = Int(STORYKIT_MAX_INPUT_BYTES)

    /// `["aaa…"]` of exactly STORYKIT_MAX_INPUT_BYTES, followed by one space: strict JSON, a
    /// list, a variation reply and a record value at the limit, and still all of those with
    /// the space, which only the limit refuses.
    private static let atLimit: [UInt8] = {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: inputLimit + 1)
        bytes[0] = UInt8(ascii: "[")
        bytes[1] = UInt8(ascii: "\"")
        bytes[inputLimit - 2] = UInt8(ascii: "\"")
        bytes[inputLimit - 1] = UInt8(ascii: "]")
        bytes[inputLimit] = UInt8(ascii: " ")
        return bytes
    }()

    /// Calls `body` with the first `count` bytes of `atLimit`.
    private static func withInput<R>(_ count: Int, _ body: (UnsafePointer<CChar>, Int) -> R) -> R {
        Self.atLimit.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!, count) }
        }
    }

    // The 64 MiB calls run on threads of their own, so that they never hold the cooperative
    // pool that other suites' time-outs run on.
    @Test(arguments: [
        "json_format", "json_repair", "parse_list", "parse_variations", "response_decode", "store_put",
        "store_put_image"
    ])
    func inputBytesAtTheEdge(function: String) async throws {
        let folder = try temporaryFolder()
        defer { removeTree(folder) }
        let (atLimit, over, message) = await onOwnThread { Self.inputEdge(function, store: folder) }
        if function == "store_put" {
            // The record is within the input limit, but its file (the envelope around it)
            // would not be: the store refuses what it could not read back.
            #expect(atLimit == STORYKIT_E_LIMIT, "\(function) at the limit: \(message)")
        } else {
            #expect(atLimit == STORYKIT_OK, "\(function) at the limit: \(message)")
        }
        #expect(over == STORYKIT_E_LIMIT, "\(function) one byte over")
        #expect(message.contains("STORYKIT_MAX_INPUT_BYTES"))
    }

    /// Calls `function` with STORYKIT_MAX_INPUT_BYTES and one byte more; returns both statuses
    /// and the last error.
    private static func inputEdge(_ function: String, store root: String) -> (storykit_status, storykit_status, String)
    {
        var store: OpaquePointer?
        guard storykit_store_open(&store, root, nil) == STORYKIT_OK else { return (-100, -100, lastError()) }
        defer { storykit_store_close(store) }
        let call: (Int) -> storykit_status = { count in
            withInput(count) { text, length in
                switch function {
                case "json_format": status { storykit_json_format($0, text, length, nil) }
                case "json_repair": status { storykit_json_repair($0, text, length) }
                case "parse_list": status { storykit_parse_list($0, text, length, nil) }
                case "parse_variations": status { storykit_parse_variations($0, text, length, #"{"expected":1}"#) }
                case "response_decode": status { storykit_response_decode($0, "openai", 200, text, length) }
                case "store_put": storykit_store_put(store, "preferences", "k", text, length)
                default:
                    text.withMemoryRebound(to: UInt8.self, capacity: length) {
                        storykit_store_put_image(store, "i", "image/png", $0, length)
                    }
                }
            }
        }
        let atLimit = call(inputLimit)
        let atLimitError = lastError()
        let over = call(inputLimit + 1)
        return (atLimit, over, atLimit == STORYKIT_OK || function == "store_put" ? lastError() : atLimitError)
    }

    @Test(arguments: ["list", "variations", "json"])
    func streamedInputAtTheEdge(kind: String) async {
        let (fed, over, finished, message) = await onOwnThread { Self.streamedEdge(kind) }
        #expect(fed == [STORYKIT_OK], "\(kind): feeding up to the limit: \(message)")
        #expect(over == STORYKIT_E_LIMIT, "\(kind): one byte over")
        #expect(finished == STORYKIT_E_LIMIT, "\(kind): a failed stream stays failed")
    }

    /// Feeds STORYKIT_MAX_INPUT_BYTES in 1 MiB chunks, then one byte more, then finishes.
    private static func streamedEdge(_ kind: String) -> (Set<storykit_status>, storykit_status, storykit_status, String)
    {
        var stream: OpaquePointer?
        guard storykit_stream_create(&stream, kind, nil) == STORYKIT_OK else { return ([], -100, -100, lastError()) }
        defer { storykit_stream_free(stream) }
        let chunk = 1 << 20
        var fed = 0
        var statuses: Set<storykit_status> = []
        while fed < inputLimit {
            let length = min(chunk, inputLimit - fed)
            statuses.insert(
                atLimit.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { base in
                        status { storykit_stream_feed(stream, $0, base.baseAddress! + fed, length) }
                    }
                })
            fed += length
        }
        let message = lastError()
        let over = status { storykit_stream_feed(stream, $0, " ", 1) }
        return (statuses, over, status { storykit_stream_finish(stream, $0) }, message)
    }

    @Test func responseBodyThroughAnExchangeAtTheEdge() async {
        final class Statuses: @unchecked Sendable {
            var atLimit: storykit_status = -100; var over: storykit_status = -100
        }
        let statuses = Statuses()
        let transport: storykit_transport_fn = { exchange, _, context in
            let statuses = Unmanaged<Statuses>.fromOpaque(context!).takeUnretainedValue()
            _ = storykit_exchange_respond(exchange, 200, nil)
            let spaces = [UInt8](repeating: UInt8(ascii: " "), count: Int(STORYKIT_MAX_INPUT_BYTES))
            statuses.atLimit = storykit_exchange_write(exchange, spaces, spaces.count)
            statuses.over = storykit_exchange_write(exchange, spaces, 1)
            // Stop the operation here: decoding 64 MiB of spaces would only be slow.
            return STORYKIT_E_STATE
        }
        let request =
            #"{"provider":"openai","model":"m","baseURL":"http://127.0.0.1:9/v1","prompt":"hi","retry":{"maxAttempts":1}}"#
        let context = UInt(bitPattern: Unmanaged.passUnretained(statuses).toOpaque())
        _ = await onOwnThread {
            var output: UnsafeMutablePointer<CChar>?
            defer { storykit_string_free(output) }
            return storykit_generate(&output, request, transport, nil, UnsafeMutableRawPointer(bitPattern: context))
        }
        #expect(statuses.atLimit == STORYKIT_OK)
        #expect(statuses.over == STORYKIT_E_LIMIT)
    }

    /// Every JSON input, nested to exactly STORYKIT_MAX_JSON_DEPTH and one level deeper.
    @Test(arguments: [
        "json_format", "json_repair", "parse_variations", "stream", "prompt_build", "request_build", "policy_evaluate",
        "policy_create", "store_put"
    ])
    func depthAtTheEdge(function: String) throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        let store = temporary.store

        let call: (Int) -> storykit_status = { depth in
            // An object whose "x" holds arrays nested so that the whole is `depth` deep.
            let text =
                #"{"x":"# + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "}"
            switch function {
            case "json_format": return status { storykit_json_format($0, text, text.utf8.count, nil) }
            case "json_repair": return status { storykit_json_repair($0, text, text.utf8.count) }
            case "parse_variations": return status { storykit_parse_variations($0, text, text.utf8.count, nil) }
            case "stream":
                var stream: OpaquePointer?
                _ = storykit_stream_create(&stream, "json", nil)
                defer { storykit_stream_free(stream) }
                let fed = status { storykit_stream_feed(stream, $0, text, text.utf8.count) }
                return fed == STORYKIT_OK ? status { storykit_stream_finish(stream, $0) } : fed
            case "prompt_build": return status { storykit_prompt_build($0, text) }
            case "request_build": return status { storykit_request_build($0, text) }
            case "policy_evaluate": return status { storykit_policy_evaluate_builtin($0, text) }
            case "policy_create":
                var policy: OpaquePointer?
                defer { storykit_policy_free(policy) }
                return storykit_policy_create(&policy, text)
            default: return storykit_store_put(store, "preferences", "k", text, text.utf8.count)
            }
        }
        // json_repair and the "json" stream wrap the value in {"value":...}: one level less;
        // a preference is kept inside two (the file's envelope and the preferences object).
        let wraps = function == "json_repair" || function == "stream"
        let limit = Int(STORYKIT_MAX_JSON_DEPTH) - (wraps ? 1 : 0) - (function == "store_put" ? 2 : 0)
        #expect(call(limit) != STORYKIT_E_LIMIT, "\(function) at depth \(limit): \(lastError())")
        #expect(call(limit + 1) == STORYKIT_E_LIMIT, "\(function) at depth \(limit + 1): \(lastError())")
    }

    /// A fuzzing finding: a value nested to the depth limit came back wrapped one level deeper
    /// than the limit, so the answer could not be parsed again.
    @Test func repairedValueAtTheEdgeParsesAgain() throws {
        let depth = Int(STORYKIT_MAX_JSON_DEPTH) - 1
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var output: UnsafeMutablePointer<CChar>?
        #expect(storykit_json_repair(&output, text, text.utf8.count) == STORYKIT_OK)
        defer { storykit_string_free(output) }
        let answer = try #require(output)
        #expect(storykit_json_validate(answer, strlen(answer)) == STORYKIT_OK, "\(lastError())")
    }

    /// Every options_json, at exactly STORYKIT_MAX_OPTIONS_BYTES and one byte more.
    @Test(arguments: [
        "json_format", "parse_list", "parse_variations", "stream_create", "correct_offline", "store_open", "store_list"
    ])
    func optionsAtTheEdge(function: String) throws {
        let temporary = try TemporaryStore(in: "/open")
        defer { temporary.remove() }
        let (folder, store) = (temporary.folder, temporary.store)

        let call: (Int) -> storykit_status = { size in
            let options = "{" + String(repeating: " ", count: size - 2) + "}"
            switch function {
            case "json_format": return status { storykit_json_format($0, "[1]", 3, options) }
            case "parse_list": return status { storykit_parse_list($0, "1. a", 4, options) }
            case "parse_variations": return status { storykit_parse_variations($0, "1. a", 4, options) }
            case "stream_create":
                var stream: OpaquePointer?
                defer { storykit_stream_free(stream) }
                return storykit_stream_create(&stream, "list", options)
            case "correct_offline": return status { storykit_correct_offline($0, "teh", 3, options) }
            case "store_open":
                var other: OpaquePointer?
                defer { storykit_store_close(other) }
                return storykit_store_open(&other, folder + "/\(size)", options)
            default: return status { storykit_store_list(store, $0, "stories", options) }
            }
        }
        let limit = Int(STORYKIT_MAX_OPTIONS_BYTES)
        #expect(call(limit) == STORYKIT_OK, "\(function) with options at the limit: \(lastError())")
        #expect(call(limit + 1) == STORYKIT_E_LIMIT, "\(function) with options one byte over")
        #expect(lastError().contains("STORYKIT_MAX_OPTIONS_BYTES"))
    }

    /// Every name argument, at exactly STORYKIT_MAX_NAME_BYTES and one byte more (the names
    /// at the limit are refused for what they say, never for their length).
    @Test(arguments: ["store_open", "store_get", "store_put_image", "response_decode", "stream_create"])
    func namesAtTheEdge(function: String) throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        let store = temporary.store

        let call: (Int) -> storykit_status = { size in
            let name = String(repeating: "n", count: size)
            switch function {
            case "store_open":
                var other: OpaquePointer?
                defer { storykit_store_close(other) }
                return storykit_store_open(&other, name, #"{"create":false}"#)
            case "store_get": return status { storykit_store_get(store, $0, "stories", name) }
            case "store_put_image": return storykit_store_put_image(store, "i", name, [1], 1)
            case "response_decode": return status { storykit_response_decode($0, name, 200, "{}", 2) }
            default:
                var stream: OpaquePointer?
                defer { storykit_stream_free(stream) }
                return storykit_stream_create(&stream, name, nil)
            }
        }
        let limit = Int(STORYKIT_MAX_NAME_BYTES)
        let atLimit = call(limit)
        #expect(
            atLimit != STORYKIT_E_LIMIT && atLimit != STORYKIT_OK,
            "\(function) with a name at the limit: \(lastError())")
        #expect(call(limit + 1) == STORYKIT_E_LIMIT, "\(function) with a name one byte over")
        #expect(lastError().contains("STORYKIT_MAX_NAME_BYTES"))
    }

    @Test func correctionTextAtTheEdge() async {
        let limit = Int(STORYKIT_MAX_CORRECTION_BYTES)
        let words = String(repeating: "the cat sat on the mat ", count: limit / 23 + 1)
        let text = String(words.prefix(limit - 1)) + "."
        #expect(text.utf8.count == limit)
        // storykit_correct blocks its caller: on a thread of its own, not the cooperative pool.
        let (statuses, message) = await onOwnThread {
            let statuses = [
                status { storykit_correct_offline($0, text, limit, nil) },
                status { storykit_correct_offline($0, text + " ", limit + 1, nil) },
                status { storykit_correct($0, #"{"text":"\#(text)"}"#, nil, nil, nil) },
                status { storykit_correct($0, #"{"text":"\#(text) "}"#, nil, nil, nil) }
            ]
            return (statuses, lastError())
        }
        // Past one piece, the text is read piece by piece: no limit but the input's.
        #expect(statuses == [STORYKIT_OK, STORYKIT_OK, STORYKIT_OK, STORYKIT_OK], "\(message)")
    }
}
