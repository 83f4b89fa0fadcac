/// A record a repository keeps: a validated model with an id.
public protocol StoredRecord: JSONConvertible, Sendable, Hashable {
    /// The collection the record belongs to.
    static var collection: StoreCollection { get }
    /// The record's id.
    var id: String { get }
}
