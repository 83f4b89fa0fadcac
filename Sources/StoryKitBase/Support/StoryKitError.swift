/// An error raised by StoryKit, with a code that maps one-to-one onto the C status codes.
///
/// Every failure in the library can be expressed as a `StoryKitError`, so that the C shim and
/// other hosts can report it without losing the message.
///
///     do { _ = try JSONValue(parsing: "[1,") }
///     catch let error as JSONParseError { StoryKitError(error).code }   // .parse
public struct StoryKitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is. The raw values are the C `storykit_status` codes.
    public enum Code: Int32, Sendable, Hashable, CaseIterable {
        /// A missing or malformed argument, an unknown option, a malformed request.
        case invalidArgument = -1
        /// The input text could not be parsed.
        case parse = -2
        /// No such record, field or profile.
        case notFound = -3
        /// A file system failure.
        case io = -4
        /// The transport failed (connection, timeout).
        case transport = -5
        /// The remote service answered with an error.
        case api = -6
        /// The capability is unavailable on this platform.
        case unavailable = -7
        /// An input exceeded a documented limit (size, depth).
        case limit = -8
        /// A user callback asked to stop or failed.
        case callback = -9
        /// A call was made in the wrong state.
        case state = -10
        /// The operation this call belonged to was cancelled or timed out.
        case cancelled = -11
        /// A defect in StoryKit; the message says where.
        case `internal` = -99

        /// A short English description, the same text as `storykit_status_string`.
        public var summary: String {
            switch self {
            case .invalidArgument: "invalid argument"
            case .parse: "parse error"
            case .notFound: "not found"
            case .io: "I/O error"
            case .transport: "transport error"
            case .api: "API error"
            case .unavailable: "unavailable"
            case .limit: "limit exceeded"
            case .callback: "callback stopped the operation"
            case .state: "wrong state"
            case .cancelled: "cancelled"
            case .internal: "internal error"
            }
        }
    }

    /// What kind of failure this is.
    public var code: Code
    /// One human-readable sentence saying what went wrong and where.
    public var message: String

    /// Creates an error with a code and a message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.summary): \(message)" }
}
