/// Reads the members of a JSON request or options object: each key is taken once with its
/// expected type, errors name the key by its full path (`hero.traits[1]`), and `finish()`
/// rejects any key nobody asked for, so a misspelt key is an error, not a silent default.
///
///     var reader = try JSONFieldReader(request, noun: "field")
///     let text = try reader.string("text")          // `field "text" is missing`
///     try reader.finish()                            // `unknown field "txet"; known fields: "text"`
package struct JSONFieldReader {
    private let object: JSONObject
    private let prefix: String
    private let noun: String
    private var known: [String] = []

    /// A reader over `value`, which must be an object.
    ///
    /// - Parameters:
    ///   - noun: what a key is called in messages: `"field"` or `"option"`.
    ///   - path: the path of `value` inside the document, `""` at the top.
    package init(_ value: JSONValue, noun: String = "field", path: String = "") throws(StoryKitError) {
        guard case .object(let object) = value else {
            let name = path.isEmpty ? "the request" : "\(noun) \"\(path)\""
            throw StoryKitError(.invalidArgument, "\(name) must be a JSON object, not \(Self.describe(value))")
        }
        self.init(object, noun: noun, path: path)
    }

    /// A reader over `object`.
    package init(_ object: JSONObject, noun: String = "field", path: String = "") {
        self.object = object
        self.noun = noun
        self.prefix = path.isEmpty ? "" : path + "."
        known.reserveCapacity(object.count)
    }

    /// The full name of `key` in messages: `field "hero.name"`.
    package func name(_ key: String) -> String { "\(noun) \"\(prefix)\(key)\"" }

    /// The object read, as a value: a key to remember what was read by.
    package var value: JSONValue { .object(object) }

    private mutating func take(_ key: String) -> JSONValue? {
        if !known.contains(key) { known.append(key) }
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    private func wrongType(_ key: String, _ expected: String, _ value: JSONValue) -> StoryKitError {
        StoryKitError(.invalidArgument, "\(name(key)) must be \(expected), not \(Self.describe(value))")
    }

    /// Whether `key` is present and not null; does not take the key.
    package func contains(_ key: String) -> Bool {
        object[key].map { !$0.isNull } ?? false
    }

    /// The value at `key` without taking the key.
    package func peek(_ key: String) -> JSONValue? {
        object[key]
    }

    /// The string at `key`, `nil` when absent or null.
    package mutating func optionalString(_ key: String) throws(StoryKitError) -> String? {
        guard let value = take(key) else { return nil }
        guard let string = value.stringValue else { throw wrongType(key, "a string", value) }
        return string
    }

    /// The string at `key`; absent or null is an error.
    package mutating func string(_ key: String) throws(StoryKitError) -> String {
        guard let string = try optionalString(key) else { throw missing(key) }
        return string
    }

    /// The error for a required key that is absent.
    package func missing(_ key: String) -> StoryKitError {
        StoryKitError(.invalidArgument, "\(name(key)) is missing")
    }

    /// The integer at `key` within `range`, `nil` when absent or null.
    package mutating func optionalInteger(_ key: String, in range: ClosedRange<Int>) throws(StoryKitError) -> Int? {
        guard let value = take(key) else { return nil }
        guard let number = value.numberValue, number.isIntegerText, let integer = number.int64Value,
            integer >= Int64(range.lowerBound), integer <= Int64(range.upperBound)
        else {
            throw wrongType(key, "an integer from \(range.lowerBound) to \(range.upperBound)", value)
        }
        return Int(integer)
    }

    /// The integer at `key` within `range`, or `defaultValue` when absent.
    package mutating func integer(_ key: String, in range: ClosedRange<Int>, default defaultValue: Int)
        throws(StoryKitError) -> Int
    {
        try optionalInteger(key, in: range) ?? defaultValue
    }

    /// The number at `key` within `range`, `nil` when absent or null.
    package mutating func optionalNumber(_ key: String, in range: ClosedRange<Double>) throws(StoryKitError) -> Double?
    {
        guard let value = take(key) else { return nil }
        guard let number = value.numberValue?.doubleValue, range.contains(number) else {
            throw wrongType(key, "a number from \(range.lowerBound) to \(range.upperBound)", value)
        }
        return number
    }

    /// The boolean at `key`, or `defaultValue` when absent.
    package mutating func boolean(_ key: String, default defaultValue: Bool) throws(StoryKitError) -> Bool {
        try optionalBoolean(key) ?? defaultValue
    }

    /// The boolean at `key`, `nil` when absent or null.
    package mutating func optionalBoolean(_ key: String) throws(StoryKitError) -> Bool? {
        guard let value = take(key) else { return nil }
        guard let flag = value.boolValue else { throw wrongType(key, "true or false", value) }
        return flag
    }

    /// The string at `key` turned into `Value`, or `defaultValue` when absent; an unknown
    /// string is an error listing the values allowed.
    package mutating func choice<Value: RawRepresentable & CaseIterable>(
        _ key: String, default defaultValue: Value? = nil
    ) throws(StoryKitError) -> Value where Value.RawValue == String {
        guard let choice: Value = try optionalChoice(key) else {
            guard let defaultValue else { throw missing(key) }
            return defaultValue
        }
        return choice
    }

    /// The string at `key` turned into `Value`, `nil` when absent or null; an unknown string is
    /// an error listing the values allowed.
    package mutating func optionalChoice<Value: RawRepresentable & CaseIterable>(_ key: String) throws(StoryKitError)
        -> Value?
    where Value.RawValue == String {
        guard let value = take(key) else { return nil }
        guard let string = value.stringValue, let choice = Value(rawValue: string) else {
            // The list of allowed values is only built for the message.
            let allowed = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw wrongType(key, "one of \(allowed)", value)
        }
        return choice
    }

    /// The array of strings at `key`, `[]` when absent or null.
    package mutating func strings(_ key: String) throws(StoryKitError) -> [String] {
        guard let value = take(key) else { return [] }
        guard let array = value.arrayValue else { throw wrongType(key, "an array of strings", value) }
        var strings: [String] = []
        strings.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            guard let string = element.stringValue else {
                throw StoryKitError(
                    .invalidArgument,
                    "\(noun) \"\(prefix)\(key)[\(index)]\" must be a string, not \(Self.describe(element))")
            }
            strings.append(string)
        }
        return strings
    }

    /// The array of integers in `range` at `key`, `[]` when absent or null.
    package mutating func integers(_ key: String, in range: ClosedRange<Int>) throws(StoryKitError) -> [Int] {
        guard let value = take(key) else { return [] }
        guard let array = value.arrayValue else { throw wrongType(key, "an array of integers", value) }
        var integers: [Int] = []
        integers.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            guard let number = element.numberValue, number.isIntegerText, let integer = number.int64Value,
                integer >= Int64(range.lowerBound), integer <= Int64(range.upperBound)
            else {
                throw StoryKitError(
                    .invalidArgument,
                    "\(noun) \"\(prefix)\(key)[\(index)]\" must be an integer from \(range.lowerBound) to \(range.upperBound), not \(Self.describe(element))"
                )
            }
            integers.append(Int(integer))
        }
        return integers
    }

    /// Readers for the objects in the array at `key` (paths `key[0]`, …), `[]` when absent.
    package mutating func objects(_ key: String) throws(StoryKitError) -> [JSONFieldReader] {
        guard let value = take(key) else { return [] }
        guard let array = value.arrayValue else { throw wrongType(key, "an array of objects", value) }
        var readers: [JSONFieldReader] = []
        readers.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            readers.append(try JSONFieldReader(element, noun: noun, path: "\(prefix)\(key)[\(index)]"))
        }
        return readers
    }

    /// A reader for the object at `key`, `nil` when absent or null.
    package mutating func optionalObject(_ key: String) throws(StoryKitError) -> JSONFieldReader? {
        guard let value = take(key) else { return nil }
        return try JSONFieldReader(value, noun: noun, path: prefix + key)
    }

    /// A reader for the object at `key`; absent or null is an error.
    package mutating func object(_ key: String) throws(StoryKitError) -> JSONFieldReader {
        guard let reader = try optionalObject(key) else { throw missing(key) }
        return reader
    }

    /// The raw value at `key`, `nil` when absent or null.
    package mutating func value(_ key: String) -> JSONValue? {
        take(key)
    }

    /// Throws for the first key that was never asked for.
    package func finish() throws(StoryKitError) {
        guard let unknown = object.keys.first(where: { !known.contains($0) }) else { return }
        let expected = known.map { "\"\($0)\"" }.sorted().joined(separator: ", ")
        let place = prefix.isEmpty ? "" : " in \"\(prefix.dropLast())\""
        throw StoryKitError(
            .invalidArgument, "unknown \(noun) \"\(prefix)\(unknown)\"\(place); known \(noun)s: \(expected)")
    }

    /// A short rendering of a value for messages, cut to 40 characters.
    package static func describe(_ value: JSONValue) -> String {
        let text = value.formatted()
        let article = value.typeName == "array" || value.typeName == "object" ? "an \(value.typeName)" : nil
        if let article, text.unicodeScalars.count > 40 { return article }
        guard text.unicodeScalars.count > 40 else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(37))) + "..."
    }
}
