/// How much of Writing Tools a field offers.
public enum WritingToolsBehavior: String, Sendable, Hashable, CaseIterable {
    /// The full experience: results replace the text in place, with animation.
    case complete
    /// Results appear in a pop-up the user can copy from or use to replace the text.
    case limited
    /// No Writing Tools.
    case disabled
}
