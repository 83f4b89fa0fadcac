/// What ``IllustrationService/illustrateBook(_:hero:options:heroes:onProgress:)`` did: the
/// portrait, each page, and the requests it spent.
public struct BookIllustrationOutcome: Sendable, Hashable {
    /// The story drawn.
    public var storyID: String
    /// The hero's portrait, sent as the reference of every page drawn; `nil` when no page
    /// needed drawing.
    public var reference: PageIllustration?
    /// Every page, in order.
    public var pages: [PageIllustration]
    /// The image requests made in this call.
    public var requests: Int
    /// The budget of this call.
    public var maxImages: Int

    /// Creates an outcome.
    public init(storyID: String, reference: PageIllustration?, pages: [PageIllustration], requests: Int, maxImages: Int)
    {
        self.storyID = storyID
        self.reference = reference
        self.pages = pages
        self.requests = requests
        self.maxImages = maxImages
    }

    /// Whether every page has a picture now.
    public var isComplete: Bool { pages.allSatisfy { $0.illustration != nil } }

    /// The pictures of the book, drawn or kept, in page order.
    public var illustrations: [Illustration] { pages.compactMap(\.illustration) }

    /// `{"storyID":"s1","illustrations":[{Illustration + fileName}…],"reference":{…}|null,
    /// "pages":[{"index","status","id","fileName","issue"}…],"requests":11,"maxImages":11,
    /// "complete":true}`.
    public var json: JSONValue {
        [
            "storyID": .string(storyID),
            "illustrations": .array(illustrations.map(\.jsonWithFileName)),
            "reference": reference?.json ?? .null,
            "pages": .array(pages.map(\.json)),
            "requests": .number(JSONNumber(requests)),
            "maxImages": .number(JSONNumber(maxImages)),
            "complete": .bool(isComplete)
        ]
    }
}

extension Illustration {
    /// The record's JSON with its `fileName`, as the services answer it.
    var jsonWithFileName: JSONValue {
        guard case .object(var object) = json else { return json }
        object["fileName"] = .string(fileName)
        return .object(object)
    }
}
