import StoryKitCore
import Testing

/// The corrector spec's availability checks and the design system's rules, each decided by
/// the engine with a rule and a reason.
@Suite struct PolicyDomainTests {
    let engine: PolicyEngine

    init() throws {
        engine = try PolicyEngine(profileNamed: "default")
    }

    private func platform(
        _ version: String, _ state: AppleIntelligenceState = .enabled, os: OperatingSystem = .iPadOS,
        sdk: String? = "26.0", lowPower: Bool = false, gameMode: Bool = false
    ) throws -> Platform {
        Platform(
            os: os, version: try #require(OSVersion(version)), sdk: sdk.flatMap(OSVersion.init),
            appleIntelligence: state, lowPowerMode: lowPower, gameMode: gameMode)
    }

    @Test(arguments: [
        // (version, state, lowPower, gameMode, reason or nil when available)
        ("26.0", AppleIntelligenceState.enabled, false, false, UnavailableReason?.none),
        ("18.1", .enabled, false, false, .osTooOld),
        ("17.6", .enabled, false, false, .osTooOld),
        ("26.0", .notEligible, false, false, .deviceNotEligible),
        ("26.0", .disabled, false, false, .appleIntelligenceNotEnabled),
        ("26.0", .modelNotReady, false, false, .modelNotReady),
        ("26.0", .enabled, true, false, .lowPowerMode),
        ("26.0", .enabled, false, true, .gameMode),
        ("26.0", .enabled, true, true, .lowPowerMode),
        ("18.0", .notEligible, true, true, .osTooOld)
    ])
    func foundationModelsAvailability(
        _ version: String, _ state: AppleIntelligenceState, _ lowPower: Bool, _ gameMode: Bool,
        _ reason: UnavailableReason?
    ) throws {
        for remote in [false, true] {
            let capabilities = engine.capabilities(
                on: try platform(version, state, lowPower: lowPower, gameMode: gameMode), remoteConfigured: remote)
            #expect(capabilities.foundationModels.reason == reason)
            #expect(capabilities.foundationModels.available == (reason == nil))
            let expected: [CorrectionBackend] =
                (reason == nil ? [.foundationModels] : []) + (remote ? [.remote] : []) + [.offline]
            #expect(capabilities.correctionBackends == expected)
            #expect(
                capabilities.message
                    == (reason == nil
                        ? nil
                        : "Text checking requires an iPad with Apple Intelligence (M1 chip or newer with iPadOS 26+)."))
            #expect(capabilities.json["rule"]?.stringValue == "foundationModels." + (reason?.rawValue ?? "available"))
        }
    }

    @Test func anIPhoneIsNotToldToGetAnIPad() throws {
        let capabilities = engine.capabilities(on: try platform("18.4", .notEligible, os: .iOS))
        #expect(capabilities.message?.contains("iPad") == false)
        #expect(capabilities.message?.contains("offline corrector") == true)
        #expect(capabilities.correctionBackends == [.offline])
    }

    @Test(arguments: [
        (String("26.0"), String?.some("26.0"), true, UnavailableReason?.none), ("26.0", "18.0", false, .sdkTooOld),
        ("18.1", "26.0", false, .osTooOld),
        ("26.1", nil, false, .sdkTooOld), ("25.0", "25.0", false, .sdkTooOld)
    ])
    func liquidGlassNeedsSDKAndOS26(_ version: String, _ sdk: String?, _ glass: Bool, _ reason: UnavailableReason?)
        throws
    {
        let platform = try platform(version, sdk: sdk)
        #expect(engine.capabilities(on: platform).liquidGlass.reason == reason)
        #expect(
            engine.appearance(theme: .system, systemScheme: .light, on: platform).cardStyle == (glass ? .glass : .solid)
        )
        #expect(engine.control(ControlRequest(role: .primary), hapticsEnabled: true, on: platform).glass == glass)
    }

    struct DeploymentCase: Sendable, CustomTestStringConvertible {
        let profile: String
        let configurations: [(String, String)]
        let plist: String?
        let problems: [DeploymentProblem.Code]
        var testDescription: String { "\(profile) \(configurations) \(plist ?? "-")" }
    }

    static let deploymentCases: [DeploymentCase] = [
        DeploymentCase(
            profile: "default", configurations: [("Debug", "18.1"), ("Release", "18.1")], plist: "18.1", problems: []),
        DeploymentCase(
            profile: "default", configurations: [("Debug", "18.1"), ("Release", "17.6")], plist: "18.1",
            problems: [.belowMinimum, .configurationsDisagree, .infoPlistDisagrees]),
        DeploymentCase(
            profile: "default", configurations: [("Debug", "17.6"), ("Release", "17.6")], plist: "17.6",
            problems: [.belowMinimum, .belowMinimum]),
        DeploymentCase(
            profile: "proposal", configurations: [("Debug", "17.6"), ("Release", "17.6")], plist: "17.6", problems: []),
        DeploymentCase(
            profile: "proposal", configurations: [("Debug", "17.6"), ("Release", "17.6")], plist: "18.1",
            problems: [.infoPlistDisagrees]),
        DeploymentCase(profile: "default", configurations: [("Debug", "18.1")], plist: nil, problems: []),
        DeploymentCase(profile: "default", configurations: [], plist: "18.1", problems: [.noConfigurations]),
        DeploymentCase(
            profile: "default", configurations: [("Debug", "26.0"), ("Release", "26.0")], plist: "26.0", problems: [])
    ]

    @Test(arguments: deploymentCases)
    func deploymentTargets(_ test: DeploymentCase) throws {
        let settings = DeploymentSettings(
            configurations: try test.configurations.map { ($0.0, try #require(OSVersion($0.1))) },
            minimumOSVersion: test.plist.flatMap(OSVersion.init))
        let found = try PolicyEngine(profileNamed: test.profile).deploymentProblems(settings)
        #expect(found.map(\.code) == test.problems)
        #expect(found.allSatisfy { !$0.message.isEmpty })
    }

    @Test(arguments: [
        (
            ThemePreference.light, ColorScheme.dark, ColorScheme.light, ColorScheme?.some(.light),
            "appearance.userPreference"
        ),
        (.dark, .light, .dark, .dark, "appearance.userPreference"),
        (.system, .dark, .dark, nil, "appearance.followSystem"),
        (.system, .light, .light, nil, "appearance.followSystem")
    ])
    func themePreference(
        _ theme: ThemePreference, _ system: ColorScheme, _ shown: ColorScheme, _ override: ColorScheme?, _ rule: String
    ) throws {
        for contrast in [false, true] {
            let decision = engine.appearance(
                theme: theme, systemScheme: system, increaseContrast: contrast, on: try platform("18.1", sdk: "18.0"))
            #expect(decision.colorScheme == shown)
            #expect(decision.override == override)
            #expect(decision.highContrast == contrast)
            #expect(decision.decidedBy.rule == rule)
            #expect(decision.cardStyle == .solid)
            #expect(decision.json["colors"]?["background"] == "systemBackground")
            #expect(decision.json["colors"]?["cardBackground"] == "secondarySystemBackground")
            #expect(decision.json["colors"]?["primaryText"] == "primary")
            #expect(decision.json["colors"]?["accent"] == "accentColor")
        }
    }

    @Test(arguments: [
        // (purpose, repeats, duration, reduceMotion, allowed, duration, style)
        (AnimationRequest.Purpose.loading, true, 1.0, false, true, 1.0, MotionDecision.Style.standard),
        (.loading, true, 1.0, true, true, 1.0, .standard),
        (.decorative, true, 4.0, false, false, 0.0, .none),
        (.feedback, true, 0.2, false, false, 0.0, .none),
        (.transition, true, 0.2, false, false, 0.0, .none),
        (.feedback, false, 0.2, false, true, 0.2, .standard),
        (.feedback, false, 0.5, false, true, 0.3, .standard),
        (.transition, false, 0.8, false, true, 0.3, .standard),
        (.feedback, false, 0.2, true, false, 0.0, .none),
        (.decorative, false, 1.0, true, false, 0.0, .none),
        (.transition, false, 0.5, true, true, 0.3, .crossfade),
        (.decorative, false, 1.0, false, true, 1.0, .standard)
    ])
    func motionRules(
        _ purpose: AnimationRequest.Purpose, _ repeats: Bool, _ duration: Double, _ reduceMotion: Bool,
        _ allowed: Bool, _ applied: Double, _ style: MotionDecision.Style
    ) {
        let decision = engine.motion(
            AnimationRequest(purpose: purpose, repeats: repeats, duration: duration), reduceMotion: reduceMotion)
        #expect(decision.allowed == allowed)
        #expect(decision.duration == applied)
        #expect(decision.style == style)
        #expect(decision.decidedBy.rule.hasPrefix("motion."))
    }

    @Test(arguments: [
        (
            ControlRequest.Role.primary, ControlRequest.Importance.high, true,
            ControlDecision.ButtonStyle.borderedProminent, ControlDecision.Haptic?.some(.heavy)
        ),
        (.primary, .medium, true, .borderedProminent, .medium),
        (.secondary, .low, true, .bordered, .light),
        (.secondary, .high, false, .bordered, nil),
        (.destructive, .high, true, .bordered, .warning),
        (.destructive, .low, false, .bordered, nil)
    ])
    func controlRules(
        _ role: ControlRequest.Role, _ importance: ControlRequest.Importance, _ haptics: Bool,
        _ style: ControlDecision.ButtonStyle, _ haptic: ControlDecision.Haptic?
    ) throws {
        let decision = engine.control(
            ControlRequest(role: role, importance: importance), hapticsEnabled: haptics,
            on: try platform("17.6", sdk: "18.0"))
        #expect(decision.buttonStyle == style)
        #expect(decision.haptic == haptic)
        #expect(decision.minTouchTarget == 44)
        #expect(!decision.glass)
    }
}
