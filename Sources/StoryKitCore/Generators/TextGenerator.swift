/// Writes text for a prompt: a remote model (``RemoteTextGenerator``) or anything a host
/// brings, such as Apple's on-device Foundation Models.
///
///     let result = try await generator.respond(to: TextGenerationRequest(model: generator.model, prompt: prompt))
///     let streamed = try await generator.stream(request) { text in print(text, terminator: "") }
public protocol TextGenerator: Sendable {
    /// The model requests are made for when the caller names none.
    var model: String { get }
    /// Whether the backend follows a JSON response schema (structured output); services ask
    /// for the structured form of a prompt only when it does.
    var acceptsResponseSchema: Bool { get }

    /// The whole reply to `request`.
    func respond(to request: TextGenerationRequest) async throws(GenerationError) -> GenerationResult

    /// The reply to `request`, handing each piece of text to `onText` as it arrives; returns
    /// the same result ``respond(to:)`` would. A failure after some text keeps that text in
    /// ``GenerationError/partialText``.
    func stream(_ request: TextGenerationRequest, onText: @Sendable (String) -> Void) async throws(GenerationError)
        -> GenerationResult
}
