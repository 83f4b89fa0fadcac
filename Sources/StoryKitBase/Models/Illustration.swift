/// An illustration: an image stored under `Illustrations/`, named by its id and the extension
/// of its MIME type.
///
/// JSON: `{"id":"i1","mimeType":"image/png","storyID":"s1","pageIndex":0,"prompt":"..."}`.
public struct Illustration: Sendable, Hashable, JSONConvertible {
    /// The record id.
    public var id: String
    /// The image's format.
    public var mimeType: ImageMIMEType
    /// The story it illustrates, if any (an avatar has none).
    public var storyID: String?
    /// The page it illustrates, from 0.
    public var pageIndex: Int?
    /// The prompt that generated it, kept so that a page can be redrawn consistently.
    public var prompt: String?

    /// Creates an illustration record, checking every field.
    ///
    /// - Throws: `.invalidArgument` for a bad id or a negative page index.
    public init(
        id: String, mimeType: ImageMIMEType, storyID: String? = nil, pageIndex: Int? = nil, prompt: String? = nil
    ) throws(StoryKitError) {
        try ModelValidation.id(id, field: "illustration id")
        if let storyID { try ModelValidation.id(storyID, field: "storyID") }
        if let pageIndex, pageIndex < 0 { throw StoryKitError(.invalidArgument, "pageIndex must not be negative") }
        self.id = id
        self.mimeType = mimeType
        self.storyID = storyID
        self.pageIndex = pageIndex
        self.prompt = prompt
    }

    /// The image's file name inside `Illustrations/`: the id and the MIME type's extension.
    public var fileName: String { "\(id).\(mimeType.fileExtension)" }

    private enum CodingKeys: String, CodingKey {
        case id, mimeType, storyID, pageIndex, prompt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let mimeText = try container.decode(String.self, forKey: .mimeType)
        guard let mimeType = ImageMIMEType(mimeType: mimeText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .mimeType, in: container,
                debugDescription:
                    "unsupported image type \"\(mimeText)\"; expected one of \(ImageMIMEType.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        try self.init(
            id: container.decode(String.self, forKey: .id),
            mimeType: mimeType,
            storyID: container.decodeIfPresent(String.self, forKey: .storyID),
            pageIndex: container.decodeIfPresent(Int.self, forKey: .pageIndex),
            prompt: container.decodeIfPresent(String.self, forKey: .prompt)
        )
    }
}
