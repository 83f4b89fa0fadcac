import Foundation
import StoryKitCore
import StoryKitFoundation
import Testing

private let realServerBaseURL = ProcessInfo.processInfo.environment["STORYKIT_OPENAI_COMPATIBLE_URL"]

/// `URLSessionTransport` and `RemoteTextGenerator` against a real OpenAI-compatible server
/// (llama.cpp's, serving a tiny random model), named by `STORYKIT_OPENAI_COMPATIBLE_URL`.
/// `Tests/RealServer/test_llama_server.py` starts that server and runs this suite; a plain
/// `swift test` has no server, so the suite is disabled there. The model is random: the
/// tests check what the wire carried and how it was read, never what the model said. They run
/// one at a time: the server answers one request at a time and a new request interrupts a
/// stream in progress.
@Suite(
    .serialized,
    .enabled(if: realServerBaseURL != nil, "needs STORYKIT_OPENAI_COMPATIBLE_URL (Tests/RealServer starts a server)"))
struct RealServerTests {
    func generator() throws -> RemoteTextGenerator {
        let baseURL: String = try #require(realServerBaseURL)
        return try RemoteTextGenerator(
            provider: .openai, model: "tiny", transport: URLSessionTransport(),
            baseURL: baseURL, timeout: .seconds(60),
            retrier: Retrier(policy: .none), environment: { _ in nil })
    }

    func request(_ text: String, maxOutputTokens: Int) -> TextGenerationRequest {
        var request = TextGenerationRequest(model: "tiny", messages: [.init(role: .user, text: text)])
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
        let error = await #expect(throws: GenerationError.self) {
            _ = try await generator().respond(to: request(tooLong, maxOutputTokens: 16))
        }
        #expect(error?.kind == .inputTooLong)
        #expect(error?.retryable == false)
        #expect(error?.httpStatus == 400)
        #expect(error?.detail?.contains("maximum context length") == true)
    }

    @Test func aStreamOverTheContextFailsThoughTheServerSaysNothing() async throws {
        // This server checks the context only once the event stream has begun (status 200):
        // it then logs the error and closes an empty stream. That is a failure, not a reply.
        let tooLong = String(repeating: "word ", count: 8192)
        let error = await #expect(throws: GenerationError.self) {
            _ = try await generator().stream(request(tooLong, maxOutputTokens: 16)) { _ in }
        }
        #expect(error?.kind == .emptyResponse)
        #expect(error?.httpStatus == 200)
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
