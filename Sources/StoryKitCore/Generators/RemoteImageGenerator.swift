/// An ``ImageGenerator`` over any ``HTTPTransport``, retrying retryable failures under a
/// ``Retrier``: a Gemini image model through `generateContent` (the default,
/// ``ModelDefaults/image``), or, for a model named `imagen-…`, Imagen's `predict`, kept for
/// compatibility only: Google shut the Imagen models down (the last on 2026-08-17), so such a
/// name is refused before any request with the replacement to use. The key is `apiKey` when
/// given, else `GEMINI_API_KEY`, which goes only to Google's own host over HTTPS.
///
///     let images = try RemoteImageGenerator(transport: URLSessionTransport())
///     let result = try await images.generate(ImageGenerationRequest(model: images.model, prompt: prompt.prompt))
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
    private let apiKey: String?

    /// The model used when none is given: ``ModelDefaults/image``.
    public static let defaultModel = ModelDefaults.image
    /// The time limit of an attempt when none is given: pictures take longer than text.
    public static let defaultTimeout: Duration = .seconds(120)

    /// Creates a generator.
    ///
    /// `apiKey` wins over `GEMINI_API_KEY`, which is read only for Google's own host.
    ///
    /// - Throws: `.invalidAPIKey` when Google's own API is asked and neither `apiKey` nor
    ///   `GEMINI_API_KEY` gives a key;
    ///   `.invalidRequest` for a bad base URL, or a model its provider has shut down (the
    ///   message names the replacement).
    public init(
        model: String = defaultModel, transport: any HTTPTransport, apiKey: String? = nil,
        baseURL: String = GeminiCodec.defaultBaseURL, timeout: Duration = defaultTimeout,
        retrier: Retrier = Retrier(), environment: @Sendable (String) -> String? = APIKey.processEnvironment
    ) throws(GenerationError) {
        self.baseURL = try Endpoint.checkedBaseURL(baseURL)
        do {
            try ModelDefaults.checkNotRetired(model, provider: Self.usesImagen(model) ? .imagen : .gemini)
        } catch {
            throw GenerationError(.invalidRequest, detail: error.message)
        }
        self.apiKey = try APIKey.resolve(
            for: .imagen, configured: apiKey, baseURL: self.baseURL,
            required: APIKey.isProvidersOwnHost(self.baseURL, provider: .imagen),
            environment: environment)
        self.model = model
        self.transport = transport
        self.timeout = timeout
        self.retrier = retrier
    }

    /// Whether `model` is one of the Imagen models, served by `predict`.
    static func usesImagen(_ model: String) -> Bool {
        model.hasPrefix("imagen-")
    }

    /// The images for `request`. A Gemini image model draws one picture a request, so
    /// `sampleCount` pictures take that many requests, one after another.
    public func generate(_ request: ImageGenerationRequest) async throws(GenerationError) -> GenerationResult {
        do throws(GenerationError) {
            if Self.usesImagen(request.model) {
                let http = try Self.httpRequest { () throws(StoryKitError) in
                    try ImagenCodec.request(request, apiKey: apiKey, baseURL: baseURL)
                }
                return try await retrier.run { _ throws(GenerationError) in
                    try ImagenCodec.decode(try await transport.send(http, timeout: timeout))
                }
            }
            let http = try Self.httpRequest { () throws(StoryKitError) in
                try GeminiCodec.imageRequest(request, apiKey: apiKey, baseURL: baseURL)
            }
            let count = request.sampleCount ?? 1
            guard (1...ImageGenerationRequest.maxSampleCount).contains(count) else {
                throw GenerationError(
                    .invalidRequest,
                    detail: "sampleCount must be 1 to \(ImageGenerationRequest.maxSampleCount), not \(count)")
            }
            var combined = GenerationResult()
            for _ in 0..<count {
                let result = try await retrier.run { _ throws(GenerationError) in
                    try GeminiCodec.decodeImage(try await transport.send(http, timeout: timeout))
                }
                combined.images += result.images
                combined.modelVersion = result.modelVersion ?? combined.modelVersion
                if combined.candidates.isEmpty { combined.candidates = result.candidates }
            }
            return combined
        } catch {
            throw error.redacting(apiKey.map { [$0] } ?? [])
        }
    }

    private static func httpRequest(_ build: () throws(StoryKitError) -> HTTPRequest) throws(GenerationError)
        -> HTTPRequest
    {
        do {
            return try build()
        } catch {
            throw GenerationError(.invalidRequest, detail: error.message)
        }
    }
}
