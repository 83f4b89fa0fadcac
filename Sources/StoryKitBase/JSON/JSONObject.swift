/// A JSON object: its members in the order they were written, duplicate keys included.
///
/// RFC 8259 leaves duplicate names to the reader; StoryKit keeps every member so that nothing
/// is lost, and lookups by key answer with the last member of that name, as JavaScript does.
///
///     var object: JSONObject = ["b": 1, "a": 2]
///     object["a"] = "two"
///     object.keys      // ["b", "a"]
public struct JSONObject: Sendable, Hashable {
    /// The members, in order.
    public var members: [JSONMember]

    /// Creates an object from its members, in order.
    public init(_ members: [JSONMember] = []) {
        self.members = members
    }

    /// The keys of the members, in order, duplicates included.
    public var keys: [String] { members.map(\.key) }

    /// The number of members, duplicates included.
    public var count: Int { members.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The value of the last member named `key`, or `nil`.
    ///
    /// Setting a value replaces the last member of that name in place, or appends a member;
    /// setting `nil` removes every member of that name.
    public subscript(key: String) -> JSONValue? {
        get {
            members.last(where: { $0.key == key })?.value
        }
        set {
            guard let newValue else {
                members.removeAll { $0.key == key }
                return
            }
            if let index = members.lastIndex(where: { $0.key == key }) {
                members[index].value = newValue
            } else {
                members.append(JSONMember(key, newValue))
            }
        }
    }

    /// Appends a member, even when one of the same name exists.
    public mutating func append(_ key: String, _ value: JSONValue) {
        members.append(JSONMember(key, value))
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { JSONMember($0.0, $0.1) })
    }
}

extension JSONObject: Sequence {
    public func makeIterator() -> IndexingIterator<[JSONMember]> {
        members.makeIterator()
    }
}
