import StoryKitCore
import Testing

@Suite struct APIKeyTests {
    static let environment: @Sendable (String) -> String? = { "from-\($0)" }

    @Test(arguments: [
        ("https://api.openai.com/v1", true),
        ("https://API.OPENAI.COM/v1", true),
        ("https://api.openai.com:443/v1", true),
        ("HTTPS://Api.OpenAI.com./v1", true),
        ("http://api.openai.com/v1", false),
        ("https://api.openai.com:8443/v1", false),
        ("https://api.openai.com.evil.example/v1", false),
        ("https://api.openai.com@127.0.0.1/v1", false),
        ("http://127.0.0.1:8080/v1", false),
        ("https://openai.example/api.openai.com/v1", false)
    ])
    func theEnvironmentKeyGoesOnlyToOpenAIsOwnHostOverHTTPS(baseURL: String, isOpenAI: Bool) throws {
        #expect(APIKey.isProvidersOwnHost(baseURL, provider: .openai) == isOpenAI)
        let key = try APIKey.resolve(
            for: .openai, configured: nil, baseURL: baseURL, required: false, environment: Self.environment)
        #expect(key == (isOpenAI ? "from-OPENAI_API_KEY" : nil))
    }

    @Test func aConfiguredKeyWinsOverTheEnvironment() throws {
        for baseURL in ["https://api.openai.com/v1", "http://127.0.0.1:11434/v1"] {
            let key = try APIKey.resolve(
                for: .openai, configured: "configured", baseURL: baseURL, required: true,
                environment: Self.environment)
            #expect(key == "configured")
        }
        let gemini = try APIKey.resolve(
            for: .gemini, configured: nil, baseURL: "https://generativelanguage.googleapis.com/v1beta",
            required: true, environment: Self.environment)
        #expect(gemini == "from-GEMINI_API_KEY")
    }

    @Test func aRequiredKeyForAnotherHostIsNotTakenFromTheEnvironment() {
        let error = #expect(throws: GenerationError.self) {
            try APIKey.resolve(
                for: .gemini, configured: nil, baseURL: "http://127.0.0.1:9/v1beta", required: true,
                environment: Self.environment)
        }
        #expect(error?.kind == .invalidAPIKey)
    }
}
