/// The image formats StoryKit stores, and the one mapping from MIME type to file extension.
///
/// Every part of the library that names an image file (the Imagen codec, the file store)
/// takes its extension from here, so the two can never disagree.
///
///     ImageMIMEType(mimeType: "image/jpeg")?.fileExtension   // "jpg"
public enum ImageMIMEType: String, Sendable, Hashable, CaseIterable, Codable {
    case png = "image/png"
    case jpeg = "image/jpeg"
    case webp = "image/webp"
    case gif = "image/gif"
    case heic = "image/heic"

    /// Recognises a MIME type, ignoring case and parameters (`"IMAGE/PNG; q=1"`); `nil` for
    /// any other type, never a guess.
    public init?(mimeType: String) {
        let essence = mimeType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let trimmed = essence.unicodeScalars.filter { $0 != " " && $0 != "\t" }
        let lowered = String(String.UnicodeScalarView(trimmed)).lowercased()
        guard let type = ImageMIMEType(rawValue: lowered) else { return nil }
        self = type
    }

    /// The file extension, without a dot: `png`, `jpg`, `webp`, `gif`, `heic`.
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .webp: "webp"
        case .gif: "gif"
        case .heic: "heic"
        }
    }
}
