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
