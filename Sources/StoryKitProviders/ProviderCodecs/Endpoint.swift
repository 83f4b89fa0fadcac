/// The checks every codec applies before it puts caller text into a URL or a header: the base
/// URL, the model name and the API key. A request that fails them is `.invalidArgument`.
package enum Endpoint {
    /// The most bytes an API key may have.
    package static let maxKeyBytes = 1024

    /// `base` without a trailing slash, checked to be an `http` or `https` URL with no spaces
    /// or control characters (so nothing can be smuggled into the request line).
    package static func baseURL(_ base: String) throws(StoryKitError) -> String {
        let lowered = base.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), base.utf8.count > 8 else {
            throw StoryKitError(
                .invalidArgument, "base URL \"\(SecretRedactor.redact(base))\" must start with https:// or http://")
        }
        guard base.utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7F }), !base.contains("?"), !base.contains("#") else {
            throw StoryKitError(
                .invalidArgument,
                "base URL \"\(SecretRedactor.redact(base))\" must not contain spaces, control characters, a query or a fragment"
            )
        }
        var result = base
        while result.hasSuffix("/") { result.removeLast() }
        return result
    }

    /// A model name for a URL path (Gemini, Imagen): letters, digits, `.`, `-`, `_`; a leading
    /// `models/` is dropped.
    package static func pathModel(_ model: String) throws(StoryKitError) -> String {
        let name = model.hasPrefix("models/") ? String(model.dropFirst(7)) : model
        guard !name.isEmpty, name.utf8.count <= 128,
            name.utf8.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || $0 == 0x2E || $0 == 0x2D || $0 == 0x5F })
        else {
            throw StoryKitError(
                .invalidArgument,
                "model \"\(model)\" must be 1 to 128 letters, digits, '.', '-' or '_' (such as \"gemini-2.5-flash\")")
        }
        return name
    }

    /// A model name for a request body (OpenAI-compatible servers): any printable text up to
    /// 256 bytes (`llama3.2:3b`, `meta-llama/Llama-3.1-8B-Instruct`).
    package static func bodyModel(_ model: String) throws(StoryKitError) -> String {
        guard !model.isEmpty, model.utf8.count <= 256, model.utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else {
            throw StoryKitError(
                .invalidArgument, "model \"\(model)\" must be 1 to 256 bytes without spaces or control characters")
        }
        return model
    }

    /// An API key fit for a header: non-empty, at most `maxKeyBytes`, printable ASCII.
    package static func apiKey(_ key: String) throws(StoryKitError) -> String {
        guard !key.isEmpty else { throw StoryKitError(.invalidArgument, "the API key is empty") }
        guard key.utf8.count <= maxKeyBytes, key.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw StoryKitError(
                .invalidArgument, "the API key must be at most \(maxKeyBytes) printable ASCII characters without spaces"
            )
        }
        return key
    }

    /// A request setting as a JSON number; NaN and infinities are `.invalidArgument`.
    package static func number(_ value: Double, _ name: String) throws(StoryKitError) -> JSONValue {
        guard let number = JSONNumber(value) else {
            throw StoryKitError(.invalidArgument, "\(name) must be a finite number")
        }
        return .number(number)
    }

    /// The headers of a JSON POST, with the key under `keyHeader` (value `keyPrefix + key`).
    package static func jsonHeaders(apiKey: String?, keyHeader: String, keyPrefix: String = "", streaming: Bool)
        throws(StoryKitError) -> HTTPHeaders
    {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        headers.append(name: "Accept", value: streaming ? "text/event-stream" : "application/json")
        if let apiKey { headers.append(name: keyHeader, value: keyPrefix + (try Self.apiKey(apiKey))) }
        return headers
    }
}

extension Endpoint {
    /// ``baseURL(_:)`` for a generator's configuration: a bad URL is an invalid request.
    package static func checkedBaseURL(_ base: String) throws(GenerationError) -> String {
        do {
            return try baseURL(base)
        } catch {
            throw GenerationError(.invalidRequest, detail: error.message)
        }
    }

    /// A POST of `body` to Google's `models/<model>:<method>` for an image request, once the
    /// model is a valid name its provider has not shut down and the prompt is not empty.
    package static func imageRequest(
        _ request: ImageGenerationRequest, provider: GenerationProvider, method: String, body: JSONValue,
        apiKey: String?, baseURL: String
    ) throws(StoryKitError) -> HTTPRequest {
        let model = try pathModel(request.model)
        try ModelDefaults.checkNotRetired(request.model, provider: provider)
        guard !request.prompt.isEmpty else { throw StoryKitError(.invalidArgument, "the image prompt is empty") }
        return HTTPRequest(
            method: "POST",
            url: "\(try Endpoint.baseURL(baseURL))/models/\(model):\(method)",
            headers: try jsonHeaders(apiKey: apiKey, keyHeader: "x-goog-api-key", streaming: false),
            body: body.utf8Bytes()
        )
    }
}
