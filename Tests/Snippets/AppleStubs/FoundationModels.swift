// The few declarations of Apple's FoundationModels framework that the article
// Sources/StoryKitCore/StoryKitCore.docc/FoundationModelsBackend.md uses, with the shapes
// Apple documents (iOS 26). FoundationModels exists only on Apple platforms; this lets the
// article's snippet be type-checked against StoryKitCore on Linux. Nothing here runs.

public final class SystemLanguageModel: Sendable {
    public enum Availability: Sendable {
        public enum UnavailableReason: Sendable {
            case deviceNotEligible, appleIntelligenceNotEnabled, modelNotReady
        }
        case available
        case unavailable(UnavailableReason)
    }

    public static let `default` = SystemLanguageModel()
    public var availability: Availability { .available }
}

public struct GenerationOptions: Sendable {
    public var temperature: Double?
    public var maximumResponseTokens: Int?
    public init() {}
}

public final class LanguageModelSession {
    public enum GenerationError: Error {
        public struct Context: Sendable {}
        case exceededContextWindowSize(Context)
        case assetsUnavailable(Context)
        case guardrailViolation(Context)
        case unsupportedGuide(Context)
        case unsupportedLanguageOrLocale(Context)
        case decodingFailure(Context)
        case rateLimited(Context)
        case concurrentRequests(Context)
        case refusal(Context)
    }

    public struct ResponseStream<Content>: AsyncSequence {
        public struct Snapshot {
            public var content: Content
        }

        public typealias Element = Snapshot

        public struct AsyncIterator: AsyncIteratorProtocol {
            public mutating func next() async throws -> Snapshot? { nil }
        }

        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
    }

    public init(model: SystemLanguageModel = .default, instructions: String? = nil) {}

    public func streamResponse(to prompt: String, options: GenerationOptions = GenerationOptions()) -> ResponseStream<
        String
    > {
        ResponseStream()
    }
}
