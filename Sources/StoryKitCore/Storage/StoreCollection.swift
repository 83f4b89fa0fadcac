/// The collections a store keeps.
public enum StoreCollection: String, Sendable, Hashable, CaseIterable {
    /// ``Story`` records.
    case stories
    /// ``Hero`` records.
    case heroes
    /// ``CustomEvent`` records.
    case events
    /// ``CorrectionRecord`` records: corrections the user asked for and the versions offered.
    case corrections
    /// Small settings such as the theme preference, one JSON value per key.
    case preferences

    /// Parses a collection name, as the C ABI takes it.
    ///
    /// - Throws: `.invalidArgument` naming the known collections.
    public init(validating name: String) throws(StoryKitError) {
        guard let collection = StoreCollection(rawValue: name) else {
            throw StoryKitError(.invalidArgument, "unknown collection \"\(name)\"; expected \"stories\", \"heroes\", \"events\", \"corrections\" or \"preferences\"")
        }
        self = collection
    }
}

/// A record a repository keeps: a validated model with an id.
public protocol StoredRecord: JSONConvertible, Sendable, Hashable {
    /// The collection the record belongs to.
    static var collection: StoreCollection { get }
    /// The record's id.
    var id: String { get }
}

extension Story: StoredRecord {
    public static var collection: StoreCollection { .stories }
}

extension Hero: StoredRecord {
    public static var collection: StoreCollection { .heroes }
}

extension CustomEvent: StoredRecord {
    public static var collection: StoreCollection { .events }
}

extension CorrectionRecord: StoredRecord {
    public static var collection: StoreCollection { .corrections }
}

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

/// One page of a listing, in creation order (then by id).
public struct RecordPage<Record: Sendable>: Sendable {
    /// The records of this page.
    public var items: [Record]
    /// The id to pass as `after` for the next page; `nil` on the last page.
    public var nextAfter: String?
    /// Records of this page's span that could not be read; they do not stop the listing.
    public var problems: [StoreProblem]

    /// Creates a page.
    public init(items: [Record], nextAfter: String?, problems: [StoreProblem] = []) {
        self.items = items
        self.nextAfter = nextAfter
        self.problems = problems
    }
}
