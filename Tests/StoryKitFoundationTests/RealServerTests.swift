import Foundation
import StoryKitCore
import StoryKitFoundation
import Testing

private let realServerBaseURL = ProcessInfo.processInfo.environment["STORYKIT_OPENAI_COMPATIBLE_URL"]
private let realServerModel = ProcessInfo.processInfo.environment["STORYKIT_OPENAI_COMPATIBLE_MODEL"] ?? "smollm2"

/// `URLSessionTransport`, `RemoteTextGenerator` and `CorrectionService` against a real
/// OpenAI-compatible server (llama.cpp's, serving SmolLM2-135M-Instruct), named by
/// `STORYKIT_OPENAI_COMPATIBLE_URL` (and `STORYKIT_OPENAI_COMPATIBLE_MODEL`).
/// `Tests/RealServer/test_llama_server.py` starts that server and runs this suite; a plain
/// `swift test` has no server, so the suite is disabled there. What the model writes varies:
/// the tests check what the wire carried, how it was read, and what every correction must be.
/// They run one at a time: the server answers one request at a time.
@Suite(
    .serialized,
    .enabled(if: realServerBaseURL != nil, "needs STORYKIT_OPENAI_COMPATIBLE_URL (Tests/RealServer starts a server)"))
struct RealServerTests {
    func generator(acceptsResponseSchema: Bool = true, transport: any HTTPTransport = URLSessionTransport()) throws
        -> RemoteTextGenerator
    {
        let baseURL: String = try #require(realServerBaseURL)
        return try RemoteTextGenerator(
            provider: .openai, model: realServerModel, transport: transport,
            baseURL: baseURL, timeout: .seconds(120),
            retrier: Retrier(policy: .none), acceptsResponseSchema: acceptsResponseSchema, environment: { _ in nil })
    }

    func request(_ text: String, maxOutputTokens: Int) -> TextGenerationRequest {
        var request = TextGenerationRequest(model: realServerModel, messages: [.init(role: .user, text: text)])
        request.maxOutputTokens = maxOutputTokens
        return request
    }

    @Test func aStreamArrivesInPiecesThatMakeTheWholeText() async throws {
        let pieces = Collected<String>()
        let result = try await generator().stream(request("Tell a story.", maxOutputTokens: 24)) { pieces.append($0) }
        #expect(pieces.all.count >= 2)
        #expect(pieces.all.joined() == result.text)
        #expect(result.candidates.first?.finishReason == .maxTokens || result.candidates.first?.finishReason == .stop)
    }

    @Test func aStructuredRequestGetsJSONOfTheSchemasShape() async throws {
        var structured = request("Correct: I wnat to go hmoe", maxOutputTokens: 300)
        structured.responseSchema = [
            "type": "object", "properties": ["direct": ["type": "string"], "refined": ["type": "string"]],
            "required": ["direct", "refined"], "additionalProperties": false
        ]
        let result = try await generator().respond(to: structured)
        let reply = try JSONValue(parsing: result.text)
        #expect(reply.objectValue?.keys.sorted() == ["direct", "refined"])
    }

    @Test func aRequestOverTheContextIsInputTooLong() async throws {
        let tooLong = String(repeating: "word ", count: 8192)
        for streamed in [false, true] {
            let error = await #expect(throws: GenerationError.self) {
                if streamed {
                    _ = try await generator().stream(request(tooLong, maxOutputTokens: 16)) { _ in }
                } else {
                    _ = try await generator().respond(to: request(tooLong, maxOutputTokens: 16))
                }
            }
            #expect(error?.kind == .inputTooLong)
            #expect(error?.retryable == false)
            #expect(error?.httpStatus == 400)
            #expect(error?.detail?.contains("exceeds the available context size") == true)
        }
    }

    /// Twenty sentences of the tremor corpus's held-out half through the correction service,
    /// streamed in the numbered-list form: every answer is the model's, checked, or the
    /// offline corrector's, and a version the model changed the words of is never shown.
    /// These minutes of waiting go through `BlockingSocketTransport`: URLSession's polling
    /// would take a core from the server (the other tests here cover URLSession).
    @Test func tremorSentencesThroughTheServiceNeverShowAContentChange() async throws {
        let corpus = try JSONValue(
            parsing: String(
                contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                    .appendingPathComponent("../Fixtures/Correction/tremor-corpus.json"), encoding: .utf8))
        let cases = try #require(corpus["cases"]?.arrayValue)
        let service = CorrectionService(
            backends: [.remote, .offline],
            generators: [
                .remote: try generator(acceptsResponseSchema: false, transport: BlockingSocketTransport())
            ])
        var answered = 0
        for (index, sentence) in cases.enumerated() where index % 2 == 1 && index < 40 {
            let typed = try #require(sentence["typed"]?.stringValue)
            let snapshots = Collected<PartialVariationSet>()
            let outcome = try await service.correct(typed) { snapshots.append($0) }
            #expect(snapshots.all.last?.result == outcome.variations)
            if outcome.backend == .remote {
                answered += 1
                #expect(outcome.variations.variations.contains { $0.kind == .direct })
                let typedWords = Set(Self.words(typed))
                for version in outcome.variations.variations {
                    // Every word a typed one or a slip's reading of one: the check's own rule,
                    // asserted here on what reached the writer.
                    #expect(!version.text.isEmpty && !version.text.contains("<") && !version.text.contains("http"))
                    for word in Self.words(version.text) where !typedWords.contains(word) {
                        #expect(
                            version.kind != .direct || typedWords.contains { Self.isSlipReading(word, of: $0) }
                                || Self.isJoinOrSplit(word, typed: Self.words(typed)),
                            "\(word) in \(version.text) for \(typed)")
                    }
                }
            } else {
                #expect(outcome.backend == .offline)
            }
        }
        print("RealServerTests: \(answered) of 20 answered by the model and checked")
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && $0 != "'" }.map(String.init)
    }

    static func isSlipReading(_ word: String, of typed: String) -> Bool {
        let a = Array(word), b = Array(typed)
        guard !a.isEmpty, !b.isEmpty, abs(a.count - b.count) <= 2 else { return false }
        // Edit distance with a swap of two neighbouring letters as one slip (`lal` for `all`).
        var beforePrevious: [Int] = [], previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count] <= (max(a.count, b.count) <= 3 ? 1 : 2)
    }

    static func isJoinOrSplit(_ word: String, typed: [String]) -> Bool {
        zip(typed, typed.dropFirst()).contains { $0 + $1 == word }
            || typed.contains { $0.contains(word) && word.count >= 3 }
    }

    @Test func cancellingAStreamEndsItAsCancelledWithTheTextSoFar() async throws {
        let generator = try generator()
        let firstPiece = AsyncStream<Void>.makeStream()
        let task = Task {
            try await generator.stream(request("Tell a long story.", maxOutputTokens: 400)) { _ in
                firstPiece.continuation.yield()
            }
        }
        var pieces = firstPiece.stream.makeAsyncIterator()
        _ = await pieces.next()
        task.cancel()
        let error = await #expect(throws: GenerationError.self) { try await task.value }
        #expect(error?.kind == .cancelled)
        #expect(error?.partialText?.isEmpty == false)
        // The server is still there for the next request.
        let after = try await generator.respond(to: request("Again.", maxOutputTokens: 8))
        #expect(!after.text.isEmpty)
    }
}
