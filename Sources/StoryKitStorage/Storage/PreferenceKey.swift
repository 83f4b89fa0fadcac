/// Well-known preference keys.
public enum PreferenceKey {
    /// The theme preference: `"light"`, `"dark"` or `"system"`.
    public static let theme = "theme"
}
