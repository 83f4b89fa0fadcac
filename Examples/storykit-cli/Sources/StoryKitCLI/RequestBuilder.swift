import StoryKitCore

/// Builds a JSON request from a file and `--set path=value` flags, so that every key the
/// library's JSON form takes can be given on the command line.
struct RequestBuilder {
    private(set) var object: JSONObject

    /// Starts from nothing.
    init() {
        object = JSONObject()
    }

    /// Starts from the JSON object in `file` (`-` for standard input), or from nothing.
    init(file: String?) throws(CLIFailure) {
        guard let file else {
            object = JSONObject()
            return
        }
        let text = try InputSource(path: file).readText()
        let value = try parsedJSON(text, from: file)
        guard let object = value.objectValue else {
            throw CLIFailure(
                "\(file) holds \(value.kindName), not a JSON object",
                hint: "Write the request as one JSON object, such as {\"domain\":\"motion\"}.")
        }
        self.object = object
    }

    /// Sets the value at a dotted path (`field.kind`), creating objects on the way.
    mutating func set(_ path: String, _ value: JSONValue) {
        let keys = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        object = Self.setting(object, keys[...], value)
    }

    /// Sets a value when it was given.
    mutating func set(_ path: String, _ value: JSONValue?, when given: Bool = true) {
        if let value, given { set(path, value) }
    }

    /// Applies `path=value` assignments; a value that parses as JSON is taken as JSON
    /// (`true`, `3`, `["a"]`), any other as a string.
    mutating func apply(assignments: [String]) throws(CLIFailure) {
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw CLIFailure(
                    "--set \"\(assignment)\" is not path=value",
                    hint: "Write --set field.kind=longText, or --set 'platform={\"os\":\"iOS\",\"version\":\"26\"}'.")
            }
            let path = String(assignment[..<equals])
            let text = String(assignment[assignment.index(after: equals)...])
            set(path, (try? JSONValue(parsing: text)) ?? .string(text))
        }
    }

    var value: JSONValue { .object(object) }

    private static func setting(_ object: JSONObject, _ keys: ArraySlice<String>, _ value: JSONValue) -> JSONObject {
        var object = object
        guard let key = keys.first else { return object }
        if keys.count == 1 {
            object[key] = value
        } else {
            let inner = object[key]?.objectValue ?? JSONObject()
            object[key] = .object(setting(inner, keys.dropFirst(), value))
        }
        return object
    }
}

/// Parses JSON text read from `source`, naming it and the place of the fault on failure.
func parsedJSON(_ text: String, from source: String) throws(CLIFailure) -> JSONValue {
    do {
        return try JSONValue(parsing: text)
    } catch {
        throw CLIFailure(
            "\(source) is not valid JSON: \(error)",
            hint: "Fix the JSON at the place the message gives; `storykit parse json` repairs JSON as models write it.")
    }
}

extension JSONValue {
    /// "an array", "a string": for messages.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
