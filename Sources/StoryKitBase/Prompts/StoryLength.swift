/// How long a story should be.
public enum StoryLength: String, Sendable, Hashable, CaseIterable {
    case short, medium, long

    /// The target length in words.
    public var words: Int {
        switch self {
        case .short: 300
        case .medium: 600
        case .long: 1000
        }
    }

    /// The number of pages to split the story into.
    public var pages: Int {
        switch self {
        case .short: 3
        case .medium: 5
        case .long: 8
        }
    }

    /// The reply budget: two tokens a word covers languages that tokenize denser than
    /// English, plus the JSON around the pages.
    var responseTokens: Int { words * 2 + 100 }
}
