/// HTTP header fields in the order they were added; names compare without regard to case.
///
///     var headers: HTTPHeaders = ["Content-Type": "application/json"]
///     headers["content-type"]   // "application/json"
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The field name as it was given.
        public var name: String
        /// The field value.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields, in order.
    public private(set) var fields: [Field]

    /// Creates headers from fields in order.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { Field(name: $0.0, value: $0.1) })
    }

    /// The value of the first field named `name`, ignoring case; setting replaces every field
    /// of that name (or removes them all when `nil`).
    public subscript(name: String) -> String? {
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            let index = fields.firstIndex { Self.sameName($0.name, name) }
            fields.removeAll { Self.sameName($0.name, name) }
            if let newValue { fields.insert(Field(name: name, value: newValue), at: index ?? fields.count) }
        }
    }

    /// Adds a field after the others, keeping any of the same name.
    public mutating func append(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// ASCII case-insensitive comparison, as HTTP field names require.
    static func sameName(_ first: String, _ second: String) -> Bool {
        let a = first.utf8, b = second.utf8
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { $0.asciiLowercased == $1.asciiLowercased }
    }
}
