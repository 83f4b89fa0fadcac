/// The error a service put in a response body, in any of the shapes the providers use:
/// - Google: `{"error":{"code":429,"message":"…","status":"RESOURCE_EXHAUSTED","details":[…]}}`,
///   with `ErrorInfo.reason` (`API_KEY_INVALID`, `SERVICE_DISABLED`) and `RetryInfo.retryDelay`;
/// - OpenAI and llama.cpp: `{"error":{"message":"…","type":"…","code":"invalid_api_key" | 401}}`;
/// - Ollama: `{"error":"model \"x\" not found"}`;
/// - vLLM: `{"object":"error","message":"…","type":"NotFoundError","code":404}`;
/// - FastAPI-style servers: `{"detail":"Not Found"}`.
struct ServiceErrorBody: Sendable, Hashable {
    /// The numeric code in the body (`error.code` when it is a number).
    var code: Int?
    /// The status or code string: Google's `status`, OpenAI's `code`, else its `type`.
    var status: String?
    /// Google's `ErrorInfo.reason`, OpenAI's `type`.
    var reason: String?
    /// The service's message.
    var message: String?
    /// Seconds from Google's `RetryInfo.retryDelay` (`"23s"`, `"1.5s"`).
    var retryDelay: Double?
    /// Text of Google's `details` (`DebugInfo.detail`, `LocalizedMessage.message`): it can say
    /// what a placeholder `message` does not ("User location is not supported").
    var detailTexts: [String] = []

    /// The error in `value`, or `nil` when `value` is not an error body.
    init?(_ value: JSONValue) {
        if case .array(let elements) = value, elements.count == 1, let inner = ServiceErrorBody(elements[0]) {
            self = inner  // Gemini's streamGenerateContent without alt=sse wraps it in an array
            return
        }
        guard case .object(let object) = value else { return nil }
        switch object["error"] {
        case .object(let error)?:
            message = error["message"]?.stringValue
            switch error["code"] {
            case .string(let text)?: status = text
            case let value?: code = value.integerValue
            case nil: break
            }
            if let text = error["status"]?.stringValue { status = text }
            let type = error["type"]?.stringValue
            if status == nil { status = type }
            reason = type
            for detail in error["details"]?.arrayValue ?? [] {
                if let text = detail["reason"]?.stringValue { reason = text }
                if let delay = detail["retryDelay"]?.stringValue { retryDelay = Self.seconds(delay) }
                for field in ["detail", "message"] {
                    if let text = detail[field]?.stringValue, !text.isEmpty { detailTexts.append(text) }
                }
            }
        case .string(let text)?:
            message = text
        default:
            if object["object"]?.stringValue == "error", let text = object["message"]?.stringValue {
                message = text
                reason = object["type"]?.stringValue
                status = reason
                code = object["code"]?.integerValue
            } else if let text = object["detail"]?.stringValue, object.count == 1 {
                message = text
            } else {
                return nil
            }
        }
    }

    /// The taxonomy's error for this body arriving with `httpStatus` (`nil` mid-stream).
    func error(httpStatus: Int?, retryAfter: Double?, partialText: String? = nil) -> GenerationError {
        let kind = GenerationError.Kind.classify(
            httpStatus: httpStatus ?? code, status: status, reason: reason,
            message: fullMessage)
        return GenerationError(
            kind, httpStatus: httpStatus, status: status, reason: kind == .promptBlocked ? reason : nil,
            detail: fullMessage, retryAfter: retryAfter ?? retryDelay, partialText: partialText
        )
    }

    /// `message` followed by the details' texts it does not already hold.
    private var fullMessage: String? {
        let extra = detailTexts.filter { !(message ?? "").contains($0) }
        guard !extra.isEmpty else { return message }
        return ([message].compactMap { $0 } + extra).joined(separator: "; ")
    }

    private static func seconds(_ duration: String) -> Double? {
        guard duration.hasSuffix("s"), let value = Double(duration.dropLast()), value >= 0, value.isFinite else {
            return nil
        }
        return value
    }
}

extension GenerationError.Kind {
    /// The kind for an error the service reported: its specific reason first, then its
    /// status or code, then the HTTP status. The message decides only what a 400 says
    /// (a request over the context window) or what nothing else names (a location).
    static func classify(httpStatus: Int?, status: String?, reason: String?, message: String?) -> Self {
        switch reason {
        case "API_KEY_INVALID", "API_KEY_EXPIRED", "invalid_api_key", "authentication_error": return .invalidAPIKey
        case "SERVICE_DISABLED", "API_KEY_SERVICE_BLOCKED", "ACCESS_TOKEN_SCOPE_INSUFFICIENT": return .serviceDisabled
        case "insufficient_quota", "permission_error", "CONSUMER_SUSPENDED", "API_KEY_HTTP_REFERRER_BLOCKED":
            return .permissionDenied
        case "model_not_found", "not_found_error", "NotFoundError": return .notFound
        case "rate_limit_exceeded", "rate_limit_error", "RATE_LIMIT_EXCEEDED": return .rateLimited
        case "unavailable_error", "overloaded_error": return .unavailable
        case "server_error": return .serverError
        default: break
        }
        if Self.contextLimitCodes.contains(reason ?? "") || Self.contextLimitCodes.contains(status ?? "") {
            return .inputTooLong
        }
        // A 429, 401 or 5xx that mentions the context length is still what its status says.
        if httpStatus == 400, message.map(Self.mentionsContextLimit) == true { return .inputTooLong }
        switch status {
        case "invalid_api_key", "UNAUTHENTICATED": return .invalidAPIKey
        case "insufficient_quota": return .permissionDenied
        case "model_not_found", "NOT_FOUND": return .notFound
        case "rate_limit_exceeded", "RESOURCE_EXHAUSTED": return .rateLimited
        case "unsupported_country_region_territory": return .unsupportedLocation
        case "PERMISSION_DENIED": return .permissionDenied
        case "INTERNAL", "UNKNOWN", "DATA_LOSS": return .serverError
        case "UNAVAILABLE": return .unavailable
        case "DEADLINE_EXCEEDED": return .timeout
        case "CANCELLED": return .cancelled
        case "FAILED_PRECONDITION" where message.map(Self.mentionsLocation) ?? false: return .unsupportedLocation
        case "INVALID_ARGUMENT", "FAILED_PRECONDITION", "OUT_OF_RANGE", "invalid_request_error":
            // OpenAI types a 401 or a 429 "invalid_request_error" too: a specific status says more.
            let byStatus = fromHTTPStatus(httpStatus)
            return byStatus == .malformedResponse || byStatus == .invalidRequest ? .invalidRequest : byStatus
        default: break
        }
        if let message, Self.mentionsLocation(message) { return .unsupportedLocation }
        // An error body the service sent with a success status, or mid-stream: it failed.
        let kind = fromHTTPStatus(httpStatus)
        return kind == .malformedResponse ? .serverError : kind
    }

    /// The kind an HTTP status alone implies; `.malformedResponse` for a success status or none.
    static func fromHTTPStatus(_ status: Int?) -> Self {
        guard let status else { return .malformedResponse }
        switch status {
        case 401: return .invalidAPIKey
        case 403: return .permissionDenied
        case 404: return .notFound
        case 408: return .timeout
        case 429: return .rateLimited
        case 499: return .cancelled
        case 502, 503: return .unavailable
        case 504: return .timeout
        case 500..<600: return .serverError
        case 400..<500: return .invalidRequest
        default: return .malformedResponse
        }
    }

    /// OpenAI's `code` and llama.cpp's `type` for a request over the context window.
    private static let contextLimitCodes: Set<String> = ["context_length_exceeded", "exceed_context_size_error"]

    /// OpenAI's and vLLM's "maximum context length is 512 tokens", llama.cpp's "exceeds the
    /// available context size", Gemini's "input token count (…) exceeds the maximum number of
    /// tokens allowed".
    private static func mentionsContextLimit(_ message: String) -> Bool {
        let lowered = message.lowercased()
        return lowered.contains("maximum context length") || lowered.contains("exceeds the available context size")
            || (lowered.contains("input token count") && lowered.contains("exceeds the maximum number of tokens"))
    }

    private static func mentionsLocation(_ message: String) -> Bool {
        message.lowercased().contains("location is not supported")
            || message.lowercased().contains("country, region, or territory not supported")
    }
}
