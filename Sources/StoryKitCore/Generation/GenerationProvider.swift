/// The services StoryKit has codecs for.
public enum GenerationProvider: String, Sendable, Hashable, CaseIterable {
    /// Google's Gemini `generateContent` API.
    case gemini
    /// Google's Imagen `predict` API.
    case imagen
    /// `/v1/chat/completions` as OpenAI, Ollama, llama.cpp's server and vLLM serve it.
    case openai
}

extension GenerationProvider {
    /// Decodes a whole response from this provider: its result, or the error the status, the
    /// body or the reply's content amounts to.
    public func decode(_ response: HTTPResponse) -> Result<GenerationResult, GenerationError> {
        do {
            switch self {
            case .gemini: return .success(try GeminiCodec.decode(response))
            case .imagen: return .success(try ImagenCodec.decode(response))
            case .openai: return .success(try OpenAICodec.decode(response))
            }
        } catch {
            return .failure(error)
        }
    }
}
