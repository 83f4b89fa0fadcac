/// One event of a `text/event-stream` body.
public struct ServerSentEvent: Sendable, Hashable {
    /// The `event:` field, `"message"` when the event did not name one.
    public var event: String
    /// The `data:` lines joined with `\n`.
    public var data: String
    /// The last `id:` seen so far in the stream, as the standard defines it.
    public var id: String?
    /// The `retry:` field in milliseconds, when this event carried one.
    public var retry: Int?

    /// Creates an event.
    public init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }

    /// Whether this is the `[DONE]` sentinel OpenAI-compatible servers send last.
    public var isDone: Bool { data == "[DONE]" }
}
