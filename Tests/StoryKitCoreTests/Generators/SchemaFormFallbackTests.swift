import StoryKitCore
import Synchronization
import Testing

/// The `json_object` fallback of an OpenAI-compatible server: when it is taken, that it is
/// remembered, and that it never bypasses the retrier.
@Suite struct SchemaFormFallbackTests {
    /// Answers each request with the next scripted response and records the `response_format`
    /// type each request asked for.
    final class ScriptedTransport: HTTPTransport {
        private let state: Mutex<(answers: [HTTPResponse], forms: [String])>
        init(_ answers: [HTTPResponse]) { state = Mutex((answers, [])) }
        var forms: [String] { state.withLock { $0.forms } }

        func send(_ request: HTTPRequest, timeout: Duration) async throws(GenerationError) -> HTTPResponse {
            let body = try? JSONValue(parsingUTF8: request.body)
            return state.withLock { state in
                state.forms.append(body?["response_format"]?["type"]?.stringValue ?? "none")
                return state.answers.count > 1 ? state.answers.removeFirst() : state.answers[0]
            }
        }

        func stream(_ request: HTTPRequest, timeout: Duration) async throws(GenerationError) -> HTTPStreamingResponse {
            throw GenerationError(.transport, detail: "not used")
        }
    }

    static let ok = HTTPResponse(
        status: 200, body: Array(#"{"choices":[{"index":0,"message":{"content":"{}"},"finish_reason":"stop"}]}"#.utf8))
    static func error(_ status: Int, _ message: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: headers, body: Array(#"{"error":{"message":"\#(message)","type":"x"}}"#.utf8))
    }

    /// A generator for a server of its own (`port`): the accepted form is remembered per
    /// server for the process, and the tests run side by side.
    func generator(_ transport: ScriptedTransport, port: Int, clock: RetrierTests.ManualClock = .init()) throws
        -> RemoteTextGenerator
    {
        try RemoteTextGenerator(
            provider: .openai, model: "local", transport: transport, baseURL: "http://127.0.0.1:\(port)/v1",
            retrier: Retrier(policy: RetryPolicy(maxAttempts: 3), clock: clock, random: { 0.5 }),
            environment: { _ in nil })
    }

    var request: TextGenerationRequest {
        var request = TextGenerationRequest(model: "local", messages: [.init(role: .user, text: "hi")])
        request.responseSchema = ["type": "object"]
        return request
    }

    @Test func aRefusedSchemaFormIsRememberedSoLaterCallsSendOneRequest() async throws {
        let transport = ScriptedTransport([Self.error(500, "Unsupported response_format type: json_schema"), Self.ok])
        let generator = try generator(transport, port: 9001)
        _ = try await generator.respond(to: request)
        _ = try await generator.respond(to: request)
        // A generator made anew for the same server and model (as each C call makes one)
        // sends the accepted form first; another server is asked in OpenAI's form.
        _ = try await self.generator(transport, port: 9001).respond(to: request)
        _ = try await self.generator(transport, port: 9002).respond(to: request)
        #expect(transport.forms == ["json_schema", "json_object", "json_object", "json_object", "json_schema"])
    }

    @Test func aRateLimitNamingResponseFormatWaitsForTheRetrierAndKeepsTheForm() async throws {
        let clock = RetrierTests.ManualClock()
        let limited = Self.error(429, "too many requests with response_format", headers: ["Retry-After": "2"])
        let transport = ScriptedTransport([limited, limited, Self.ok])
        _ = try await generator(transport, port: 9003, clock: clock).respond(to: request)
        #expect(transport.forms == ["json_schema", "json_schema", "json_schema"])
        #expect(clock.sleeps == [.seconds(2), .seconds(2)])
    }

    @Test func anUnavailableServerIsNotAskedTwicePerAttempt() async throws {
        let transport = ScriptedTransport([Self.error(503, "response_format busy")])
        await #expect(throws: GenerationError.self) { try await generator(transport, port: 9004).respond(to: request) }
        #expect(transport.forms.count == 3)
    }
}
