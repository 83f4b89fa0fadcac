/// What a story being written shows so far: its title and the pages that are complete and
/// passed the page check, in order. A snapshot never shows a page the check refused, nor one
/// after it; a re-ask or the next backend starts a new, empty snapshot. The last snapshot of
/// a call (``isFinal``) is the story returned.
///
/// JSON (the `on_event` of `storykit_story_write`):
/// `{"type":"snapshot","title":"Mia and the Kite","pages":["Mia ran…"],"final":false}`.
public struct StorySnapshot: Sendable, Hashable {
    /// The title, once it is complete and passed the check.
    public var title: String?
    /// The pages complete so far.
    public var pages: [String]
    /// Whether this is the story returned.
    public var isFinal: Bool

    /// Creates a snapshot.
    public init(title: String? = nil, pages: [String] = [], isFinal: Bool = false) {
        self.title = title
        self.pages = pages
        self.isFinal = isFinal
    }

    /// The snapshot as the C ABI's event.
    public var json: JSONValue {
        [
            "type": "snapshot", "title": title.map(JSONValue.string) ?? .null,
            "pages": .array(pages.map(JSONValue.string)), "final": .bool(isFinal)
        ]
    }
}
