/// Every model StoryKit picks when the caller names none, and the models it knows the
/// providers have shut down, in one place.
///
/// Checked on 2026-12-02 against the providers' own pages (the latest the search found):
/// - Google: the deprecations page, in its newest form (with the Gemini 3.8 models of
///   September 2026), still gives `gemini-3.1-flash-image` "no shutdown date announced"; no
///   Google page found says it was deprecated, so it stays the image default. The changelog of
///   2026-10-26: new paid projects store `generateContent` requests unless `store: false`
///   (``GeminiCodec/storesRequests``).
/// - Google, "Gemini deprecations" (ai.google.dev/gemini-api/docs/deprecations) and the
///   Gemini API changelog: `gemini-3.6-flash` and `gemini-3.5-flash-lite` are stable (GA on
///   2026-07-21; 3.5 Flash-Lite's default thinking level is "minimal"); `gemini-3.1-flash-image`
///   is the stable Nano Banana 2 image model (2026-05-28); the Imagen 4 models were shut down
///   on 2026-08-17 (Imagen 3 before them: its date is not on the page any more); the image
///   previews on 2026-06-25; the Gemini 2.0 Flash models in February 2026.
/// - OpenAI, "Deprecations" (developers.openai.com/api/docs/deprecations): the GPT-4o and
///   GPT-4o mini snapshots shut down on 2027-01-14 (replacement `gpt-6-luna`); GPT-3.5,
///   GPT-4, GPT-4 Turbo, o1, o3-mini and o4-mini shut down on 2026-10-23.
///
///     ModelDefaults.text(for: .gemini)            // "gemini-3.6-flash"
///     ModelDefaults.retirement(of: "imagen-3.0-generate-002")?.replacement   // "gemini-3.1-flash-image"
public enum ModelDefaults {
    /// When the table was last checked against the providers' documentation.
    public static let checkedOn = "2026-12-02"

    /// The text model for a provider: Gemini's stable general model, or OpenAI's
    /// recommended small model. Other OpenAI-compatible servers name their own models.
    public static func text(for provider: GenerationProvider) -> String {
        provider == .openai ? "gpt-6-luna" : "gemini-3.6-flash"
    }

    /// The model the correction service uses on Gemini when none is named: the lowest-latency
    /// stable model, which thinks at the "minimal" level by default.
    public static let geminiCorrection = "gemini-3.5-flash-lite"

    /// The model the correction service uses for `provider` when none is named.
    public static func correction(for provider: GenerationProvider) -> String {
        provider == .gemini ? geminiCorrection : text(for: provider)
    }

    /// The image model: a Gemini image model through `generateContent`.
    public static let image = "gemini-3.1-flash-image"

    /// A model its provider has shut down, with the date and the replacement it names.
    public struct Retirement: Sendable, Hashable {
        public let model: String
        public let provider: GenerationProvider
        public let shutDown: String
        public let replacement: String

        /// "imagen-3.0-generate-002 was shut down by Google on …; use … instead".
        public var message: String {
            "\(model) was shut down by \(ModelDefaults.company(provider)) on \(shutDown); use \(replacement) instead (model table checked \(ModelDefaults.checkedOn))"
        }
    }

    /// The retirement of `model`, if the table knows it. Dated snapshots (`gpt-4-0613`) match
    /// their family's entry.
    public static func retirement(of model: String) -> Retirement? {
        retired.first { entry in model == entry.model || model.hasPrefix(entry.model + "-") && entry.matchesSnapshots }
            .map { Retirement(model: model, provider: $0.provider, shutDown: $0.shutDown, replacement: $0.replacement) }
    }

    /// Who serves a provider's models.
    static func company(_ provider: GenerationProvider) -> String {
        provider == .openai ? "OpenAI" : "Google"
    }

    private struct Entry {
        let model: String
        let provider: GenerationProvider
        let shutDown: String
        let replacement: String
        /// Whether `model-<suffix>` names are snapshots of this model.
        var matchesSnapshots = true
    }

    private static let retired: [Entry] = [
        Entry(
            model: "imagen-3.0-generate-002", provider: .imagen, shutDown: "a date before 2026-08-17",
            replacement: image),
        Entry(
            model: "imagen-3.0-generate-001", provider: .imagen, shutDown: "a date before 2026-08-17",
            replacement: image),
        Entry(
            model: "imagen-3.0-fast-generate-001", provider: .imagen, shutDown: "a date before 2026-08-17",
            replacement: image),
        Entry(model: "imagen-4.0-generate-001", provider: .imagen, shutDown: "2026-08-17", replacement: image),
        Entry(
            model: "imagen-4.0-ultra-generate-001", provider: .imagen, shutDown: "2026-08-17",
            replacement: "gemini-3-pro-image"),
        Entry(
            model: "imagen-4.0-fast-generate-001", provider: .imagen, shutDown: "2026-08-17",
            replacement: "gemini-3.1-flash-lite-image"),
        Entry(model: "gemini-3.1-flash-image-preview", provider: .gemini, shutDown: "2026-06-25", replacement: image),
        Entry(
            model: "gemini-3-pro-image-preview", provider: .gemini, shutDown: "2026-06-25",
            replacement: "gemini-3-pro-image"),
        Entry(
            model: "gemini-3-pro-preview", provider: .gemini, shutDown: "2026-03-09",
            replacement: "gemini-3.1-pro-preview"),
        Entry(
            model: "gemini-2.0-flash", provider: .gemini, shutDown: "2026-02", replacement: "gemini-3.5-flash-lite",
            matchesSnapshots: false),
        Entry(
            model: "gemini-2.0-flash-001", provider: .gemini, shutDown: "2026-02", replacement: "gemini-3.5-flash-lite"),
        Entry(
            model: "gemini-2.0-flash-lite", provider: .gemini, shutDown: "2026-02", replacement: "gemini-3.5-flash-lite"
        ),
        Entry(model: "gpt-3.5-turbo", provider: .openai, shutDown: "2026-10-23", replacement: "gpt-5.6-terra"),
        Entry(model: "gpt-4", provider: .openai, shutDown: "2026-10-23", replacement: "gpt-5.6-sol"),
        Entry(model: "o1", provider: .openai, shutDown: "2026-10-23", replacement: "gpt-5.6-sol"),
        Entry(model: "o3-mini", provider: .openai, shutDown: "2026-10-23", replacement: "gpt-5.6-sol"),
        Entry(model: "o4-mini", provider: .openai, shutDown: "2026-10-23", replacement: "gpt-5.6-terra")
    ]

    /// Throws the retirement of `model` as an `.invalidArgument` error naming the replacement.
    /// For OpenAI-compatible servers other than OpenAI's own (`isOpenAIItself` false), names
    /// are the server's own and nothing is refused.
    package static func checkNotRetired(_ model: String, provider: GenerationProvider, isOpenAIItself: Bool = true)
        throws(StoryKitError)
    {
        // Gemini and Imagen are one API, Google's: a name retired there is retired for both.
        guard provider != .openai || isOpenAIItself, let retirement = retirement(of: model),
            company(retirement.provider) == company(provider)
        else { return }
        throw StoryKitError(.invalidArgument, retirement.message)
    }
}
