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

extension FieldKind {
    /// This kind's bit in a condition's kind set.
    var bit: UInt32 {
        switch self {
        case .longText: 1 << 0
        case .description: 1 << 1
        case .prompt: 1 << 2
        case .imagePrompt: 1 << 3
        case .name: 1 << 4
        case .title: 1 << 5
        case .keyword: 1 << 6
        case .email: 1 << 7
        case .password: 1 << 8
        case .oneTimeCode: 1 << 9
        }
    }
}
