/// A model that converts to and from `JSONValue` through its `Codable` conformance, with
/// errors that name the offending key.
///
///     let hero = try Hero(json: ["id": "h1", "name": "Mia", "traits": ["brave"], "appearance": "red boots"])
///     hero.json["name"]   // "Mia"
public protocol JSONConvertible: Codable {
    /// Decodes and validates a model from JSON.
    ///
    /// - Throws: `StoryKitError` with code `.invalidArgument` naming the key path at fault.
    init(json: JSONValue) throws(StoryKitError)

    /// The model as JSON.
    var json: JSONValue { get }
}

extension JSONConvertible {
    public init(json: JSONValue) throws(StoryKitError) {
        do {
            self = try JSONValueDecoder().decode(Self.self, from: json)
        } catch {
            throw StoryKitError(decoding: error, of: Self.self)
        }
    }

    /// Parses JSON text and decodes a model from it.
    ///
    /// - Throws: `StoryKitError` with `.parse` or `.limit` for bad JSON text, and
    ///   `.invalidArgument` for JSON of the wrong shape.
    public init(jsonText: String) throws(StoryKitError) {
        try self.init(json: JSONValue.parsed(jsonText))
    }

    public var json: JSONValue {
        // Models hold only strings, booleans, integers and nested models, which always encode.
        (try? JSONValueEncoder().encode(self)) ?? .null
    }
}

extension StoryKitError {
    /// An `.invalidArgument` error for a failed decode, naming the key path:
    /// `Hero: "traits"[1]: expected a string, found a number`.
    public init(decoding error: any Error, of type: Any.Type) {
        if let error = error as? StoryKitError {
            self = error
            return
        }
        guard let error = error as? DecodingError else {
            self.init(.invalidArgument, "\(type): \(error)")
            return
        }
        func path(_ codingPath: [any CodingKey]) -> String {
            let rendered = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? "\"\(key.stringValue)\"" }.joined()
            return rendered.isEmpty ? "the value" : rendered
        }
        let message: String
        switch error {
        case .keyNotFound(let key, let context):
            message = "\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            message = "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            message = "\(error)"
        }
        self.init(.invalidArgument, "\(type): \(message)")
    }
}
