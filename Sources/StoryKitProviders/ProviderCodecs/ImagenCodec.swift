/// Imagen `models/{model}:predict`: building the request and decoding its images, with no
/// I/O. Each image comes back as bytes with its MIME type (the file extension comes from
/// `ImageMIMEType`), or as a note that the service filtered it out.
///
///     let http = try ImagenCodec.request(ImageGenerationRequest(model: "imagen-3.0-generate-002", prompt: text), apiKey: key)
///     for case .image(let bytes, let type) in try ImagenCodec.decode(response).images { save(bytes, type.fileExtension) }
public enum ImagenCodec {
    /// The public Gemini API, which serves Imagen.
    public static let defaultBaseURL = GeminiCodec.defaultBaseURL

    /// The HTTP request for `request`. It asks for filter reasons, so that a filtered image is
    /// reported rather than silently missing.
    public static func request(_ request: ImageGenerationRequest, apiKey: String?, baseURL: String = defaultBaseURL)
        throws(StoryKitError) -> HTTPRequest
    {
        guard request.referenceImages.isEmpty else {
            throw StoryKitError(
                .invalidArgument, "Imagen's predict takes no reference images; use a Gemini image model")
        }
        var parameters: JSONObject = [:]
        if let count = request.sampleCount {
            guard (1...ImageGenerationRequest.maxSampleCount).contains(count) else {
                throw StoryKitError(
                    .invalidArgument, "sampleCount must be 1 to \(ImageGenerationRequest.maxSampleCount), not \(count)")
            }
            parameters["sampleCount"] = .number(JSONNumber(count))
        }
        if let value = request.aspectRatio { parameters["aspectRatio"] = .string(value) }
        if let value = request.personGeneration { parameters["personGeneration"] = .string(value) }
        if let value = request.negativePrompt { parameters["negativePrompt"] = .string(value) }
        parameters["includeRaiReason"] = true
        let body: JSONValue = ["instances": [["prompt": .string(request.prompt)]], "parameters": .object(parameters)]
        return try Endpoint.imageRequest(
            request, provider: .imagen, method: "predict", body: body, apiKey: apiKey, baseURL: baseURL)
    }

    /// Decodes a `predict` response: the images and filter notes, or the error the status or
    /// the body amounts to (`.contentFiltered` when every image was filtered out, including
    /// the empty `{}` Imagen sends when it filtered all and gave no reasons).
    public static func decode(_ response: HTTPResponse) throws(GenerationError) -> GenerationResult {
        let value = try ResponseBody.successJSON(response)
        guard case .object(let object) = value else {
            throw GenerationError(
                .malformedResponse, httpStatus: response.status,
                detail: "an Imagen reply must be a JSON object, not \(JSONFieldReader.describe(value))")
        }
        guard let predictions = object["predictions"] else {
            if object.isEmpty {
                throw GenerationError(
                    .contentFiltered, httpStatus: response.status,
                    detail: "the service returned no images and no reasons")
            }
            throw GenerationError(
                .malformedResponse, httpStatus: response.status, detail: "the reply has no \"predictions\"")
        }
        guard case .array(let entries) = predictions else {
            throw GenerationError(
                .malformedResponse, httpStatus: response.status,
                detail: "\"predictions\" must be an array, not \(JSONFieldReader.describe(predictions))")
        }
        var images: [GeneratedImage] = []
        for (position, entry) in entries.enumerated() {
            if let data = entry["bytesBase64Encoded"]?.stringValue {
                images.append(
                    try GeneratedImage.decode(
                        base64: data, mimeType: entry["mimeType"]?.stringValue, which: "image \(position + 1)"))
            } else if let reason = entry["raiFilteredReason"]?.stringValue {
                images.append(.filtered(reason: reason))
            } else if entry["safetyAttributes"] != nil || entry["contentType"] != nil {
                continue  // per-request metadata entries, not images
            } else {
                throw GenerationError(
                    .malformedResponse, httpStatus: response.status,
                    detail: "prediction \(position + 1) has neither image bytes nor a filter reason")
            }
        }
        var reasons: [String] = []
        for case .filtered(let reason) in images { reasons.append(reason ?? "unspecified") }
        guard images.contains(where: { if case .image = $0 { true } else { false } }) else {
            throw GenerationError(
                .contentFiltered, httpStatus: response.status,
                reason: reasons.isEmpty ? nil : reasons.joined(separator: "; "),
                detail: reasons.isEmpty ? "the service returned no images" : nil)
        }
        return GenerationResult(images: images)
    }
}
