/// Decides policies for an app from a profile: Writing Tools per field, and the capability,
/// deployment, appearance, motion and control rules of the design system. Every decision
/// carries the rule that made it and a sentence saying why.
///
///     let engine = try PolicyEngine(profileNamed: "default")
///     let field = FieldDescriptor(id: "StoryEditView.content", kind: .longText, multiline: true)
///     let platform = Platform(os: .iOS, version: OSVersion(18, 1), appleIntelligence: .enabled)
///     engine.writingTools(for: field, on: platform).effective   // .complete
public struct PolicyEngine: Sendable {
    /// The profile the engine decides with.
    public let profile: PolicyProfile

    /// An engine for `profile`.
    public init(profile: PolicyProfile) {
        self.profile = profile
    }

    /// An engine for a built-in profile.
    ///
    /// - Throws: `.notFound` for an unknown name.
    public init(profileNamed name: String) throws(StoryKitError) {
        self.init(profile: try PolicyProfile.builtIn(named: name))
    }

    /// The rule every profile starts with: secure fields never get Writing Tools.
    public static let secureFieldRule = PolicyReason(
        rule: "secureField", reason: "A secure field never offers Writing Tools, whatever the profile says.")

    /// The Writing Tools decision for `field` on `platform`: the behaviour the profile wants,
    /// and what to apply once the platform's capabilities are taken into account.
    public func writingTools(for field: FieldDescriptor, on platform: Platform, settings: JSONObject = JSONObject())
        -> WritingToolsDecision
    {
        let behavior: WritingToolsBehavior
        let options: [WritingToolsResultOption]
        let decidedBy: PolicyReason
        if field.secure {
            (behavior, options, decidedBy) = (.disabled, [], Self.secureFieldRule)
        } else if let index = firstMatch(field, platform, settings) {
            let rule = profile.writingToolsRules[index]
            (behavior, options, decidedBy) = (
                rule.behavior, rule.resultOptions, PolicyReason(rule: rule.id, reason: rule.reason)
            )
        } else {
            (behavior, options, decidedBy) = (
                .disabled, [],
                PolicyReason(
                    rule: "noMatchingRule",
                    reason: "No rule of the \"\(profile.name)\" profile matches this field, so Writing Tools stay off.")
            )
        }
        guard behavior != .disabled else {
            return WritingToolsDecision(
                behavior: behavior, effective: .none, resultOptions: options, decidedBy: decidedBy, gate: nil)
        }
        if let blocked = Capabilities.writingToolsBlock(platform) {
            return WritingToolsDecision(
                behavior: behavior, effective: .none, resultOptions: options, decidedBy: decidedBy,
                gate: Capabilities.writingToolsGate(blocked))
        }
        return WritingToolsDecision(
            behavior: behavior, effective: behavior == .complete ? .complete : .limited,
            resultOptions: options, decidedBy: decidedBy, gate: nil)
    }

    /// The index of the first rule that matches. Reads the rules in place: copying each rule
    /// out of the array would retain and release every string in it.
    private func firstMatch(_ field: FieldDescriptor, _ platform: Platform, _ settings: JSONObject) -> Int? {
        profile.writingToolsRules.withUnsafeBufferPointer { rules in
            for index in rules.indices where rules[index].condition.matches(field, on: platform, settings: settings) {
                return index
            }
            return nil
        }
    }

    /// What `platform` can do; `remoteConfigured` adds the remote correction backend.
    public func capabilities(on platform: Platform, remoteConfigured: Bool = false) -> Capabilities {
        Capabilities(platform: platform, remoteConfigured: remoteConfigured)
    }

    /// The problems of a project's deployment settings against the profile's minimum target.
    public func deploymentProblems(_ settings: DeploymentSettings) -> [DeploymentProblem] {
        profile.deploymentProblems(settings)
    }

    /// The appearance for a theme preference.
    public func appearance(
        theme: ThemePreference, systemScheme: ColorScheme, increaseContrast: Bool = false, on platform: Platform
    ) -> AppearanceDecision {
        AppearanceDecision(
            theme: theme, systemScheme: systemScheme, increaseContrast: increaseContrast, platform: platform)
    }

    /// How an animation may run.
    public func motion(_ animation: AnimationRequest, reduceMotion: Bool) -> MotionDecision {
        MotionDecision(animation, reduceMotion: reduceMotion)
    }

    /// How a button is styled and feels.
    public func control(_ control: ControlRequest, hapticsEnabled: Bool, on platform: Platform) -> ControlDecision {
        ControlDecision(control, hapticsEnabled: hapticsEnabled, platform: platform)
    }
}
