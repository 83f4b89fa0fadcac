/// The app's appearance preference: follow the system, or force light or dark.
///
/// JSON: `"light"`, `"dark"` or `"system"`; anything else is an error, never a silent default.
public enum ThemePreference: String, Sendable, Hashable, CaseIterable, JSONConvertible {
    case light
    case dark
    /// Follow the system's appearance.
    case system

    /// Parses `"light"`, `"dark"` or `"system"`.
    ///
    /// - Throws: `.invalidArgument` naming the accepted values.
    public init(validating text: String) throws(StoryKitError) {
        guard let theme = ThemePreference(rawValue: text) else {
            throw StoryKitError(
                .invalidArgument, "unknown theme \"\(text)\"; expected \"light\", \"dark\" or \"system\"")
        }
        self = theme
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try ThemePreference(validating: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }
}
