/// A source the reply quotes (Gemini `citationMetadata.citationSources`). Every field is
/// optional, as the service leaves any of them out.
public struct Citation: Sendable, Hashable {
    /// Where the cited span starts in the reply, in bytes as the service counts them.
    public var startIndex: Int?
    /// Where it ends.
    public var endIndex: Int?
    /// The source's address.
    public var uri: String?
    /// The source's title.
    public var title: String?
    /// The source's licence.
    public var license: String?

    /// Creates a citation.
    public init(
        startIndex: Int? = nil, endIndex: Int? = nil, uri: String? = nil, title: String? = nil, license: String? = nil
    ) {
        self.startIndex = startIndex
        self.endIndex = endIndex
        self.uri = uri
        self.title = title
        self.license = license
    }

    /// The citation in StoryKit's JSON; absent fields are left out.
    public var json: JSONValue {
        var object = JSONObject()
        if let startIndex { object["startIndex"] = .number(JSONNumber(startIndex)) }
        if let endIndex { object["endIndex"] = .number(JSONNumber(endIndex)) }
        if let uri { object["uri"] = .string(uri) }
        if let title { object["title"] = .string(title) }
        if let license { object["license"] = .string(license) }
        return .object(object)
    }
}
