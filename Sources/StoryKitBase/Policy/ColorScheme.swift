/// A color scheme.
public enum ColorScheme: String, Sendable, Hashable, CaseIterable {
    case light, dark
}
