/// Keeps small settings, and tells observers at once when the theme changes.
public protocol PreferenceStore: Sendable {
    /// The theme preference; `.system` until one is set.
    func themePreference() async throws(StoryKitError) -> ThemePreference
    /// Saves the theme preference and tells every observer.
    func setThemePreference(_ theme: ThemePreference) async throws(StoryKitError)
    /// The theme preference now, then each change as it is saved.
    func themeChanges() -> AsyncStream<ThemePreference>
    /// The value of a preference key; `nil` when unset.
    func preference(_ key: String) async throws(StoryKitError) -> JSONValue?
    /// Sets (or, with `nil`, removes) a preference.
    func setPreference(_ value: JSONValue?, for key: String) async throws(StoryKitError)
}
