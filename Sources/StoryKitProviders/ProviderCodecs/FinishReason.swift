/// Why a model stopped writing. Values the codecs do not know decode as `.unknown(raw)`, so a
/// provider adding a reason never breaks a decode.
public enum FinishReason: Sendable, Hashable, CustomStringConvertible {
    /// The reply is complete (Gemini `STOP`, OpenAI `stop`).
    case stop
    /// The reply reached the output token limit (Gemini `MAX_TOKENS`, OpenAI `length`).
    case maxTokens
    /// Gemini `SAFETY`.
    case safety
    /// Gemini `RECITATION`.
    case recitation
    /// Gemini `LANGUAGE`.
    case language
    /// Gemini `BLOCKLIST`.
    case blocklist
    /// Gemini `PROHIBITED_CONTENT`.
    case prohibitedContent
    /// Gemini `SPII` (sensitive personal information).
    case spii
    /// Gemini `IMAGE_SAFETY`.
    case imageSafety
    /// Gemini `MALFORMED_FUNCTION_CALL`.
    case malformedFunctionCall
    /// OpenAI `content_filter`.
    case contentFilter
    /// OpenAI `tool_calls` or `function_call`.
    case toolCalls
    /// Gemini `OTHER`.
    case other
    /// A reason this version does not know, as the service spelled it.
    case unknown(String)

    /// A Gemini `finishReason`; `nil` for `FINISH_REASON_UNSPECIFIED`.
    init?(gemini raw: String) {
        switch raw {
        case "FINISH_REASON_UNSPECIFIED", "": return nil
        case "STOP": self = .stop
        case "MAX_TOKENS": self = .maxTokens
        case "SAFETY": self = .safety
        case "RECITATION": self = .recitation
        case "LANGUAGE": self = .language
        case "BLOCKLIST": self = .blocklist
        case "PROHIBITED_CONTENT": self = .prohibitedContent
        case "SPII": self = .spii
        case "IMAGE_SAFETY": self = .imageSafety
        case "MALFORMED_FUNCTION_CALL": self = .malformedFunctionCall
        case "OTHER": self = .other
        default: self = .unknown(raw)
        }
    }

    /// An OpenAI-compatible `finish_reason`.
    init?(openAI raw: String) {
        switch raw {
        case "": return nil
        case "stop", "eos", "eos_token", "stop_sequence": self = .stop
        case "length": self = .maxTokens
        case "content_filter": self = .contentFilter
        case "tool_calls", "function_call": self = .toolCalls
        default: self = .unknown(raw)
        }
    }

    /// Whether the reply ended normally: finished, or cut at the token limit the caller set.
    public var endedNormally: Bool { self == .stop || self == .maxTokens }

    /// The name in StoryKit's JSON: `"stop"`, `"maxTokens"`, …; an unknown reason as received.
    public var description: String {
        switch self {
        case .stop: "stop"
        case .maxTokens: "maxTokens"
        case .safety: "safety"
        case .recitation: "recitation"
        case .language: "language"
        case .blocklist: "blocklist"
        case .prohibitedContent: "prohibitedContent"
        case .spii: "spii"
        case .imageSafety: "imageSafety"
        case .malformedFunctionCall: "malformedFunctionCall"
        case .contentFilter: "contentFilter"
        case .toolCalls: "toolCalls"
        case .other: "other"
        case .unknown(let raw): raw
        }
    }
}
