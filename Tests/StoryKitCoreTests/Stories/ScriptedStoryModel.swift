import StoryKitCore
import Synchronization

/// A test model that answers each request with the next of its replies, streaming each in
/// pieces of a few characters, and records the prompts it was sent.
final class ScriptedStoryModel: TextGenerator {
    let model = "scripted"
    let acceptsResponseSchema: Bool
    private let replies: Mutex<[(text: String, finish: FinishReason)]>
    private let prompts = Mutex<[String]>([])

    init(_ replies: [String], finishReasons: [FinishReason] = [], structured: Bool = true) {
        self.replies = Mutex(
            replies.enumerated().map {
                ($0.element, $0.offset < finishReasons.count ? finishReasons[$0.offset] : .stop)
            })
        acceptsResponseSchema = structured
    }

    /// The user text of every request so far.
    var sent: [String] { prompts.withLock { $0 } }

    func respond(to request: TextGenerationRequest) async throws(GenerationError) -> GenerationResult {
        try await stream(request) { _ in }
    }

    func stream(_ request: TextGenerationRequest, onText: @Sendable (String) -> Void) async throws(GenerationError)
        -> GenerationResult
    {
        prompts.withLock { $0.append(request.messages.map(\.text).joined()) }
        guard let reply = replies.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else {
            throw GenerationError(.serverError, detail: "the script has no more replies")
        }
        var rest = Substring(reply.text)
        while !rest.isEmpty {
            onText(String(rest.prefix(7)))
            rest = rest.dropFirst(7)
        }
        return GenerationResult(candidates: [
            GenerationCandidate(index: 0, text: reply.text, finishReason: reply.finish)
        ])
    }
}
