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

    /// The key for `provider`: the environment variable when it is set and not empty, else
    /// `configured`. `required` makes a missing key an error; a local OpenAI-compatible
    /// server usually needs none.
    ///
    /// - Throws: `.invalidAPIKey` naming both places a key can come from.
    public static func resolve(
        for provider: GenerationProvider, configured: String?, required: Bool,
        environment: @Sendable (String) -> String? = processEnvironment
    ) throws(GenerationError) -> String? {
        let variable = environmentVariable(for: provider)
        if let value = environment(variable), !value.isEmpty { return value }
        if let configured, !configured.isEmpty { return configured }
        guard required else { return nil }
        throw GenerationError(.invalidAPIKey, detail: "no API key for \(provider.rawValue): set the \(variable) environment variable or give apiKey in the configuration")
    }
}
