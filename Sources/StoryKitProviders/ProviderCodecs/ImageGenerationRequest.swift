/// A request for images (Imagen `predict`).
///
///     var request = ImageGenerationRequest(model: "imagen-3.0-generate-002", prompt: prompt.prompt)
///     request.aspectRatio = "4:3"
public struct ImageGenerationRequest: Sendable, Hashable {
    /// The model name.
    public var model: String
    /// What to draw.
    public var prompt: String
    /// How many images, 1 to 8 (Imagen makes at most 4 for most models; the service says so).
    public var sampleCount: Int?
    /// `"1:1"`, `"3:4"`, `"4:3"`, `"9:16"`, `"16:9"`.
    public var aspectRatio: String?
    /// `"dont_allow"`, `"allow_adult"` or `"allow_all"`.
    public var personGeneration: String?
    /// What to leave out of the image (models that support it).
    public var negativePrompt: String?

    /// The largest `sampleCount` accepted.
    public static let maxSampleCount = 8

    /// Creates a request.
    public init(model: String, prompt: String) {
        self.model = model
        self.prompt = prompt
    }
}
