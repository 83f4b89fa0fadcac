/// How cards are drawn.
public enum CardStyle: String, Sendable, Hashable, CaseIterable {
    /// A solid background with a subtle shadow (OS 17 to 25).
    case solid
    /// Liquid Glass material (SDK and OS 26 or later).
    case glass
}
