#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds a provider's API key: the environment first, then the configuration.
public enum APIKey {
    /// The environment variable a provider's key is read from: `GEMINI_API_KEY` for Gemini
    /// and Imagen, `OPENAI_API_KEY` for OpenAI-compatible servers.
    public static func environmentVariable(for provider: GenerationProvider) -> String {
        switch provider {
        case .gemini, .imagen: "GEMINI_API_KEY"
        case .openai: "OPENAI_API_KEY"
        }
    }

    /// Reads the process environment.
    public static let processEnvironment: @Sendable (String) -> String? = { name in
        getenv(name).map { String(cString: $0) }
    }

    /// The key for `provider` at `baseURL`: `configured` when it is set and not empty, else
    /// the environment variable, but only when `baseURL` is the provider's own API over
    /// HTTPS (``isProvidersOwnHost(_:provider:)``): a key from the environment is never sent
    /// to another server, however OpenAI-compatible. `required` makes a missing key an error;
    /// a local OpenAI-compatible server usually needs none.
    ///
    /// - Throws: `.invalidAPIKey` naming both places a key can come from.
    public static func resolve(
        for provider: GenerationProvider, configured: String?, baseURL: String, required: Bool,
        environment: @Sendable (String) -> String? = processEnvironment
    ) throws(GenerationError) -> String? {
        if let configured, !configured.isEmpty { return configured }
        let variable = environmentVariable(for: provider)
        if isProvidersOwnHost(baseURL, provider: provider), let value = environment(variable), !value.isEmpty {
            return value
        }
        guard required else { return nil }
        throw GenerationError(
            .invalidAPIKey,
            detail:
                "no API key for \(provider == .openai ? "OpenAI's API" : "Google's Gemini API"): set the \(variable) environment variable or give apiKey in the configuration"
        )
    }

    /// The key for `provider` at its own API: ``resolve(for:configured:baseURL:required:environment:)``
    /// with the provider's default base URL.
    @available(*, deprecated, message: "give baseURL: the environment's key goes only to the provider's own host")
    public static func resolve(
        for provider: GenerationProvider, configured: String?, required: Bool,
        environment: @Sendable (String) -> String? = processEnvironment
    ) throws(GenerationError) -> String? {
        let baseURL = provider == .openai ? OpenAICodec.defaultBaseURL : GeminiCodec.defaultBaseURL
        return try resolve(
            for: provider, configured: configured, baseURL: baseURL, required: required, environment: environment)
    }

    /// The host of `provider`'s own API: `api.openai.com` for OpenAI,
    /// `generativelanguage.googleapis.com` for Gemini and Imagen.
    public static func ownHost(of provider: GenerationProvider) -> String {
        switch provider {
        case .gemini, .imagen: "generativelanguage.googleapis.com"
        case .openai: "api.openai.com"
        }
    }

    /// Whether `baseURL` is `https://` to ``ownHost(of:)`` (letters of any case, with or
    /// without `:443`). Plain `http://` to the same host is not: it would carry the key in
    /// clear text.
    public static func isProvidersOwnHost(_ baseURL: String, provider: GenerationProvider) -> Bool {
        let scheme = "https://"
        guard baseURL.utf8.count > scheme.utf8.count, baseURL.lowercased().hasPrefix(scheme) else { return false }
        let rest = baseURL.utf8.dropFirst(scheme.utf8.count)
        let authority = rest.prefix { $0 != UInt8(ascii: "/") }
        // A user-info part (`user@host`) would make the text before `@` look like the host.
        guard !authority.contains(UInt8(ascii: "@")) else { return false }
        var host = String(decoding: authority, as: UTF8.self).lowercased()
        if host.hasSuffix(":443") { host.removeLast(4) }
        if host.hasSuffix(".") { host.removeLast() }
        return host == ownHost(of: provider)
    }
}
