/// Decodes any `Decodable` value from a `JSONValue`, without Foundation.
///
/// Numbers convert exactly or not at all: `2.5` is not an `Int`, and `300` is not a `UInt8`.
/// Errors are the standard `DecodingError`s with the coding path of the offending value.
///
///     let theme = try JSONValueDecoder().decode(ThemePreference.self, from: "dark")
public struct JSONValueDecoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// Decodes a value of `type` from `value`.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try decodeValue(type, from: value, codingPath: [])
    }
}

private func decodeValue<T: Decodable>(_ type: T.Type, from value: JSONValue, codingPath: [any CodingKey]) throws -> T {
    if T.self == JSONValue.self { return value as! T }
    return try T(from: ValueDecoder(value: value, codingPath: codingPath))
}

private struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else {
            throw typeMismatch([String: JSONValue].self, "an object", value, codingPath)
        }
        return KeyedDecodingContainer(KeyedContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw typeMismatch([JSONValue].self, "an array", value, codingPath)
        }
        return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleContainer(value: value, codingPath: codingPath)
    }
}

private func typeMismatch(_ type: Any.Type, _ expected: String, _ value: JSONValue, _ codingPath: [any CodingKey])
    -> DecodingError
{
    .typeMismatch(
        type,
        .init(
            codingPath: codingPath,
            debugDescription:
                "expected \(expected), found \(value.typeName == "array" || value.typeName == "object" ? "an" : "a") \(value.typeName)"
        ))
}

/// Converts a leaf exactly, or throws a type mismatch.
private func decodeLeaf<T: Decodable>(_ type: T.Type, from value: JSONValue, codingPath: [any CodingKey]) throws -> T {
    func integer<I: FixedWidthInteger>(_: I.Type) throws -> I {
        guard case .number(let number) = value else { throw typeMismatch(I.self, "an integer", value, codingPath) }
        if let exact = I(number.text) { return exact }
        guard let wide = number.int64Value, let narrow = I(exactly: wide) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "\(number.text) is not a \(I.self)"))
        }
        return narrow
    }
    switch type {
    case is String.Type:
        guard case .string(let string) = value else { throw typeMismatch(String.self, "a string", value, codingPath) }
        return string as! T
    case is Bool.Type:
        guard case .bool(let flag) = value else { throw typeMismatch(Bool.self, "true or false", value, codingPath) }
        return flag as! T
    case is Double.Type, is Float.Type:
        guard case .number(let number) = value else { throw typeMismatch(Double.self, "a number", value, codingPath) }
        return (type == Double.self ? number.doubleValue as Any : Float(number.doubleValue) as Any) as! T
    case is JSONNumber.Type:
        guard case .number(let number) = value else {
            throw typeMismatch(JSONNumber.self, "a number", value, codingPath)
        }
        return number as! T
    case is Int.Type: return try integer(Int.self) as! T
    case is Int8.Type: return try integer(Int8.self) as! T
    case is Int16.Type: return try integer(Int16.self) as! T
    case is Int32.Type: return try integer(Int32.self) as! T
    case is Int64.Type: return try integer(Int64.self) as! T
    case is UInt.Type: return try integer(UInt.self) as! T
    case is UInt8.Type: return try integer(UInt8.self) as! T
    case is UInt16.Type: return try integer(UInt16.self) as! T
    case is UInt32.Type: return try integer(UInt32.self) as! T
    case is UInt64.Type: return try integer(UInt64.self) as! T
    default: return try decodeValue(type, from: value, codingPath: codingPath)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let codingPath: [any CodingKey]

    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    private func value(for key: Key) throws -> JSONValue {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "missing key \"\(key.stringValue)\""))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try value(for: key).isNull
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decodeLeaf(type, from: value(for: key), codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try ValueDecoder(value: value(for: key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: value(for: key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: object["super"] ?? .null, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: object[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next<T>(_ type: T.Type) throws -> (JSONValue, [any CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: codingPath + [JSONIndexKey(currentIndex)],
                    debugDescription: "the array has only \(elements.count) elements"))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], codingPath + [JSONIndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next(type)
        return try decodeLeaf(type, from: value, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        let (value, path) = try next(JSONObject.self)
        return try ValueDecoder(value: value, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next([JSONValue].self)
        return try ValueDecoder(value: value, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next(JSONValue.self)
        return ValueDecoder(value: value, codingPath: path)
    }
}

private struct SingleContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value.isNull }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeLeaf(type, from: value, codingPath: codingPath)
    }
}
