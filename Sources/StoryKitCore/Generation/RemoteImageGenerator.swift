/// An ``ImageGenerator`` for Imagen's `predict` over any ``HTTPTransport``, retrying
/// retryable failures under a ``Retrier``. The key comes from `GEMINI_API_KEY` first, then
/// from `apiKey`.
///
///     let imagen = try RemoteImageGenerator(transport: URLSessionTransport())
///     let result = try await imagen.generate(ImageGenerationRequest(model: imagen.model, prompt: prompt.prompt))
public struct RemoteImageGenerator: ImageGenerator {
    public let model: String
    /// The API root requests go to.
    public let baseURL: String
    /// Sends the requests.
    public let transport: any HTTPTransport
    /// Bounds each attempt.
    public var timeout: Duration
    /// Decides when to try again.
    public var retrier: Retrier
    private let apiKey: String

    /// The model used when none is given.
    public static let defaultModel = "imagen-3.0-generate-002"

    /// Creates a generator.
    ///
    /// - Throws: `.invalidAPIKey` when neither `GEMINI_API_KEY` nor `apiKey` holds a key;
    ///   `.invalidRequest` for a bad base URL.
    public init(
        model: String = defaultModel, transport: any HTTPTransport, apiKey: String? = nil,
        baseURL: String = ImagenCodec.defaultBaseURL, timeout: Duration = .seconds(120),
        retrier: Retrier = Retrier(), environment: @Sendable (String) -> String? = APIKey.processEnvironment
    ) throws(GenerationError) {
        self.baseURL = try Endpoint.checkedBaseURL(baseURL)
        self.apiKey = try APIKey.resolve(for: .imagen, configured: apiKey, required: true, environment: environment) ?? ""
        self.model = model
        self.transport = transport
        self.timeout = timeout
        self.retrier = retrier
    }

    public func generate(_ request: ImageGenerationRequest) async throws(GenerationError) -> GenerationResult {
        let http: HTTPRequest
        do {
            http = try ImagenCodec.request(request, apiKey: apiKey, baseURL: baseURL)
        } catch {
            throw GenerationError(.invalidRequest, detail: error.message)
        }
        do {
            return try await retrier.run { _ throws(GenerationError) in
                try ImagenCodec.decode(try await transport.send(http, timeout: timeout))
            }
        } catch {
            throw error.redacting([apiKey])
        }
    }
}
