/// How a story is asked of a model.
public enum StoryShape: String, Sendable, Hashable, CaseIterable {
    /// One request for the whole story as a JSON object (structured where the backend
    /// follows a schema, read by the tolerant parser otherwise).
    case whole
    /// A title request, then one plain-prose request a page with the story so far: one
    /// request more than pages, and the form small models manage.
    case pages
}
