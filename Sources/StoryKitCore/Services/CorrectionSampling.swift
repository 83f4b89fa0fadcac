/// How a correction's model requests sample. Each setting left `nil` is the model's default,
/// except the temperature: the correction prompt's own (0.4, 0.7 for a re-ask about duplicates)
/// is sent to models that take one.
///
/// JSON (in `storykit_correct`'s `"remote"`): `"temperature"` 0…2, `"topP"` 0…1, `"seed"` (a
/// 32-bit integer) and `"maxOutputTokens"` 1…1,000,000, each optional.
public struct CorrectionSampling: Sendable, Hashable {
    /// The sampling temperature; `nil`: the prompt's, where the model takes one.
    public var temperature: Double?
    /// Nucleus sampling's probability mass.
    public var topP: Double?
    /// A seed, for servers that make sampling repeatable with one.
    public var seed: Int?
    /// The most tokens a reply may have; `nil`: what the prompt leaves room for.
    public var maxOutputTokens: Int?

    /// Creates settings.
    public init(temperature: Double? = nil, topP: Double? = nil, seed: Int? = nil, maxOutputTokens: Int? = nil) {
        self.temperature = temperature
        self.topP = topP
        self.seed = seed
        self.maxOutputTokens = maxOutputTokens
    }

    /// Reads the settings a JSON object holds, leaving its other keys.
    package init(_ reader: inout JSONFieldReader) throws(StoryKitError) {
        temperature = try reader.optionalNumber("temperature", in: 0...2)
        topP = try reader.optionalNumber("topP", in: 0...1)
        seed = try reader.optionalInteger("seed", in: Int(Int32.min)...Int(Int32.max))
        maxOutputTokens = try reader.optionalInteger("maxOutputTokens", in: 1...1_000_000)
    }

    /// `request` with these settings, for `model`, built from a prompt with `promptTemperature`.
    func applied(to request: TextGenerationRequest, promptTemperature: Double?) -> TextGenerationRequest {
        var request = request
        request.temperature = temperature ?? (Self.takesTemperature(model: request.model) ? promptTemperature : nil)
        request.topP = topP
        request.seed = seed
        if let maxOutputTokens { request.maxOutputTokens = maxOutputTokens }
        return request
    }

    /// Whether a model is sent the prompt's temperature. Not Gemini 3, whose guide asks for
    /// the default (lower values can loop), nor OpenAI's reasoning models, which refuse any
    /// other; every other model, open-weight servers' included, is.
    static func takesTemperature(model: String) -> Bool {
        let name = model.lowercased()
        if name.hasPrefix("gemini-3") { return false }
        let reasoningPrefixes = ["gpt-5", "o1", "o3", "o4"]
        return !reasoningPrefixes.contains { name.hasPrefix($0) }
    }
}
