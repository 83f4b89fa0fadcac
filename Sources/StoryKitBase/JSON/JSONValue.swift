/// A JSON value that keeps everything the text said: member order, duplicate keys and the
/// exact text of numbers.
///
/// `JSONValue` is what the strict parser produces and what the writer consumes, so a document
/// survives a parse and a write unchanged but for white space:
///
///     let value = try JSONValue(parsing: #"{"big": 12345678901234567890, "e": 1.0e5}"#)
///     value["big"]?.numberValue?.text        // "12345678901234567890"
///     value.formatted(.init(indent: 0))      // {"big":12345678901234567890,"e":1.0e5}
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its exact text.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in the order they were written.
    case object(JSONObject)
}

extension JSONValue {
    /// The wrapped boolean, or `nil` when this is not a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The wrapped number, or `nil` when this is not a number.
    public var numberValue: JSONNumber? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The wrapped number as an `Int` when it is written as an integer (out-of-range values
    /// clamp to `Int`'s bounds), or `nil`.
    package var integerValue: Int? {
        numberValue?.int64Value.map { Int(clamping: $0) }
    }

    /// The wrapped string, or `nil` when this is not a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The wrapped array, or `nil` when this is not an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The wrapped object, or `nil` when this is not an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value of the last member named `key` when this is an object; otherwise `nil`.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// The element at `index` when this is an array and the index is in range; otherwise `nil`.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The JSON type name of this value: `"null"`, `"boolean"`, `"number"`, `"string"`,
    /// `"array"` or `"object"`; for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
