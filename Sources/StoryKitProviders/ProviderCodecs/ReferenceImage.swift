/// A picture sent with an image request for the model to draw from: the hero's portrait
/// that keeps a book's hero the same on every page.
public struct ReferenceImage: Sendable, Hashable {
    /// The encoded image.
    public var bytes: [UInt8]
    /// Its format.
    public var mimeType: ImageMIMEType

    /// Creates a reference image.
    public init(bytes: [UInt8], mimeType: ImageMIMEType) {
        self.bytes = bytes
        self.mimeType = mimeType
    }
}
