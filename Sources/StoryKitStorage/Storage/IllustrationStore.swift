/// Keeps binary images with their MIME type, named by id.
public protocol IllustrationStore: Sendable {
    /// Saves an image, replacing any image with the same id.
    func saveImage(_ bytes: [UInt8], mimeType: ImageMIMEType, id: String) async throws(StoryKitError)
    /// The image and its type; `.notFound` when there is none.
    func image(id: String) async throws(StoryKitError) -> (bytes: [UInt8], mimeType: ImageMIMEType)
    /// Removes an image; `.notFound` when there is none.
    func deleteImage(id: String) async throws(StoryKitError)
}
