/// What ``StoryService`` wrote, and how it got there.
public struct StoryOutcome: Sendable, Hashable {
    /// The story, which passed every rule of ``StoryCheck``.
    public var story: Story
    /// The backend that wrote it.
    public var backend: CorrectionBackend
    /// How it was asked for.
    public var shape: StoryShape
    /// Every earlier try, in order: each refused reply (a whole story, a title or a page,
    /// with its issues) and each failed backend.
    public var attempts: [StoryAttempt]
    /// The model requests made, the refused ones included.
    public var requests: Int
    /// Whether the story was saved to the store given.
    public var saved: Bool

    /// Creates an outcome.
    public init(
        story: Story, backend: CorrectionBackend, shape: StoryShape, attempts: [StoryAttempt] = [], requests: Int,
        saved: Bool
    ) {
        self.story = story
        self.backend = backend
        self.shape = shape
        self.attempts = attempts
        self.requests = requests
        self.saved = saved
    }

    /// The issues of the refused replies, in order: what the re-asks were asked to mend.
    public var issues: [StoryIssue] { attempts.flatMap(\.issues) }

    /// `{"story":{…},"issues":[…],"attempts":[…],"backend":"remote","shape":"pages",
    /// "requests":4,"saved":true}`.
    public var json: JSONValue {
        [
            "story": story.json, "issues": .array(issues.map(\.json)), "attempts": .array(attempts.map(\.json)),
            "backend": .string(backend.rawValue), "shape": .string(shape.rawValue),
            "requests": .number(JSONNumber(requests)), "saved": .bool(saved)
        ]
    }
}
