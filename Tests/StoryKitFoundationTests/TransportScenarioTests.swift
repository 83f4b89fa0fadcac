import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import StoryKitCore
import StoryKitFoundation
import Testing

/// Every scenario of the loopback server through `URLSessionTransport` and the generators.
@Suite struct TransportScenarioTests {
    let server = LoopbackServer.shared
    let noKeys: @Sendable (String) -> String? = { _ in nil }

    func generator(
        _ provider: GenerationProvider, _ scenario: String, test: String, retrier: Retrier = Retrier(policy: .none),
        timeout: Duration = .seconds(10)
    ) throws -> RemoteTextGenerator {
        try RemoteTextGenerator(
            provider: provider, transport: URLSessionTransport(), apiKey: "test-key",
            baseURL: server.baseURL(scenario, test: test, provider: provider), timeout: timeout,
            retrier: retrier, environment: noKeys)
    }

    func request(_ generator: RemoteTextGenerator) -> TextGenerationRequest {
        TextGenerationRequest(model: generator.model, messages: [.init(role: .user, text: "Tell a story.")])
    }

    @Test(arguments: [GenerationProvider.gemini, .openai])
    func wholeReply(provider: GenerationProvider) async throws {
        let test = LoopbackServer.uniqueTest("whole")
        let gemini = try generator(provider, "ok", test: test)
        let result = try await gemini.respond(to: request(gemini))
        #expect(result.text.hasPrefix("Once upon a time"))
        #expect(result.usage?.totalTokens == 21)
        let recorded = try await server.requests(test)
        #expect(recorded.count == 1)
        let headers = recorded.first?["headers"]
        #expect(
            headers?[provider == .gemini ? "x-goog-api-key" : "authorization"]
                == .string(provider == .gemini ? "test-key" : "Bearer test-key"))
    }

    @Test(arguments: [GenerationProvider.gemini, .openai])
    func streamedReplyArrivesInPieces(provider: GenerationProvider) async throws {
        let streaming = try generator(provider, "ok", test: LoopbackServer.uniqueTest("stream"))
        let pieces = Collected<String>()
        let result = try await streaming.stream(request(streaming)) { pieces.append($0) }
        #expect(pieces.all.count >= 3)
        #expect(pieces.all.joined() == result.text)
        #expect(result.text.hasPrefix("Once upon a time"))
    }

    @Test func rateLimitWaitsForRetryAfter() async throws {
        let clock = RecordingClock()
        let test = LoopbackServer.uniqueTest("ratelimit")
        let retrying = try generator(
            .gemini, "ratelimit-once", test: test,
            retrier: Retrier(policy: RetryPolicy(maxAttempts: 3), clock: clock, random: { 0.25 }))
        let result = try await retrying.respond(to: request(retrying))
        #expect(result.text.hasPrefix("Once upon a time"))
        // Backoff would be 0.25 × 0.5 s; the service asked for 1 s.
        #expect(clock.sleeps == [.seconds(1)])
        #expect(try await server.requests(test).count == 2)
    }

    @Test(arguments: [GenerationProvider.gemini, .openai])
    func unavailableThenSuccessIsRetriedWithJitter(provider: GenerationProvider) async throws {
        let clock = RecordingClock()
        let test = LoopbackServer.uniqueTest("unavailable")
        let retrying = try generator(
            provider, "unavailable-once", test: test,
            retrier: Retrier(
                policy: RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(400)), clock: clock, random: { 0.5 }))
        let pieces = Collected<String>()
        let result = try await retrying.stream(request(retrying)) { pieces.append($0) }
        #expect(pieces.all.joined() == result.text)
        #expect(clock.sleeps == [.milliseconds(200)])
        #expect(try await server.requests(test).count == 2)
    }

    @Test func persistentFailureStopsAtTheAttemptCap() async throws {
        let clock = RecordingClock()
        let test = LoopbackServer.uniqueTest("always")
        let retrying = try generator(
            .gemini, "always-unavailable", test: test,
            retrier: Retrier(
                policy: RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(100)), clock: clock, random: { 0.5 }))
        let error = await #expect(throws: GenerationError.self) { try await retrying.respond(to: request(retrying)) }
        #expect(error?.kind == .unavailable)
        #expect(error?.httpStatus == 503)
        #expect(clock.sleeps == [.milliseconds(50), .milliseconds(100)])
        #expect(try await server.requests(test).count == 3)
    }

    /// A redirect is never followed (as the Python transport refuses them): the call fails
    /// naming the status and the host, and nothing reaches the target.
    @Test func aRedirectIsNotFollowed() async throws {
        let test = LoopbackServer.uniqueTest("redirect")
        let generator = try generator(.gemini, "redirect", test: test)
        let error = await #expect(throws: GenerationError.self) { try await generator.respond(to: request(generator)) }
        #expect(error?.kind == .transport)
        #expect(error?.detail?.contains("HTTP 307") == true && error?.detail?.contains("127.0.0.1") == true)
        #expect(try await server.requests(test).count == 1)
        #expect(try await server.requests(test + "-followed").isEmpty)
    }

    @Test func notRetryableErrorIsNotRetried() async throws {
        let test = LoopbackServer.uniqueTest("forbidden")
        let retrying = try generator(
            .gemini, "forbidden", test: test,
            retrier: Retrier(policy: RetryPolicy(maxAttempts: 5), clock: RecordingClock()))
        let error = await #expect(throws: GenerationError.self) { try await retrying.respond(to: request(retrying)) }
        #expect(error?.kind == .permissionDenied)
        #expect(try await server.requests(test).count == 1)
    }

    @Test(arguments: [GenerationProvider.gemini, .openai])
    func droppedConnectionKeepsTheTextSoFar(provider: GenerationProvider) async throws {
        let test = LoopbackServer.uniqueTest("drop")
        let streaming = try generator(
            provider, "drop", test: test, retrier: Retrier(policy: RetryPolicy(maxAttempts: 3), clock: RecordingClock())
        )
        let pieces = Collected<String>()
        let error = await #expect(throws: GenerationError.self) {
            try await streaming.stream(request(streaming)) { pieces.append($0) }
        }
        #expect(error?.kind == .transport)
        #expect(error?.partialText == pieces.all.joined())
        #expect(pieces.all.joined().hasPrefix("Once upon a time"))
        // Text was already shown, so the stream is not started over.
        #expect(try await server.requests(test).count == 1)
    }

    // The slow and stalling scenarios answer after 5 s: a time-out or cancellation error, not an
    // answer, shows the request ended first. No wall-clock bound: on a loaded machine it fails.
    @Test func slowAnswerHitsTheTimeout() async throws {
        let slow = try generator(.gemini, "slow", test: LoopbackServer.uniqueTest("slow"), timeout: .milliseconds(1500))
        let error = await #expect(throws: GenerationError.self) { try await slow.respond(to: request(slow)) }
        #expect(error?.kind == .timeout)
    }

    @Test func stalledStreamHitsTheTimeout() async throws {
        // 3 s: on a loaded machine the first chunk may take more than 1.5 s to arrive, and
        // the time-out must still end the 5 s of silence after it.
        let stalled = try generator(
            .openai, "stall", test: LoopbackServer.uniqueTest("stall"), timeout: .milliseconds(3000))
        let error = await #expect(throws: GenerationError.self) { try await stalled.stream(request(stalled)) { _ in } }
        #expect(error?.kind == .timeout)
        #expect(error?.partialText?.isEmpty == false)
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        let slow = try generator(.gemini, "slow", test: LoopbackServer.uniqueTest("cancel"))
        let task = Task { try await slow.respond(to: request(slow)) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let result = await task.result
        #expect(throws: GenerationError.self) { try result.get() }
        if case .failure(let error as GenerationError) = result { #expect(error.kind == .cancelled) }
    }

    @Test func connectionRefusedIsATransportError() async throws {
        let nobody = try RemoteTextGenerator(
            provider: .openai, transport: URLSessionTransport(), baseURL: "http://127.0.0.1:9/v1",
            retrier: Retrier(policy: .none), environment: noKeys)
        let error = await #expect(throws: GenerationError.self) { try await nobody.respond(to: request(nobody)) }
        #expect(error?.kind == .transport)
        #expect(error?.retryable == true)
    }
}
