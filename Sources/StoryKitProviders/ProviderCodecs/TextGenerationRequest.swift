/// A request for text, in terms every text provider understands; the codecs turn it into
/// each provider's wire format.
///
///     var request = TextGenerationRequest(model: "gemini-2.5-flash", prompt: prompt)
///     request.temperature = 0.4
///     let http = try GeminiCodec.request(request, apiKey: key)
public struct TextGenerationRequest: Sendable, Hashable {
    /// One turn of the conversation.
    public struct Message: Sendable, Hashable {
        /// Who wrote a turn.
        public enum Role: String, Sendable, Hashable, CaseIterable {
            /// The person asking.
            case user
            /// The model (Gemini `model`, OpenAI `assistant`).
            case model
        }

        /// Who wrote it.
        public var role: Role
        /// What was written.
        public var text: String

        /// Creates a turn.
        public init(role: Role, text: String) {
            self.role = role
            self.text = text
        }
    }

    /// A Gemini safety setting, in Gemini's own words (`HARM_CATEGORY_HARASSMENT`,
    /// `BLOCK_MEDIUM_AND_ABOVE`).
    public struct SafetySetting: Sendable, Hashable {
        /// The harm category.
        public var category: String
        /// The blocking threshold.
        public var threshold: String

        /// Creates a setting.
        public init(category: String, threshold: String) {
            self.category = category
            self.threshold = threshold
        }
    }

    /// The model name: `gemini-2.5-flash`, `llama3.2`, `meta-llama/Llama-3.1-8B-Instruct`.
    public var model: String
    /// The system instructions.
    public var instructions: String?
    /// The conversation; the last turn is normally the user's.
    public var messages: [Message]
    /// Sampling temperature.
    public var temperature: Double?
    /// Nucleus sampling.
    public var topP: Double?
    /// Top-k sampling (OpenAI-compatible servers get it as `top_k`, which llama.cpp, vLLM and
    /// Ollama read and api.openai.com rejects).
    public var topK: Int?
    /// The most tokens the reply may have.
    public var maxOutputTokens: Int?
    /// How many replies to write (Gemini `candidateCount`, OpenAI `n`).
    public var candidateCount: Int?
    /// Texts that end the reply.
    public var stopSequences: [String]
    /// A sampling seed, for reproducible replies where the server supports it.
    public var seed: Int?
    /// How much a thinking model may think, in the provider's words: Gemini 3's
    /// `thinkingLevel` ("minimal", "low", "medium", "high"; which ones a model accepts
    /// varies), OpenAI's `reasoning_effort` (sent to OpenAI's own API only). `nil` leaves the
    /// model's default.
    public var thinkingLevel: String?
    /// `application/json` to ask for a JSON reply.
    public var responseMimeType: String?
    /// A JSON Schema the reply must follow (implies a JSON reply).
    public var responseSchema: JSONValue?
    /// The schema's name for OpenAI's `json_schema` format.
    public var responseSchemaName: String
    /// Gemini safety settings.
    public var safetySettings: [SafetySetting]

    /// Creates a request from its parts.
    public init(model: String, instructions: String? = nil, messages: [Message]) {
        self.model = model
        self.instructions = instructions
        self.messages = messages
        self.stopSequences = []
        self.responseSchemaName = "response"
        self.safetySettings = []
    }

    /// Creates a request that sends a built prompt: its instructions, its text as the user's
    /// turn, and its response schema, token limit and temperature.
    public init(model: String, prompt: Prompt) {
        self.init(
            model: model, instructions: prompt.instructions.isEmpty ? nil : prompt.instructions,
            messages: [Message(role: .user, text: prompt.prompt)])
        responseSchema = prompt.responseSchema
        maxOutputTokens = prompt.maxResponseTokens
        // The prompt's temperature is only a suggestion: sampling parameters are deprecated
        // on current Gemini models and refused by OpenAI's reasoning models, so a request
        // carries one only when its caller sets it.
    }

    /// Whether the reply must be JSON.
    var wantsJSON: Bool {
        responseSchema != nil || responseMimeType.map { $0.lowercased() == "application/json" } ?? false
    }
}
