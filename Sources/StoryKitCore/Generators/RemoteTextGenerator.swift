/// A ``TextGenerator`` for Gemini or an OpenAI-compatible server (OpenAI, Ollama, llama.cpp,
/// vLLM) over any ``HTTPTransport``, retrying retryable failures under a ``Retrier``.
///
/// The key is `apiKey` when one is given, else the environment's (`GEMINI_API_KEY`,
/// `OPENAI_API_KEY`), which goes only to the provider's own host over HTTPS; Google's and
/// OpenAI's own APIs need one, another server (a `baseURL` elsewhere: a local
/// OpenAI-compatible server, a Gemini-compatible proxy) does not.
///
///     let gemini = try RemoteTextGenerator(provider: .gemini, transport: URLSessionTransport())
///     let reply = try await gemini.respond(to: TextGenerationRequest(model: gemini.model, prompt: prompt))
public struct RemoteTextGenerator: TextGenerator {
    /// `.gemini` or `.openai`.
    public let provider: GenerationProvider
    public let model: String
    /// The API root requests go to.
    public let baseURL: String
    /// Sends the requests.
    public let transport: any HTTPTransport
    /// Bounds each attempt (streaming: the wait for the head and between chunks).
    public var timeout: Duration
    /// Decides when to try again.
    public var retrier: Retrier
    public let acceptsResponseSchema: Bool
    private let apiKey: String?
    /// The `response_format` form this server accepts, once it refused OpenAI's schema form:
    /// shared by copies of the generator, so later calls send the accepted form first.

    /// The time limit of an attempt when none is given.
    public static let defaultTimeout: Duration = .seconds(60)

    /// The model used when none is given (``ModelDefaults/text(for:)``); OpenAI-compatible
    /// servers name their models themselves, so the OpenAI default is only for OpenAI.
    public static func defaultModel(for provider: GenerationProvider) -> String {
        ModelDefaults.text(for: provider)
    }

    /// Creates a generator.
    ///
    /// - Parameters:
    ///   - provider: the provider's wire format.
    ///   - model: the model; `defaultModel(for:)` when `nil`.
    ///   - transport: what carries the HTTP exchanges.
    ///   - apiKey: the key from the app's configuration; it wins over the environment's.
    ///   - baseURL: the server, for an OpenAI-compatible one; the provider's own when `nil`.
    ///   - timeout: the time limit of each attempt.
    ///   - retrier: when and how often a failed attempt is repeated.
    ///   - acceptsResponseSchema: whether the server follows a JSON schema; set it to `false`
    ///     for a local server that does not, and services ask for numbered lists instead.
    ///   - environment: where a key is looked up when `apiKey` is `nil`, for the provider's
    ///     own host only; the process environment by default.
    /// - Throws: `.invalidAPIKey` when a key is needed and neither place has one;
    ///   `.invalidRequest` for Imagen (use ``RemoteImageGenerator``) or a bad base URL.
    public init(
        provider: GenerationProvider, model: String? = nil, transport: any HTTPTransport,
        apiKey: String? = nil, baseURL: String? = nil, timeout: Duration = defaultTimeout,
        retrier: Retrier = Retrier(), acceptsResponseSchema: Bool = true,
        environment: @Sendable (String) -> String? = APIKey.processEnvironment
    ) throws(GenerationError) {
        guard provider != .imagen else {
            throw GenerationError(.invalidRequest, detail: "Imagen makes images; use RemoteImageGenerator")
        }
        let base = baseURL ?? (provider == .gemini ? GeminiCodec.defaultBaseURL : OpenAICodec.defaultBaseURL)
        let normalized = try Endpoint.checkedBaseURL(base)
        let needsKey = APIKey.isProvidersOwnHost(normalized, provider: provider)
        self.apiKey = try APIKey.resolve(
            for: provider, configured: apiKey, baseURL: normalized, required: needsKey,
            environment: environment)
        self.provider = provider
        self.model = model ?? Self.defaultModel(for: provider)
        self.baseURL = normalized
        self.transport = transport
        self.timeout = timeout
        self.retrier = retrier
        self.acceptsResponseSchema = acceptsResponseSchema
    }

    public func respond(to request: TextGenerationRequest) async throws(GenerationError) -> GenerationResult {
        do {
            return try await retrier.run { _ throws(GenerationError) in
                try await withSchemaFormFallback(request) { form throws(GenerationError) in
                    let http = try httpRequest(request, stream: false, schemaForm: form)
                    return try provider.decode(try await transport.send(http, timeout: timeout)).get()
                }
            }
        } catch {
            // A server may echo the key back in any form; patterns cannot catch every key.
            throw error.redacting(apiKey.map { [$0] } ?? [])
        }
    }

    public func stream(_ request: TextGenerationRequest, onText: @Sendable (String) -> Void)
        async throws(GenerationError) -> GenerationResult
    {
        do {
            return try await streamUnredacted(request, onText: onText)
        } catch {
            throw error.redacting(apiKey.map { [$0] } ?? [])
        }
    }

    private func streamUnredacted(_ request: TextGenerationRequest, onText: @Sendable (String) -> Void)
        async throws(GenerationError) -> GenerationResult
    {
        var delivered = ""
        // Text already handed out cannot be taken back, so a stream that delivered any is
        // not started over.
        return try await retrier.run(shouldRetry: { _ in delivered.isEmpty }) { _ throws(GenerationError) in
            try await withSchemaFormFallback(request) { form throws(GenerationError) in
                try await streamOnce(
                    try httpRequest(request, stream: true, schemaForm: form), delivered: &delivered, onText: onText)
            }
        }
    }

    /// One streamed attempt: each delta of the first candidate is added to `delivered` and
    /// handed to `onText` as it arrives.
    private func streamOnce(
        _ http: HTTPRequest, delivered: inout String, onText: @Sendable (String) -> Void
    ) async throws(GenerationError) -> GenerationResult {
        let response = try await transport.stream(http, timeout: timeout)
        var decoder: GenerationStream
        do {
            decoder = try GenerationStream(provider: provider, httpStatus: response.status)
        } catch {
            throw GenerationError(.invalidRequest, detail: "\(error)")
        }
        func deliver(_ events: [StreamEvent]) {
            for case .delta(index: 0, let text) in events {
                delivered += text
                onText(text)
            }
        }
        let outcome: Result<GenerationResult, GenerationError>
        do {
            for try await chunk in response.body {
                deliver(
                    try chunk.withUnsafeBufferPointer { (bytes) throws(StoryKitError) in try decoder.feed(utf8: bytes) }
                )
            }
            var lastEvents: [StreamEvent] = []
            outcome = try decoder.finish { lastEvents.append($0) }
            deliver(lastEvents)
        } catch let error as GenerationError {
            throw error.keeping(partialText: delivered)
        } catch let error as StoryKitError {
            throw GenerationError(
                .malformedResponse, httpStatus: response.status, detail: error.message,
                partialText: delivered.isEmpty ? nil : delivered)
        } catch {
            throw GenerationError(.transport, detail: "\(error)", partialText: delivered.isEmpty ? nil : delivered)
        }
        switch outcome {
        case .success(let result): return result
        case .failure(var error):
            if error.retryAfter == nil { error.retryAfter = response.head().retryAfterSeconds }
            throw error
        }
    }

    /// Runs `send` with the schema form this server and model accept (OpenAI's until it refused
    /// it; remembered for the process, ``AcceptedSchemaForms``),
    /// and once more with the `json_object` form when a server other than OpenAI's refused the
    /// first with a 400-class answer naming `response_format` (before any text), or a 500 naming
    /// it, which is how llama-cpp-python's server, reading only the second form, refuses. The
    /// refusal is remembered, so each later attempt sends one request; any other failure (a
    /// 429, a 401, a 503) goes back to the retrier and its delays.
    private func withSchemaFormFallback<Value>(
        _ request: TextGenerationRequest, _ send: (OpenAICodec.SchemaForm) async throws(GenerationError) -> Value
    ) async throws(GenerationError) -> Value {
        let form = AcceptedSchemaForms.form(baseURL: baseURL, model: request.model)
        do {
            return try await send(form)
        } catch {
            guard form == .jsonSchema, provider == .openai, request.responseSchema != nil,
                !OpenAICodec.isOpenAI(baseURL),
                error.partialText == nil, let status = error.httpStatus,
                (400..<500).contains(status) && ![401, 403, 408, 429].contains(status) || status == 500,
                (error.detail ?? "").contains("response_format")
            else { throw error }
            AcceptedSchemaForms.remember(.jsonObject, baseURL: baseURL, model: request.model)
            return try await send(.jsonObject)
        }
    }

    private func httpRequest(
        _ request: TextGenerationRequest, stream: Bool, schemaForm: OpenAICodec.SchemaForm
    ) throws(GenerationError) -> HTTPRequest {
        do {
            switch provider {
            case .openai:
                return try OpenAICodec.request(
                    request, apiKey: apiKey, baseURL: baseURL, stream: stream, schemaForm: schemaForm)
            default: return try GeminiCodec.request(request, apiKey: apiKey, baseURL: baseURL, stream: stream)
            }
        } catch {
            throw GenerationError(.invalidRequest, detail: error.message)
        }
    }
}

extension GenerationError {
    /// The error with `partialText` set to `text` when it had none and `text` is not empty.
    /// The error with every occurrence of `secrets` removed from its text.
    func redacting(_ secrets: [String]) -> GenerationError {
        guard !secrets.isEmpty else { return self }
        var copy = self
        copy.status = status.map { SecretRedactor.redact($0, secrets: secrets) }
        copy.reason = reason.map { SecretRedactor.redact($0, secrets: secrets) }
        copy.detail = detail.map { SecretRedactor.redact($0, secrets: secrets) }
        copy.partialText = partialText.map { SecretRedactor.redact($0, secrets: secrets) }
        return copy
    }

    func keeping(partialText text: String) -> GenerationError {
        guard partialText == nil, !text.isEmpty else { return self }
        var copy = self
        copy.partialText = text
        return copy
    }
}
