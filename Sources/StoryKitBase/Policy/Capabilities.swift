/// What a platform can do: Writing Tools, Foundation Models, Liquid Glass, and the chain of
/// correction backends.
public struct Capabilities: Sendable, Hashable {
    /// The user-facing sentence when Foundation Models are unavailable on an iPad (the
    /// corrector spec, whose app is for iPad).
    public static let foundationModelsUnavailableMessage =
        "Text checking requires an iPad with Apple Intelligence (M1 chip or newer with iPadOS 26+)."

    /// The user-facing sentence when Foundation Models are unavailable on `os`: the corrector
    /// spec's on an iPad; elsewhere one that names no iPad and says that corrections still
    /// come from the offline corrector, which works on every device.
    public static func foundationModelsUnavailableMessage(on os: OperatingSystem) -> String {
        os == .iPadOS
            ? foundationModelsUnavailableMessage
            : "Apple Intelligence text checking is not available on this device; suggestions come from the offline corrector."
    }

    /// The first OS version with Writing Tools, per operating system.
    public static func writingToolsMinimum(_ os: OperatingSystem) -> OSVersion? {
        switch os {
        case .iOS, .iPadOS: OSVersion(18, 1)
        case .macOS: OSVersion(15, 1)
        case .visionOS: OSVersion(2, 4)
        case .watchOS, .tvOS: nil
        }
    }

    /// The first OS version (and SDK) with Foundation Models and Liquid Glass, on every OS.
    public static let version26 = OSVersion(26)

    public var writingTools: Availability
    public var foundationModels: Availability
    public var liquidGlass: Availability
    /// The backends to try, in order; `offline` is always last.
    public var correctionBackends: [CorrectionBackend]
    /// ``foundationModelsUnavailableMessage(on:)`` when Foundation Models are unavailable.
    public var message: String?

    /// The capabilities of `platform`; `remoteConfigured` adds the remote backend.
    public init(platform: Platform, remoteConfigured: Bool = false) {
        writingTools = Self.writingTools(platform)
        foundationModels = Self.foundationModels(platform)
        liquidGlass = Self.liquidGlass(platform)
        correctionBackends =
            (foundationModels.available ? [.foundationModels] : []) + (remoteConfigured ? [.remote] : []) + [.offline]
        message = foundationModels.available ? nil : Self.foundationModelsUnavailableMessage(on: platform.os)
    }

    /// `{"writingTools":{...},"foundationModels":{...},"liquidGlass":{...},"correctionBackends":[...],
    /// "message":...,"rule":...,"reason":...}`; the top-level rule and reason are those of
    /// the Foundation Models decision, which chooses the backends.
    public var json: JSONValue {
        [
            "writingTools": writingTools.json,
            "foundationModels": foundationModels.json,
            "liquidGlass": liquidGlass.json,
            "correctionBackends": .array(correctionBackends.map { .string($0.rawValue) }),
            "message": message.map { .string($0) } ?? .null,
            "rule": .string(foundationModels.decidedBy.rule),
            "reason": .string(foundationModels.decidedBy.reason)
        ]
    }

    private static func unavailable(_ reason: UnavailableReason, _ rule: String, _ sentence: String) -> Availability {
        Availability(reason: reason, decidedBy: PolicyReason(rule: rule, reason: sentence))
    }

    private static func available(_ rule: String, _ sentence: String) -> Availability {
        Availability(reason: nil, decidedBy: PolicyReason(rule: rule, reason: sentence))
    }

    /// The Apple Intelligence state as a reason, `nil` when enabled.
    private static func intelligence(_ platform: Platform, rule: String, feature: String) -> Availability? {
        guard let reason = UnavailableReason(platform.appleIntelligence) else { return nil }
        let sentence =
            switch reason {
            case .deviceNotEligible: "This device cannot run Apple Intelligence, so \(feature) are unavailable."
            case .appleIntelligenceNotEnabled:
                "Apple Intelligence is turned off in Settings, so \(feature) are unavailable."
            default:
                "The Apple Intelligence model is still downloading or preparing, so \(feature) are unavailable for now."
            }
        return unavailable(reason, "\(rule).\(reason.rawValue)", sentence)
    }

    /// Why `platform` cannot offer Writing Tools, `nil` when it can; no allocation, for the
    /// per-field decision.
    static func writingToolsBlock(_ platform: Platform) -> UnavailableReason? {
        guard let minimum = writingToolsMinimum(platform.os) else { return .unsupportedOS }
        guard platform.version >= minimum else { return .osTooOld }
        return UnavailableReason(platform.appleIntelligence)
    }

    /// The gate of a field's Writing Tools decision, in fixed sentences.
    static func writingToolsGate(_ reason: UnavailableReason) -> PolicyReason {
        switch reason {
        case .unsupportedOS:
            PolicyReason(
                rule: "writingTools.unsupportedOS",
                reason: "This operating system has no Writing Tools, so text fields behave as standard fields.")
        case .osTooOld:
            PolicyReason(
                rule: "writingTools.osTooOld",
                reason:
                    "Writing Tools need iOS or iPadOS 18.1, macOS 15.1 or visionOS 2.4; on older versions text fields behave as standard fields."
            )
        case .deviceNotEligible:
            PolicyReason(
                rule: "writingTools.deviceNotEligible",
                reason: "This device cannot run Apple Intelligence, so text fields behave as standard fields.")
        case .appleIntelligenceNotEnabled:
            PolicyReason(
                rule: "writingTools.appleIntelligenceNotEnabled",
                reason: "Apple Intelligence is turned off, so text fields behave as standard fields.")
        case .modelNotReady:
            PolicyReason(
                rule: "writingTools.modelNotReady",
                reason:
                    "The Apple Intelligence model is not ready yet, so text fields behave as standard fields for now.")
        case .sdkTooOld, .lowPowerMode, .gameMode:
            PolicyReason(rule: "writingTools.\(reason.rawValue)", reason: "Writing Tools are unavailable.")
        }
    }

    static func writingTools(_ platform: Platform) -> Availability {
        if let blocked = writingToolsBlock(platform) {
            return Availability(reason: blocked, decidedBy: writingToolsGate(blocked))
        }
        return available(
            "writingTools.available",
            "\(platform.os.rawValue) \(platform.version) with Apple Intelligence enabled offers Writing Tools.")
    }

    static func foundationModels(_ platform: Platform) -> Availability {
        guard platform.os != .watchOS, platform.os != .tvOS else {
            return unavailable(
                .unsupportedOS, "foundationModels.unsupportedOS", "\(platform.os.rawValue) has no Foundation Models.")
        }
        guard platform.version >= version26 else {
            return unavailable(
                .osTooOld, "foundationModels.osTooOld",
                "Foundation Models need \(platform.os.rawValue) 26 or later; this is \(platform.version).")
        }
        if let reason = intelligence(platform, rule: "foundationModels", feature: "Foundation Models") { return reason }
        if platform.lowPowerMode {
            return unavailable(
                .lowPowerMode, "foundationModels.lowPowerMode",
                "Low Power Mode is on, which pauses the on-device model.")
        }
        if platform.gameMode {
            return unavailable(
                .gameMode, "foundationModels.gameMode", "Game Mode is on, which pauses the on-device model.")
        }
        return available(
            "foundationModels.available",
            "\(platform.os.rawValue) \(platform.version) with Apple Intelligence ready runs the on-device model.")
    }

    static func liquidGlass(_ platform: Platform) -> Availability {
        guard let sdk = platform.sdk, sdk >= version26 else {
            return unavailable(
                .sdkTooOld, "liquidGlass.sdkTooOld",
                "Liquid Glass needs an app built with the 26 SDK\(platform.sdk.map { "; this app was built with \($0)" } ?? ", and the SDK is not given"), so controls use standard styling."
            )
        }
        guard platform.version >= version26 else {
            return unavailable(
                .osTooOld, "liquidGlass.osTooOld",
                "Liquid Glass needs OS 26 or later; this is \(platform.version), so controls use standard styling.")
        }
        return available(
            "liquidGlass.available",
            "Built with the \(sdk) SDK and running on \(platform.version): Liquid Glass applies.")
    }
}
