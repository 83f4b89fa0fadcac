/// How a button is styled and how it feels.
public struct ControlDecision: Sendable, Hashable {
    /// A system button style.
    public enum ButtonStyle: String, Sendable, Hashable, CaseIterable {
        case borderedProminent, bordered
    }

    /// A haptic: impact intensities, or the warning notification for destructive actions.
    public enum Haptic: String, Sendable, Hashable, CaseIterable {
        case light, medium, heavy, warning
    }

    /// The smallest touch target, in points, at every Dynamic Type size.
    public static let minTouchTarget = 44

    /// The button style.
    public var buttonStyle: ButtonStyle
    /// The haptic on tap; `nil` when the system settings turn haptics off.
    public var haptic: Haptic?
    /// The smallest touch target, in points.
    public var minTouchTarget: Int
    /// Whether the button gets Liquid Glass (SDK and OS 26 or later).
    public var glass: Bool
    /// Why.
    public var decidedBy: PolicyReason

    /// Decides a button's style and feel.
    public init(_ control: ControlRequest, hapticsEnabled: Bool, platform: Platform) {
        buttonStyle = control.role == .primary ? .borderedProminent : .bordered
        if !hapticsEnabled {
            haptic = nil
        } else if control.role == .destructive {
            haptic = .warning
        } else {
            haptic =
                switch control.importance {
                case .low: .light
                case .medium: .medium
                case .high: .heavy
                }
        }
        minTouchTarget = Self.minTouchTarget
        glass = Capabilities.liquidGlass(platform).available
        let style = buttonStyle == .borderedProminent ? "the prominent bordered style" : "the bordered style"
        let feel = haptic.map { "a \($0.rawValue) haptic" } ?? "no haptic, as the system settings ask"
        decidedBy = PolicyReason(
            rule: "controls.\(control.role.rawValue)",
            reason: "A \(control.role.rawValue) action uses \(style) with \(feel)\(glass ? ", in Liquid Glass" : "").")
    }

    /// `{"buttonStyle":"borderedProminent","haptic":"medium","minTouchTarget":44,"glass":false,"rule":...,"reason":...}`.
    public var json: JSONValue {
        [
            "buttonStyle": .string(buttonStyle.rawValue),
            "haptic": haptic.map { .string($0.rawValue) } ?? .null,
            "minTouchTarget": .number(JSONNumber(minTouchTarget)),
            "glass": .bool(glass),
            "rule": .string(decidedBy.rule),
            "reason": .string(decidedBy.reason)
        ]
    }
}
