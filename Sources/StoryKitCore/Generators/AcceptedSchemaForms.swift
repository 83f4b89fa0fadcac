/// The structured-output form each OpenAI-compatible server accepts, remembered for the
/// process by base URL and model: a server that refused OpenAI's `json_schema` form is sent
/// `json_object` from then on, by every generator made for it (the C library and Python make
/// one per call), so a refused form is sent once, not once per correction. Bounded: when full,
/// it starts over, and a server is asked in the first form once more.
enum AcceptedSchemaForms {
    private struct Server: Hashable {
        var baseURL: String
        var model: String
    }

    private static let capacity = 256
    private static let forms = LockedValue<[Server: OpenAICodec.SchemaForm]>([:])

    /// The form to send first to `model` at `baseURL`.
    static func form(baseURL: String, model: String) -> OpenAICodec.SchemaForm {
        forms.withLock { $0[Server(baseURL: baseURL, model: model)] } ?? .jsonSchema
    }

    /// Notes that `model` at `baseURL` accepts `form`.
    static func remember(_ form: OpenAICodec.SchemaForm, baseURL: String, model: String) {
        forms.withLock { forms in
            if forms.count >= capacity { forms.removeAll(keepingCapacity: true) }
            forms[Server(baseURL: baseURL, model: model)] = form
        }
    }
}
