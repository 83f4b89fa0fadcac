import Foundation
import StoryKitCore
import StoryKitFoundation
import Testing

/// The correction and illustration services end to end against the loopback server.
@Suite struct ServiceScenarioTests {
    let server = LoopbackServer.shared
    let noKeys: @Sendable (String) -> String? = { _ in nil }
    let expected = ["I want to go home.", "So I want to go home.", "I want to go to my home."]

    func generator(_ provider: GenerationProvider, _ scenario: String, test: String, schema: Bool = true) throws
        -> RemoteTextGenerator
    {
        try RemoteTextGenerator(
            provider: provider, transport: URLSessionTransport(), apiKey: "test-key",
            baseURL: server.baseURL(scenario, test: test, provider: provider),
            retrier: Retrier(policy: RetryPolicy(maxAttempts: 2), clock: RecordingClock()),
            acceptsResponseSchema: schema, environment: noKeys)
    }

    @Test(arguments: [(GenerationProvider.gemini, true), (.openai, true), (.openai, false)])
    func threeDistinctVariations(provider: GenerationProvider, schema: Bool) async throws {
        let test = LoopbackServer.uniqueTest("correct")
        let service = CorrectionService(
            backends: [.remote, .offline],
            generators: [.remote: try generator(provider, "ok", test: test, schema: schema)])
        let outcome = try await service.correct("I wnat to go hmoe")
        #expect(outcome.backend == .remote)
        #expect(outcome.variations.variations.map(\.text) == expected)
        #expect(outcome.variations.variations.map(\.kind) == [.direct, .refined, .alternative])
        #expect(outcome.variations.issues.isEmpty)
        #expect(!outcome.retried)
        let recorded = try await server.requests(test)
        #expect(recorded.count == 1)
        let body = recorded.first?["body"]
        let asksForSchema =
            provider == .gemini ? body?["generationConfig"]?["responseSchema"] != nil : body?["response_format"] != nil
        #expect(asksForSchema == schema)
        #expect(outcome.variations.source == (schema ? .json : .list))
    }

    @Test func badReplyIsReaskedOnce() async throws {
        let test = LoopbackServer.uniqueTest("reask")
        let service = CorrectionService(
            backends: [.remote], generators: [.remote: try generator(.gemini, "bad-reply-once", test: test)])
        let outcome = try await service.correct("I wnat to go hmoe")
        #expect(outcome.retried)
        #expect(outcome.attempts.map(\.problem) == [.count])
        #expect(outcome.variations.variations.map(\.text) == expected)
        let recorded = try await server.requests(test)
        #expect(recorded.count == 2)
        let secondPrompt = "\(recorded.last?["body"] ?? .null)"
        #expect(secondPrompt.contains("previous_reply"))
    }

    @Test func unreadableRepliesFallBackToTheNextBackend() async throws {
        let test = LoopbackServer.uniqueTest("garbage")
        let service = CorrectionService(
            backends: [.remote, .offline], generators: [.remote: try generator(.openai, "garbage", test: test)])
        let outcome = try await service.correct("I wnat to go hmoe")
        #expect(outcome.backend == .offline)
        #expect(outcome.attempts.map(\.problem) == [.unparseable, .unparseable])
        #expect(outcome.variations.variations.first?.text == "I want to go home")
        #expect(try await server.requests(test).count == 2)
    }

    @Test func unavailableBackendFallsBackAlongTheChain() async throws {
        let failing = LoopbackServer.uniqueTest("down")
        let working = LoopbackServer.uniqueTest("up")
        // Foundation Models answers 503 twice (two attempts), then the remote backend answers.
        let service = CorrectionService(
            backends: Capabilities(
                platform: Platform(
                    os: .iPadOS, version: OSVersion(26), sdk: OSVersion(26), appleIntelligence: .enabled),
                remoteConfigured: true
            ).correctionBackends,
            generators: [
                .foundationModels: try generator(.gemini, "always-unavailable", test: failing),
                .remote: try generator(.openai, "ok", test: working)
            ])
        #expect(service.backends == [.foundationModels, .remote, .offline])
        let outcome = try await service.correct("I wnat to go hmoe")
        #expect(outcome.backend == .remote)
        #expect(outcome.attempts.count == 1)
        #expect(outcome.attempts.first?.backend == .foundationModels)
        #expect(outcome.attempts.first?.error?.kind == .unavailable)
        #expect(try await server.requests(failing).count == 2)
    }

    @Test func missingGeneratorAndKeyGoStraightToOffline() async throws {
        #expect(throws: GenerationError.self) {
            try RemoteTextGenerator(provider: .gemini, transport: URLSessionTransport(), environment: noKeys)
        }
        let service = CorrectionService(backends: [.remote, .offline])
        let outcome = try await service.correct("I wnat to go hmoe")
        #expect(outcome.backend == .offline)
        #expect(outcome.attempts.first?.error?.kind == .unavailable)
        #expect(outcome.words?.isEmpty == false)
    }

    @Test func partialVariationsStreamAsTheyArrive() async throws {
        let service = CorrectionService(
            backends: [.remote],
            generators: [.remote: try generator(.gemini, "ok", test: LoopbackServer.uniqueTest("partial"))])
        let snapshots = Collected<PartialVariationSet>()
        let outcome = try await service.correct("I wnat to go hmoe") { snapshots.append($0) }
        let all = snapshots.all
        #expect(all.count >= 4)
        #expect(all.contains { snapshot in snapshot.variations.contains { $0.text != nil && !$0.isComplete } })
        #expect(all.last?.result == outcome.variations)
        #expect(all.last?.variations.map(\.text) == expected)
    }

    @Test func illustrationsAreSavedWithTheirExtension() async throws {
        let test = LoopbackServer.uniqueTest("images")
        // The process id and a UUID keep two test runs at once (plain and sanitized) apart.
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "storykit-illustrations-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)-\(test)"
            ).path
        defer { try? FileManager.default.removeItem(atPath: root) }
        // The default model: a Gemini image model through generateContent.
        let images = try RemoteImageGenerator(
            transport: URLSessionTransport(), apiKey: "test-key",
            baseURL: server.baseURL("ok", test: test, provider: .gemini), environment: noKeys)
        #expect(images.model == ModelDefaults.image)
        let store = try FileStore(root: root)
        let service = IllustrationService(generator: images, store: store, aspectRatio: "4:3")
        let hero = try HeroDescription(name: "Mia", traits: ["brave"], appearance: "red coat")
        let outcome = try await service.illustrate(
            hero: hero, pageText: "Mia finds a lantern.", pageIndex: 0, storyID: "s1", imageCount: 2)
        #expect(outcome.illustrations.map(\.fileName) == ["s1-page-1.png", "s1-page-1-2.png"])
        #expect(FileManager.default.fileExists(atPath: "\(root)/Illustrations/s1-page-1-2.png"))
        let saved = try await store.image(id: "s1-page-1")
        #expect(saved.mimeType == .png)
        #expect(saved.bytes.prefix(4) == [0x89, 0x50, 0x4E, 0x47])
        // One picture a request; the thought's draft picture is not saved.
        let requests = try await server.requests(test)
        #expect(requests.count == 2)
        #expect(
            requests.first?["path"]?.stringValue?.hasSuffix("/models/\(ModelDefaults.image):generateContent") == true)
        let body = requests.first?["body"]
        #expect(body?["generationConfig"]?["responseModalities"] == ["IMAGE"])
        #expect(body?["generationConfig"]?["imageConfig"]?["aspectRatio"] == "4:3")
    }

    @Test func configuredKeyWinsAndEnvironmentKeysStayWithTheirProvider() async throws {
        let environment: @Sendable (String) -> String? = { "environment-key-of-\($0)" }
        let test = LoopbackServer.uniqueTest("keys")
        let gemini = try RemoteTextGenerator(
            provider: .gemini, transport: URLSessionTransport(), apiKey: "configured-key",
            baseURL: server.baseURL("ok", test: test, provider: .gemini), environment: environment)
        _ = try await gemini.respond(
            to: TextGenerationRequest(model: gemini.model, messages: [.init(role: .user, text: "Hi")]))
        #expect(try await server.requests(test).first?["headers"]?["x-goog-api-key"] == "configured-key")
        // An OpenAI-compatible server on this machine gets no key from the environment.
        let local = LoopbackServer.uniqueTest("local-keys")
        let openai = try RemoteTextGenerator(
            provider: .openai, model: "local", transport: URLSessionTransport(),
            baseURL: server.baseURL("ok", test: local, provider: .openai), environment: environment)
        _ = try await openai.respond(
            to: TextGenerationRequest(model: "local", messages: [.init(role: .user, text: "Hi")]))
        let headers = try await server.requests(local).first?["headers"]
        #expect(headers != nil)
        #expect(headers?["authorization"] == nil && headers?["Authorization"] == nil)
        let error = #expect(throws: GenerationError.self) {
            try RemoteImageGenerator(transport: URLSessionTransport(), environment: noKeys)
        }
        #expect(error?.kind == .invalidAPIKey)
        #expect(error?.detail?.contains("GEMINI_API_KEY") == true)
        #expect(error?.detail?.contains("apiKey") == true)
    }
}
