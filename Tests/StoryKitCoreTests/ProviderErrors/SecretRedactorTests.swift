import StoryKitCore
import Testing

@Suite struct SecretRedactorTests {
    @Test(arguments: [
        "AIzaSyD-Fake0Key1ForTests2abcdefghijklm", "AIzaSyAb***", "sk-proj-abc123***wxyz", "sk-1234567890abcdefghij",
        "Bearer tok_live_5fG7hJ9kL2mN4pQ6rS8tU0vW", "key=abcdef123456", "?api_key=zzzzzzzz9", "token=abcdefgh",
        "Q2xhdWRlU2VjcmV0S2V5MTIzNDU2Nzg5", "0123456789abcdef0123456789abcdef"
    ])
    func credentialsAreRedacted(_ secret: String) {
        let text = "before \(secret). after"
        let redacted = SecretRedactor.redact(text)
        #expect(redacted.hasPrefix("before ") && redacted.hasSuffix(". after"))
        #expect(redacted.contains(SecretRedactor.replacement), "\(secret) -> \(redacted)")
        let core = secret.split(separator: "=").last.map(String.init) ?? secret
        #expect(!redacted.contains(core.replacingOccurrences(of: "Bearer ", with: "")))
    }

    @Test(arguments: [
        "The model is overloaded. Please try again later.",
        "models/gemini-2.5-flash-preview-05-20 is not found for API version v1beta",
        "Rate limit reached for gpt-4o-mini on requests per min (RPM): Limit 3, Used 3.",
        "https://generativelanguage.googleapis.com/v1beta",
        "Émile's café — 日本語のテキスト", "HARM_CATEGORY_DANGEROUS_CONTENT"
    ])
    func ordinaryTextIsLeftAlone(_ text: String) {
        #expect(SecretRedactor.redact(text) == text)
    }

    @Test(arguments: [
        ("key:hunter2", "hunter2"), (#"{"apiKey":"hunter2"}"#, "hunter2"), ("key='hunter2'", "hunter2"),
        ("key = hunter2", "hunter2"), ("API_KEY: s3", "s3"), ("password=pw", "pw"), ("?key=short", "short"),
        ("https://u:hunter2@h/v1", "hunter2"), ("x-goog-api-key: abc", "abc"),
        // A token68 credential is redacted whole, Base64's `+`, `/` and `=` included.
        ("Authorization: Basic dXNlcjpodW50ZXIy", "dXNlcjpodW50ZXIy"),
        ("Authorization: Basic YWxh+ZGRp/bjpvcGVu==", "bjpvcGVu"),
        ("authorization: basic YWxh+ZGRp/bjpvcGVu==", "YWxh"), ("Bearer abc.def+ghi/jkl=", "ghi/jkl"),
        ("Authorization: Token s3cr", "s3cr")
    ])
    func valuesAfterACredentialsNameAreRedactedWhateverTheirLength(_ text: String, _ secret: String) {
        let redacted = SecretRedactor.redact("sent \(text) back")
        #expect(!redacted.contains(secret), "\(text) -> \(redacted)")
        #expect(redacted.contains(SecretRedactor.replacement))
    }

    @Test func theKeyInUseIsRedactedWhereverItAppears() {
        let key = "my-local-server-token-2024"
        let echoed = "Incorrect API key provided: \(key). You can find your key at \(key)/x"
        #expect(SecretRedactor.redact(echoed).contains(key))  // no pattern knows this key
        let redacted = SecretRedactor.redact(echoed, secrets: [key])
        #expect(!redacted.contains(key))
        #expect(redacted.hasPrefix("Incorrect API key provided: [redacted]."))
        // A secret too short to replace safely leaves ordinary words alone.
        #expect(SecretRedactor.redact("a cat sat", secrets: ["a"]) == "a cat sat")
    }

    @Test func headersKeepTheSchemeOnly() {
        #expect(SecretRedactor.redactHeader(name: "authorization", value: "Bearer abc") == "Bearer [redacted]")
        #expect(SecretRedactor.redactHeader(name: "X-Goog-Api-Key", value: "AIza123") == "[redacted]")
        #expect(SecretRedactor.redactHeader(name: "Content-Type", value: "application/json") == "application/json")
    }

    @Test func generationErrorsRedactEverythingTheyHold() {
        let error = GenerationError(
            .invalidAPIKey, status: "INVALID key=AIzaSyXXXXXXXX", reason: "AIzaSyYYYYYYYY",
            detail: "bad key AIzaSyZZZZZZZZZZ")
        for text in [error.message, error.description, error.json.formatted(), error.storyKitError.message] {
            #expect(!text.contains("AIzaSy"), "\(text)")
        }
    }
}

private extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
