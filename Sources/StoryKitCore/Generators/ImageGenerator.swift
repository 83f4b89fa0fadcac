/// Makes images for a prompt: Imagen (``RemoteImageGenerator``) or anything a host brings.
public protocol ImageGenerator: Sendable {
    /// The model requests are made for when the caller names none.
    var model: String { get }

    /// The images for `request`, in order; filtered ones are reported as such.
    func generate(_ request: ImageGenerationRequest) async throws(GenerationError) -> GenerationResult
}
