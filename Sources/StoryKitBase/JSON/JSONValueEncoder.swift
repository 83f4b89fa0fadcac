/// Encodes any `Encodable` value into a `JSONValue`, without Foundation.
///
/// Keys keep the order in which `encode(to:)` writes them; integers and doubles become exact
/// numbers; non-finite doubles are an `EncodingError`, since JSON cannot express them.
///
///     let value = try JSONValueEncoder().encode(ThemePreference.dark)   // "dark"
public struct JSONValueEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// Encodes `value` as a `JSONValue`.
    public func encode(_ value: some Encodable) throws -> JSONValue {
        let root = EncodingSlot()
        try value.encode(to: ValueEncoder(slot: root, codingPath: []))
        return root.value
    }
}

/// Where one encoded value is written; containers hold their children's slots until the end.
private final class EncodingSlot {
    enum Content {
        case value(JSONValue)
        case array([EncodingSlot])
        case object([(String, EncodingSlot)])
    }

    var content: Content = .value(.null)

    var value: JSONValue {
        switch content {
        case .value(let value): value
        case .array(let slots): .array(slots.map(\.value))
        case .object(let members): .object(JSONObject(members.map { JSONMember($0.0, $0.1.value) }))
        }
    }
}

private struct ValueEncoder: Encoder {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = slot.content {} else { slot.content = .object([]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = slot.content {} else { slot.content = .array([]) }
        return UnkeyedContainer(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(slot: slot, codingPath: codingPath)
    }
}

/// Turns a leaf into a `JSONValue`, or encodes a nested value into a fresh slot.
private func encodedSlot(_ value: some Encodable, codingPath: [any CodingKey]) throws -> EncodingSlot {
    let slot = EncodingSlot()
    switch value {
    case let value as JSONValue: slot.content = .value(value)
    case let value as JSONNumber: slot.content = .value(.number(value))
    case let value as String: slot.content = .value(.string(value))
    case let value as Bool: slot.content = .value(.bool(value))
    case let value as Double: slot.content = .value(try number(value, codingPath))
    case let value as Float: slot.content = .value(try number(Double(value), codingPath))
    case let value as any BinaryInteger: slot.content = .value(.number(JSONNumber(value)))
    default: try value.encode(to: ValueEncoder(slot: slot, codingPath: codingPath))
    }
    return slot
}

private func number(_ value: Double, _ codingPath: [any CodingKey]) throws -> JSONValue {
    guard let number = JSONNumber(value) else {
        throw EncodingError.invalidValue(
            value, .init(codingPath: codingPath, debugDescription: "JSON cannot express \(value)"))
    }
    return .number(number)
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]

    private func append(_ key: Key, _ child: EncodingSlot) {
        guard case .object(var members) = slot.content else { return }
        slot.content = .value(.null)  // drop the reference so the array is uniquely owned
        if let index = members.firstIndex(where: { $0.0 == key.stringValue }) {
            members[index].1 = child
        } else {
            members.append((key.stringValue, child))
        }
        slot.content = .object(members)
    }

    mutating func encodeNil(forKey key: Key) throws {
        append(key, EncodingSlot())
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        append(key, try encodedSlot(value, codingPath: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = EncodingSlot()
        append(key, child)
        return ValueEncoder(slot: child, codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = EncodingSlot()
        append(key, child)
        return ValueEncoder(slot: child, codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(forKey: Key(stringValue: "super")!)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = EncodingSlot()
        append(key, child)
        return ValueEncoder(slot: child, codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]

    var count: Int {
        if case .array(let elements) = slot.content { return elements.count }
        return 0
    }

    private func append(_ child: EncodingSlot) {
        guard case .array(var elements) = slot.content else { return }
        slot.content = .value(.null)  // drop the reference so the array is uniquely owned
        elements.append(child)
        slot.content = .array(elements)
    }

    mutating func encodeNil() throws {
        append(EncodingSlot())
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        append(try encodedSlot(value, codingPath: codingPath + [JSONIndexKey(count)]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        let child = EncodingSlot()
        let path = codingPath + [JSONIndexKey(count)]
        append(child)
        return ValueEncoder(slot: child, codingPath: path).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = EncodingSlot()
        let path = codingPath + [JSONIndexKey(count)]
        append(child)
        return ValueEncoder(slot: child, codingPath: path).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = EncodingSlot()
        let path = codingPath + [JSONIndexKey(count)]
        append(child)
        return ValueEncoder(slot: child, codingPath: path)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws {
        slot.content = .value(.null)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        slot.content = try encodedSlot(value, codingPath: codingPath).content
    }
}
