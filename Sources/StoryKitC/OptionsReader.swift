import StoryKitCore

/// Reads an `options_json` object: each key is taken once with its expected type, and
/// `finish()` rejects any key nobody asked for, so a misspelt option is an error, not a
/// silent default.
struct OptionsReader {
    private let object: JSONObject
    private var known: Set<String> = []

    init(_ object: JSONObject) {
        self.object = object
    }

    /// The integer at `key` within `range`, or `defaultValue` when absent.
    mutating func integer(_ key: String, in range: ClosedRange<Int>, default defaultValue: Int) throws(StoryKitError) -> Int {
        known.insert(key)
        guard let value = object[key] else { return defaultValue }
        guard let number = value.numberValue, let integer = number.int64Value, number.isIntegerText,
              range.contains(Int(truncatingIfNeeded: integer)), Int64(Int(truncatingIfNeeded: integer)) == integer else {
            throw StoryKitError(.invalidArgument, "option \"\(key)\" must be an integer from \(range.lowerBound) to \(range.upperBound), not \(value.formatted())")
        }
        return Int(integer)
    }

    /// The boolean at `key`, or `defaultValue` when absent.
    mutating func boolean(_ key: String, default defaultValue: Bool) throws(StoryKitError) -> Bool {
        known.insert(key)
        guard let value = object[key] else { return defaultValue }
        guard let flag = value.boolValue else {
            throw StoryKitError(.invalidArgument, "option \"\(key)\" must be true or false, not \(value.formatted())")
        }
        return flag
    }

    /// The string at `key`, `nil` when absent or null.
    mutating func optionalString(_ key: String) throws(StoryKitError) -> String? {
        known.insert(key)
        guard let value = object[key], !value.isNull else { return nil }
        guard let string = value.stringValue else {
            throw StoryKitError(.invalidArgument, "option \"\(key)\" must be a string or null, not \(value.formatted())")
        }
        return string
    }

    /// Throws for the first key that was never asked for.
    func finish() throws(StoryKitError) {
        if let unknown = object.keys.first(where: { !known.contains($0) }) {
            let expected = known.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            throw StoryKitError(.invalidArgument, "unknown option \"\(unknown)\"; known options: \(expected)")
        }
    }
}
