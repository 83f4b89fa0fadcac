import StoryKitCore
import Testing

/// The test target's `BlockingSocketTransport` on the loopback server's scenarios, so the
/// real-model suite's corrections rest on a transport that is itself tested.
@Suite struct BlockingSocketTransportTests {
    let server = LoopbackServer.shared

    func generator(_ scenario: String, test: String, timeout: Duration = .seconds(10)) throws -> RemoteTextGenerator {
        try RemoteTextGenerator(
            provider: .openai, transport: BlockingSocketTransport(), apiKey: "test-key",
            baseURL: server.baseURL(scenario, test: test, provider: .openai), timeout: timeout,
            retrier: Retrier(policy: .none), environment: { _ in nil })
    }

    func request(_ generator: RemoteTextGenerator) -> TextGenerationRequest {
        TextGenerationRequest(model: generator.model, messages: [.init(role: .user, text: "Tell a story.")])
    }

    @Test func aWholeReplyAndItsHeadersArrive() async throws {
        let test = LoopbackServer.uniqueTest("blocking-whole")
        let generator = try generator("ok", test: test)
        let result = try await generator.respond(to: request(generator))
        #expect(result.text.hasPrefix("Once upon a time"))
        #expect(result.usage?.totalTokens == 21)
        let recorded = try await server.requests(test)
        #expect(recorded.first?["headers"]?["authorization"] == .string("Bearer test-key"))
    }

    @Test func aStreamArrivesInPieces() async throws {
        let generator = try generator("ok", test: LoopbackServer.uniqueTest("blocking-stream"))
        let pieces = Collected<String>()
        let result = try await generator.stream(request(generator)) { pieces.append($0) }
        #expect(pieces.all.count >= 3)
        #expect(pieces.all.joined() == result.text)
    }

    @Test func aDroppedConnectionKeepsTheTextSoFar() async throws {
        let generator = try generator("drop", test: LoopbackServer.uniqueTest("blocking-drop"))
        let pieces = Collected<String>()
        let error = await #expect(throws: GenerationError.self) {
            try await generator.stream(request(generator)) { pieces.append($0) }
        }
        #expect(error?.kind == .transport)
        #expect(error?.partialText == pieces.all.joined())
    }

    @Test func cancellingTheTaskEndsTheWaitAsCancelled() async throws {
        let generator = try generator("slow", test: LoopbackServer.uniqueTest("blocking-cancel"))
        let task = Task { try await generator.respond(to: request(generator)) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let result = await task.result
        #expect(throws: GenerationError.self) { try result.get() }
        if case .failure(let error as GenerationError) = result { #expect(error.kind == .cancelled) }
    }

    @Test func aRefusedConnectionAndAnHTTPSURLAreTransportErrors() async throws {
        for baseURL in ["http://127.0.0.1:9/v1", "https://127.0.0.1:9/v1"] {
            let generator = try RemoteTextGenerator(
                provider: .openai, transport: BlockingSocketTransport(), apiKey: "k", baseURL: baseURL,
                retrier: Retrier(policy: .none), environment: { _ in nil })
            let error = await #expect(throws: GenerationError.self) {
                try await generator.respond(to: request(generator))
            }
            #expect(error?.kind == .transport)
        }
    }
}
