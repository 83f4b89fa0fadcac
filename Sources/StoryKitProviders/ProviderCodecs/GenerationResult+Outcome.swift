extension Result where Success == GenerationResult, Failure == GenerationError {
    /// The outcome as `storykit_response_decode` returns it: `{"result":{…}}` or `{"error":{…}}`.
    public var json: JSONValue {
        switch self {
        case .success(let result): ["result": result.json]
        case .failure(let error): ["error": error.json]
        }
    }
}
