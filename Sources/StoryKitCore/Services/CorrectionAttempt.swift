/// One try of a correction backend that did not give the answer.
public struct CorrectionAttempt: Sendable, Hashable, CustomStringConvertible {
    /// The backend tried.
    public var backend: CorrectionBackend
    /// What was wrong with its reply, when it answered.
    public var problem: CorrectionRetry.Problem?
    /// Why it could not answer, when it failed.
    public var error: GenerationError?

    /// Creates a record of a try.
    public init(backend: CorrectionBackend, problem: CorrectionRetry.Problem? = nil, error: GenerationError? = nil) {
        self.backend = backend
        self.problem = problem
        self.error = error
    }

    public var description: String {
        if let error { return "\(backend.rawValue): \(error)" }
        return "\(backend.rawValue): the reply was unusable (\(problem?.rawValue ?? "unknown"))"
    }

    /// `{"backend":"remote","problem":"count","error":null}` or with `error` as
    /// ``GenerationError/json``.
    public var json: JSONValue {
        [
            "backend": .string(backend.rawValue), "problem": problem.map { .string($0.rawValue) } ?? .null,
            "error": error?.json ?? .null
        ]
    }
}
