/// The appearance an app should take: the design system's semantic colors, the user's theme
/// preference over the system scheme, and the card style of the OS.
public struct AppearanceDecision: Sendable, Hashable {
    /// The semantic color of each role: system colors only, so that dark mode and Increase
    /// Contrast adapt them.
    public static let semanticColors: [(role: String, color: String)] = [
        ("primaryText", "primary"), ("secondaryText", "secondary"), ("background", "systemBackground"),
        ("cardBackground", "secondarySystemBackground"), ("accent", "accentColor")
    ]

    /// The scheme the app shows.
    public var colorScheme: ColorScheme
    /// The scheme to force on the app's windows; `nil` to follow the system.
    public var override: ColorScheme?
    /// How cards are drawn.
    public var cardStyle: CardStyle
    /// Whether Increase Contrast is on, so semantic colors use their high-contrast variants.
    public var highContrast: Bool
    /// Why.
    public var decidedBy: PolicyReason

    /// Decides the appearance.
    public init(theme: ThemePreference, systemScheme: ColorScheme, increaseContrast: Bool, platform: Platform) {
        switch theme {
        case .system:
            colorScheme = systemScheme
            override = nil
            decidedBy = PolicyReason(
                rule: "appearance.followSystem",
                reason:
                    "The theme preference is System, so the app follows the system's \(systemScheme.rawValue) appearance and applies no override."
            )
        case .light, .dark:
            let chosen: ColorScheme = theme == .light ? .light : .dark
            colorScheme = chosen
            override = chosen
            decidedBy = PolicyReason(
                rule: "appearance.userPreference",
                reason:
                    "The user chose \(chosen.rawValue == "light" ? "Light" : "Dark") in the app's settings, which overrides the system's \(systemScheme.rawValue) appearance."
            )
        }
        cardStyle = Capabilities.liquidGlass(platform).available ? .glass : .solid
        highContrast = increaseContrast
    }

    /// `{"colorScheme":"dark","override":null,"colors":{...},"cardStyle":"solid","highContrast":false,"rule":...,"reason":...}`.
    public var json: JSONValue {
        [
            "colorScheme": .string(colorScheme.rawValue),
            "override": override.map { .string($0.rawValue) } ?? .null,
            "colors": .object(JSONObject(Self.semanticColors.map { JSONMember($0.role, .string($0.color)) })),
            "cardStyle": .string(cardStyle.rawValue),
            "highContrast": .bool(highContrast),
            "rule": .string(decidedBy.rule),
            "reason": .string(decidedBy.reason)
        ]
    }
}
