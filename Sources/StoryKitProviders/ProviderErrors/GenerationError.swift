/// Everything that can go wrong when asking a model for text or images, the same for every
/// provider: what happened (`kind`), whether trying again may help (`retryable`), and a
/// sentence for the user (`message`). Credentials never appear in it: every text it holds
/// has passed through `SecretRedactor`.
///
///     do { _ = try GeminiCodec.decode(response) }
///     catch { if error.retryable { … } else { show(error.message) } }
public struct GenerationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The API key is missing, malformed, expired or revoked.
        case invalidAPIKey
        /// The API is not enabled for the key's project.
        case serviceDisabled
        /// The key may not use this model or resource (or its quota is used up).
        case permissionDenied
        /// No such model or resource.
        case notFound
        /// The service rejected the request itself.
        case invalidRequest
        /// The prompt and the reply asked for do not fit the model's context window.
        case inputTooLong
        /// The service is not offered where the request came from.
        case unsupportedLocation
        /// Too many requests; `retryAfter` says when to try again, when the service said.
        case rateLimited
        /// The service failed internally.
        case serverError
        /// The service is temporarily unavailable or overloaded.
        case unavailable
        /// The request took too long.
        case timeout
        /// The request was cancelled.
        case cancelled
        /// The service refused the prompt (`reason` and `detail` say why).
        case promptBlocked
        /// The reply stopped for a reason other than finishing or reaching the token limit.
        case stoppedEarly
        /// The reply held no text and no image.
        case emptyResponse
        /// The model reached its output limit before writing any text: a thinking model spent
        /// the budget on thinking. Allow more output tokens, or ask for less thinking.
        case outputLimit
        /// Every image was filtered out (`reason` lists the service's reasons).
        case contentFiltered
        /// The reply was not what the service documents: not JSON, an HTML page, the wrong shape.
        case malformedResponse
        /// The connection failed.
        case transport

        /// The sentence shown to a user for this kind.
        public var summary: String {
            switch self {
            case .invalidAPIKey: "The API key was not accepted. Check the key and try again."
            case .serviceDisabled: "The API is not enabled for this key's project. Enable it in the provider's console."
            case .permissionDenied: "This key is not allowed to use this model or resource."
            case .notFound: "The model or resource was not found. Check its name."
            case .invalidRequest: "The service rejected the request."
            case .inputTooLong: "The text is too long for this model. Shorten it, or use a model with a larger context."
            case .unsupportedLocation: "The service is not available in this region."
            case .rateLimited: "Too many requests right now. Wait a moment and try again."
            case .serverError: "The service had an internal error. Try again."
            case .unavailable: "The service is temporarily unavailable. Try again shortly."
            case .timeout: "The request took too long. Try again."
            case .cancelled: "The request was cancelled."
            case .promptBlocked: "The request was blocked by the service's safety rules. Try different wording."
            case .stoppedEarly: "The reply stopped before it was finished."
            case .emptyResponse: "The service sent an empty reply. Try again."
            case .outputLimit:
                "The model used its whole output allowance (thinking counts) before writing any text. Allow more output or ask for less thinking."
            case .contentFiltered:
                "Every image was filtered by the service's safety rules. Try a different description."
            case .malformedResponse: "The service sent a reply that could not be read."
            case .transport: "The connection to the service failed. Check the network and try again."
            }
        }
    }

    /// What went wrong.
    public var kind: Kind
    /// The HTTP status of the response, when there was one.
    public var httpStatus: Int?
    /// The service's own status or code, such as `"RESOURCE_EXHAUSTED"` or `"invalid_api_key"`.
    public var status: String?
    /// The block reason, finish reason or filter reasons, as the service named them.
    public var reason: String?
    /// The service's own message, redacted.
    public var detail: String?
    /// Seconds to wait before trying again, when the service said.
    public var retryAfter: Double?
    /// The text received before the error (a stream that failed part-way).
    public var partialText: String?

    /// Creates an error; `status`, `reason` and `detail` are redacted.
    public init(
        _ kind: Kind, httpStatus: Int? = nil, status: String? = nil, reason: String? = nil,
        detail: String? = nil, retryAfter: Double? = nil, partialText: String? = nil
    ) {
        self.kind = kind
        self.httpStatus = httpStatus
        self.status = status.map(SecretRedactor.redact)
        self.reason = reason.map(SecretRedactor.redact)
        self.detail = detail.map(SecretRedactor.redact)
        self.retryAfter = retryAfter
        self.partialText = partialText
    }

    /// Whether the same request may succeed later. A reply that could not be read is
    /// retryable when its HTTP status says the service was overloaded or failing.
    public var retryable: Bool {
        switch kind {
        case .rateLimited, .serverError, .unavailable, .timeout, .emptyResponse, .transport:
            true
        case .malformedResponse:
            httpStatus.map { $0 == 408 || $0 == 429 || $0 >= 500 } ?? false
        case .invalidAPIKey, .serviceDisabled, .permissionDenied, .notFound, .invalidRequest, .inputTooLong,
            .unsupportedLocation, .cancelled, .promptBlocked, .stoppedEarly, .contentFiltered, .outputLimit:
            false
        }
    }

    /// One paragraph for the user: the kind's sentence, then what the service said.
    public var message: String {
        var text = kind.summary
        if let reason, kind == .promptBlocked || kind == .stoppedEarly || kind == .contentFiltered {
            text += " Reason: \(reason)."
        }
        if let detail, !detail.isEmpty { text += " The service said: \(detail)" }
        if let retryAfter { text += " Retry after \(Self.seconds(retryAfter)) s." }
        return text
    }

    public var description: String {
        var parts = ["\(kind.rawValue)"]
        if let httpStatus { parts.append("HTTP \(httpStatus)") }
        if let status { parts.append(status) }
        return "\(parts.joined(separator: ", ")): \(message)"
    }

    /// The same failure as a `StoryKitError`: `.transport` for connection failures and for
    /// timeouts and cancellations on this side, `.api` for everything the service said.
    public var storyKitError: StoryKitError {
        switch kind {
        case .transport: StoryKitError(.transport, description)
        case .timeout where httpStatus == nil, .cancelled where httpStatus == nil:
            StoryKitError(.transport, description)
        default: StoryKitError(.api, description)
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e9 ? String(Int(value)) : String(value)
    }
}
