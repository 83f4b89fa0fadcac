/// What a text field is for, which decides how much Writing Tools may help with it.
public enum FieldKind: String, Sendable, Hashable, CaseIterable {
    /// Long-form prose such as a story's content.
    case longText
    /// A description of something, a few sentences long.
    case description
    /// A prompt for a text model.
    case prompt
    /// A prompt for an image model.
    case imagePrompt
    /// A person's or character's name.
    case name
    /// A title.
    case title
    /// A keyword or tag.
    case keyword
    /// An email address.
    case email
    /// A password.
    case password
    /// A one-time code.
    case oneTimeCode
}

/// A text field, as the policy engine sees it.
///
/// JSON: `{"id":"StoryEditView.content","kind":"longText","multiline":true,"secure":false}`.
public struct FieldDescriptor: Sendable, Hashable {
    /// The field's id, `View.field` by convention, such as `StoryEditView.content`.
    public var id: String
    /// What the field is for.
    public var kind: FieldKind
    /// Whether the field takes several lines (a text editor rather than a text field).
    public var multiline: Bool
    /// Whether the field hides its text (a secure field).
    public var secure: Bool

    /// Creates a field description.
    public init(id: String, kind: FieldKind, multiline: Bool = false, secure: Bool = false) {
        self.id = id
        self.kind = kind
        self.multiline = multiline
        self.secure = secure
    }
}
