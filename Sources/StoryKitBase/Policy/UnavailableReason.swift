/// Why a capability is unavailable, as codes an app can switch on.
public enum UnavailableReason: String, Sendable, Hashable, CaseIterable {
    /// The OS version is below the capability's minimum.
    case osTooOld
    /// The operating system never offers the capability.
    case unsupportedOS
    /// The app was built with an SDK below the capability's minimum, or the SDK is unknown.
    case sdkTooOld
    /// The device cannot run Apple Intelligence.
    case deviceNotEligible
    /// Apple Intelligence is turned off.
    case appleIntelligenceNotEnabled
    /// The on-device model is still downloading or preparing.
    case modelNotReady
    /// Low Power Mode is on.
    case lowPowerMode
    /// Game Mode is on.
    case gameMode
}

extension UnavailableReason {
    /// Why Apple Intelligence features are unavailable in `state`; `nil` when enabled.
    init?(_ state: AppleIntelligenceState) {
        switch state {
        case .enabled: return nil
        case .notEligible: self = .deviceNotEligible
        case .disabled: self = .appleIntelligenceNotEnabled
        case .modelNotReady: self = .modelNotReady
        }
    }
}
