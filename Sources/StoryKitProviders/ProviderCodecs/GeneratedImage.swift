/// One image a service returned, or the note that it was filtered out.
public enum GeneratedImage: Sendable, Hashable {
    /// The decoded image bytes and their type; the file extension comes from `mimeType`.
    case image(bytes: [UInt8], mimeType: ImageMIMEType)
    /// The service withheld this image; `reason` is its own explanation, when it gave one.
    case filtered(reason: String?)

    /// The most bytes one image may decode to: 32 MiB, above any image the services make.
    public static let maxBytes = 32 * 1024 * 1024

    /// The image in StoryKit's JSON: `{"mimeType","extension","byteCount","base64"}` or
    /// `{"filteredReason": reason | null}`.
    public var json: JSONValue {
        switch self {
        case .image(let bytes, let mimeType):
            [
                "mimeType": .string(mimeType.rawValue), "extension": .string(mimeType.fileExtension),
                "byteCount": .number(JSONNumber(bytes.count)), "base64": .string(Base64.encode(bytes))
            ]
        case .filtered(let reason):
            ["filteredReason": reason.map(JSONValue.string) ?? .null]
        }
    }

    /// Decodes base64 image data of a given MIME type, as both Gemini (`inlineData`) and
    /// Imagen (`bytesBase64Encoded`) send it. `which` names the image in errors.
    static func decode(base64: String, mimeType: String?, which: String) throws(GenerationError) -> GeneratedImage {
        guard let mimeType else {
            throw GenerationError(.malformedResponse, detail: "\(which) has no MIME type")
        }
        guard let type = ImageMIMEType(mimeType: mimeType) else {
            let known = ImageMIMEType.allCases.map(\.rawValue).joined(separator: ", ")
            throw GenerationError(
                .malformedResponse,
                detail: "\(which) has MIME type \"\(mimeType)\", which has no known file extension; known: \(known)")
        }
        let bytes: [UInt8]
        do {
            bytes = try Base64.decode(base64.utf8, maxBytes: maxBytes)
        } catch {
            throw GenerationError(.malformedResponse, detail: "\(which) is not valid base64: \(error.message)")
        }
        // An empty file is no picture: saving it would show a broken image.
        guard !bytes.isEmpty else { throw GenerationError(.malformedResponse, detail: "\(which) holds no bytes") }
        return .image(bytes: bytes, mimeType: type)
    }
}
