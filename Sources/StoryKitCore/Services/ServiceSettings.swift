/// The JSON settings shared by the service entry points of the C ABI (`storykit_generate`,
/// `storykit_correct`, `storykit_illustrate`): the time limit and the retry policy.
///
///     {"timeoutSeconds": 60, "retry": {"maxAttempts": 3, "initialDelayMs": 500, "maxDelayMs": 8000, "maxTotalMs": 30000}}
package enum ServiceSettings {
    /// The longest `timeoutSeconds` accepted: one hour.
    package static let maxTimeoutSeconds = 3600.0

    /// `timeoutSeconds`, more than 0 and at most an hour; `fallback` when absent.
    package static func timeout(_ reader: inout JSONFieldReader, default fallback: Duration) throws(StoryKitError)
        -> Duration
    {
        guard let value = try reader.optionalNumber("timeoutSeconds", in: 0...maxTimeoutSeconds) else {
            return fallback
        }
        guard value > 0 else {
            throw StoryKitError(.invalidArgument, "\(reader.name("timeoutSeconds")) must be more than 0")
        }
        return .milliseconds(Int64((value * 1000).rounded(.up)))
    }

    /// `retry`, the policy's fields in milliseconds; the defaults of ``RetryPolicy``.
    package static func retrier(_ reader: inout JSONFieldReader) throws(StoryKitError) -> Retrier {
        guard var retry = try reader.optionalObject("retry") else { return Retrier() }
        let defaults = RetryPolicy()
        let day = 86_400_000
        let policy = RetryPolicy(
            maxAttempts: try retry.integer(
                "maxAttempts", in: 1...RetryPolicy.maxAllowedAttempts, default: defaults.maxAttempts),
            initialDelay: .milliseconds(
                try retry.integer("initialDelayMs", in: 0...day, default: milliseconds(defaults.initialDelay))),
            maxDelay: .milliseconds(
                try retry.integer("maxDelayMs", in: 0...day, default: milliseconds(defaults.maxDelay))),
            maxTotalTime: .milliseconds(
                try retry.integer("maxTotalMs", in: 0...day, default: milliseconds(defaults.maxTotalTime))))
        try retry.finish()
        return Retrier(policy: policy)
    }

    /// A generator's failure to start (no key, a bad base URL) as an invalid argument.
    package static func configurationError(_ error: GenerationError) -> StoryKitError {
        StoryKitError(.invalidArgument, error.detail ?? error.message)
    }

    /// A generator made from a request's settings; a missing key or a bad base URL is the
    /// caller's argument error.
    package static func configured<Generator>(_ make: () throws(GenerationError) -> Generator) throws(StoryKitError)
        -> Generator
    {
        do {
            return try make()
        } catch {
            throw configurationError(error)
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
