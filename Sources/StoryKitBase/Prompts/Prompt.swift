/// A prompt ready to send to a language or image model: the system instructions, the user
/// turn, the reply's JSON Schema when one is asked for, the generation settings, and the
/// estimated size of the whole.
///
/// JSON: `{"instructions":"...","prompt":"...","responseSchema":{...}|null,"maxResponseTokens":600,
/// "temperature":0.3,"estimatedTokens":412,"truncated":false,"truncations":[]}`.
public struct Prompt: Sendable, Hashable {
    /// The system instructions; empty for image models, which take one prompt.
    public var instructions: String
    /// The user turn, with every piece of user text inside a delimited block.
    public var prompt: String
    /// The JSON Schema the reply must follow, for structured generation; `nil` for free text.
    public var responseSchema: JSONValue?
    /// The most tokens the reply should take; `nil` for image models.
    public var maxResponseTokens: Int?
    /// The sampling temperature; `nil` for image models.
    public var temperature: Double?
    /// The estimated tokens of instructions, prompt and schema together (``TokenEstimator``).
    public var estimatedTokens: Int
    /// Each piece of user text that was cut to fit the budget; empty when nothing was.
    public var truncations: [PromptTruncation]

    /// Whether any user text was cut to fit the budget.
    public var truncated: Bool { !truncations.isEmpty }

    /// Creates a prompt, estimating its size with `estimator`.
    public init(
        instructions: String,
        prompt: String,
        responseSchema: JSONValue? = nil,
        maxResponseTokens: Int?,
        temperature: Double?,
        truncations: [PromptTruncation] = [],
        estimator: TokenEstimator = TokenEstimator()
    ) {
        let fixedTokens =
            estimator.tokens(in: instructions) + (responseSchema.map { estimator.tokens(in: $0.formatted()) } ?? 0)
        self.init(
            instructions: instructions, prompt: prompt, responseSchema: responseSchema,
            maxResponseTokens: maxResponseTokens,
            temperature: temperature, truncations: truncations, fixedTokens: fixedTokens, estimator: estimator)
    }

    /// Creates a prompt whose instructions and schema were already estimated.
    init(
        instructions: String, prompt: String, responseSchema: JSONValue?, maxResponseTokens: Int?, temperature: Double?,
        truncations: [PromptTruncation], fixedTokens: Int, estimator: TokenEstimator
    ) {
        self.instructions = instructions
        self.prompt = prompt
        self.responseSchema = responseSchema
        self.maxResponseTokens = maxResponseTokens
        self.temperature = temperature
        self.truncations = truncations
        self.estimatedTokens = fixedTokens + estimator.tokens(in: prompt)
    }

    /// The prompt as JSON, the shape `storykit_prompt_build` returns.
    public var json: JSONValue {
        .object([
            "instructions": .string(instructions),
            "prompt": .string(prompt),
            "responseSchema": responseSchema ?? .null,
            "maxResponseTokens": maxResponseTokens.map { .number(JSONNumber($0)) } ?? .null,
            "temperature": temperature.flatMap { JSONNumber($0) }.map { .number($0) } ?? .null,
            "estimatedTokens": .number(JSONNumber(estimatedTokens)),
            "truncated": .bool(truncated),
            "truncations": .array(truncations.map(\.json))
        ])
    }
}
