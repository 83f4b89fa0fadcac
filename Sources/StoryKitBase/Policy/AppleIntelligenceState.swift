/// The state of Apple Intelligence on a device.
public enum AppleIntelligenceState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Eligible, turned on, and the model is ready.
    case enabled
    /// Eligible, but the user has not turned it on.
    case disabled
    /// The device cannot run Apple Intelligence.
    case notEligible
    /// Turned on, but the model is still downloading or preparing.
    case modelNotReady
}
