import ArgumentParser

/// Checks of the options every command that asks a model shares.
enum RemoteOptions {
    /// A `--base-url` the library can send to: http or https. Any other scheme is the command
    /// line's error (exit 64), found before any request.
    static func checkBaseURL(_ baseURL: String?) throws {
        guard let baseURL else { return }
        let lowered = baseURL.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
            throw ValidationError("--base-url must start with http:// or https://, not \"\(baseURL)\"")
        }
    }
}
