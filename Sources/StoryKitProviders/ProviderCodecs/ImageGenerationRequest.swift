/// A request for images: a Gemini image model's `generateContent` (or Imagen's `predict`).
///
///     var request = ImageGenerationRequest(model: ModelDefaults.image, prompt: prompt.prompt)
///     request.aspectRatio = "4:3"
///     request.referenceImages = [ReferenceImage(bytes: portrait, mimeType: .png)]
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

    /// Pictures the model draws from, such as the hero's portrait, sent before the prompt
    /// (Gemini's `inlineData` parts; Imagen's `predict` takes none).
    public var referenceImages: [ReferenceImage] = []

    /// The most reference images a request carries (Gemini image models take up to 14).
    public static let maxReferenceImages = 14

    /// The largest `sampleCount` accepted.
    public static let maxSampleCount = 8

    /// Creates a request.
    public init(model: String, prompt: String) {
        self.model = model
        self.prompt = prompt
    }
}
