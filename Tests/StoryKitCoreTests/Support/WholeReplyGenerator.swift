import StoryKitCore

/// A test model that writes each reply whole: streaming hands the reply over in one piece.
protocol WholeReplyGenerator: TextGenerator {}

extension WholeReplyGenerator {
    func stream(_ request: TextGenerationRequest, onText: @Sendable (String) -> Void) async throws(GenerationError)
        -> GenerationResult
    {
        let result = try await respond(to: request)
        onText(result.text)
        return result
    }
}
