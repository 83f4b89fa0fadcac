/// A record that could not be read while listing: its id and what is wrong with it.
public struct StoreProblem: Sendable, Hashable {
    /// The id of the record.
    public var id: String
    /// What is wrong, such as "the file is not valid JSON: line 1, column 9 (byte 8): ...".
    public var message: String

    /// Creates a problem report.
    public init(id: String, message: String) {
        self.id = id
        self.message = message
    }
}
