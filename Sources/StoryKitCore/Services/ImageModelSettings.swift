/// The image model and its connection, as every JSON request that draws reads them:
/// `"model"`, `"apiKey"`, `"baseURL"`, `"timeoutSeconds"` and the retry fields.
package struct ImageModelSettings: Sendable {
    package var model: String
    package var apiKey: String?
    package var baseURL: String
    package var timeout: Duration
    package var retrier: Retrier

    /// Reads the settings; the caller finishes the reader.
    package init(_ reader: inout JSONFieldReader) throws(StoryKitError) {
        model = try reader.optionalString("model") ?? RemoteImageGenerator.defaultModel
        apiKey = try reader.optionalString("apiKey")
        baseURL = try reader.optionalString("baseURL") ?? GeminiCodec.defaultBaseURL
        timeout = try ServiceSettings.timeout(&reader, default: RemoteImageGenerator.defaultTimeout)
        retrier = try ServiceSettings.retrier(&reader)
    }

    /// The generator these settings describe, sending through `transport`.
    package func generator(transport: any HTTPTransport) throws(StoryKitError) -> RemoteImageGenerator {
        try ServiceSettings.configured { () throws(GenerationError) in
            try RemoteImageGenerator(
                model: model, transport: transport, apiKey: apiKey, baseURL: baseURL, timeout: timeout, retrier: retrier
            )
        }
    }
}
