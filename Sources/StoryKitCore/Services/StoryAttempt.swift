/// One reply of a story backend that was refused, or a backend that could not answer.
public struct StoryAttempt: Sendable, Hashable, CustomStringConvertible {
    /// The backend tried.
    public var backend: CorrectionBackend
    /// How the story was asked for.
    public var shape: StoryShape?
    /// Why its reply was refused.
    public var issues: [StoryIssue]
    /// Why it could not answer.
    public var error: GenerationError?

    /// Creates a record of a try.
    public init(
        backend: CorrectionBackend, shape: StoryShape? = nil, issues: [StoryIssue] = [], error: GenerationError? = nil
    ) {
        self.backend = backend
        self.shape = shape
        self.issues = issues
        self.error = error
    }

    public var description: String {
        if let error { return "\(backend.rawValue): \(error)" }
        let reasons = issues.prefix(4).map(\.detail).joined(separator: ", ")
        let more = issues.count > 4 ? " and \(issues.count - 4) more" : ""
        return "\(backend.rawValue): the story was refused (\(reasons)\(more))"
    }

    /// `{"backend":"remote","shape":"whole","issues":[…],"error":null}`.
    public var json: JSONValue {
        [
            "backend": .string(backend.rawValue), "shape": shape.map { .string($0.rawValue) } ?? .null,
            "issues": .array(issues.map(\.json)), "error": error?.json ?? .null
        ]
    }
}
