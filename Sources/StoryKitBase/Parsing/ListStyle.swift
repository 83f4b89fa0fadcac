/// How a list marks its items.
public enum ListStyle: String, Sendable, Hashable, Codable {
    /// `1.` `1)` `(1)` `1:` `1 -`
    case numbered
    /// `-` `*` `+` `•`
    case bulleted
    /// `Option 1:` `Variation 1:` `Version 1 -` `Choice 1.` `Interpretation 1:`
    case labeled
}
