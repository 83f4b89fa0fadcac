/// The parts of a custom event a prompt describes.
public struct EventDescription: Sendable, Hashable {
    /// The event's title, such as "First day at school".
    public var title: String
    /// What happens, in the user's words.
    public var description: String
    /// A seed the enhancement step expands.
    public var promptSeed: String

    /// Creates a description; the title must hold a visible character.
    public init(title: String, description: String = "", promptSeed: String = "") throws(StoryKitError) {
        try ModelValidation.text(title, field: "event.title", maxCharacters: Int.max)
        self.title = title
        self.description = description
        self.promptSeed = promptSeed
    }

    /// The description of a saved event.
    public init(_ event: CustomEvent) {
        self.title = event.title
        self.description = event.description
        self.promptSeed = event.promptSeed
    }
}
