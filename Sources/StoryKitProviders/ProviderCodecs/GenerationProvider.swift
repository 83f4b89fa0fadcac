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
        // An event-stream body is read as a stream is, so this and a stream's finish agree.
        if self != .imagen, GenerationStream.looksLikeEventStream(response.body) == true,
            var stream = try? GenerationStream(provider: self, httpStatus: response.status, maxBytes: .max)
        {
            let result = response.body.withUnsafeBufferPointer { bytes in
                Result { () throws(StoryKitError) in
                    _ = try stream.feed(utf8: bytes)
                    return try stream.finish()
                }
            }
            switch result {
            case .success(let outcome): return outcome
            case .failure(let error):
                return .failure(GenerationError(.malformedResponse, httpStatus: response.status, detail: error.message))
            }
        }
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
