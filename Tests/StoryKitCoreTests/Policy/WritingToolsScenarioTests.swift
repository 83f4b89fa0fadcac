import StoryKitCore
import Testing

/// Every Writing Tools scenario of the story app's specs (the final spec is the `default`
/// profile, the earlier proposal the `proposal` profile), on the OS versions and Apple
/// Intelligence states the apps meet.
@Suite struct WritingToolsScenarioTests {
    static let versions = ["17.6", "18.0", "18.1", "26.0"]
    static let states = AppleIntelligenceState.allCases

    struct Scenario: CustomTestStringConvertible, Sendable {
        let name: String
        let field: FieldDescriptor
        /// The behaviour each profile wants: (default, proposal).
        let behavior: (standard: WritingToolsBehavior, proposal: WritingToolsBehavior)
        let rule: (standard: String, proposal: String)
        var testDescription: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(
            name: "Story content editing enables full Writing Tools",
            field: FieldDescriptor(id: "StoryEditView.content", kind: .longText, multiline: true),
            behavior: (.complete, .complete), rule: ("storyContent", "storyContent")),
        Scenario(
            name: "Event description supports Writing Tools",
            field: FieldDescriptor(
                id: "CustomEventCreationView.BasicInfoStepView.description", kind: .description, multiline: true),
            behavior: (.complete, .complete), rule: ("eventDescription", "eventDescription")),
        Scenario(
            name: "AI enhancement prompt supports Writing Tools",
            field: FieldDescriptor(
                id: "CustomEventCreationView.AIEnhancementStepView.promptSeed", kind: .prompt, multiline: true),
            behavior: (.complete, .complete), rule: ("enhancementPromptSeed", "enhancementPromptSeed")),
        Scenario(
            name: "Avatar prompts: complete in the final spec, limited (pop-up) in the proposal",
            field: FieldDescriptor(id: "AvatarGenerationView.customPrompt", kind: .imagePrompt, multiline: true),
            behavior: (.complete, .limited), rule: ("avatarPrompt", "avatarPrompt")),
        Scenario(
            name: "Short inputs disable Writing Tools: hero name",
            field: FieldDescriptor(id: "HeroCreationView.name", kind: .name),
            behavior: (.disabled, .disabled), rule: ("heroName", "heroName")),
        Scenario(
            name: "Short inputs disable Writing Tools: a title anywhere",
            field: FieldDescriptor(id: "StoryEditView.title", kind: .title),
            behavior: (.disabled, .disabled), rule: ("shortInputs", "shortInputs")),
        Scenario(
            name: "Short inputs disable Writing Tools: a keyword anywhere",
            field: FieldDescriptor(id: "SearchView.keyword", kind: .keyword),
            behavior: (.disabled, .disabled), rule: ("shortInputs", "shortInputs")),
        Scenario(
            name: "Authentication fields disable Writing Tools: email",
            field: FieldDescriptor(id: "MagicalTextField.email", kind: .email),
            behavior: (.disabled, .disabled), rule: ("signInEmail", "signInEmail")),
        Scenario(
            name: "Authentication fields disable Writing Tools: password",
            field: FieldDescriptor(id: "MagicalTextField.password", kind: .password, secure: true),
            behavior: (.disabled, .disabled), rule: ("secureField", "secureField")),
        Scenario(
            name: "Authentication fields disable Writing Tools: one-time code elsewhere",
            field: FieldDescriptor(id: "VerifyView.code", kind: .oneTimeCode),
            behavior: (.disabled, .disabled), rule: ("authenticationFields", "authenticationFields")),
        Scenario(
            name: "Unknown long-text field falls back to its kind",
            field: FieldDescriptor(id: "NotesView.body", kind: .longText, multiline: true),
            behavior: (.complete, .complete), rule: ("proseFields", "proseFields")),
        Scenario(
            name: "Unknown image prompt falls back to its kind",
            field: FieldDescriptor(id: "CoverView.prompt", kind: .imagePrompt),
            behavior: (.complete, .limited), rule: ("promptFields", "imagePromptFields")),
        Scenario(
            name: "A secure field is disabled whatever its kind",
            field: FieldDescriptor(id: "StoryEditView.content", kind: .longText, multiline: true, secure: true),
            behavior: (.disabled, .disabled), rule: ("secureField", "secureField"))
    ]

    @Test(arguments: scenarios)
    func scenarioOnEveryPlatform(_ scenario: Scenario) throws {
        for profile in PolicyProfile.builtInNames {
            let engine = try PolicyEngine(profileNamed: profile)
            let wanted = profile == "default" ? scenario.behavior.standard : scenario.behavior.proposal
            let rule = profile == "default" ? scenario.rule.standard : scenario.rule.proposal
            for version in Self.versions {
                for state in Self.states {
                    let platform = Platform(
                        os: .iOS, version: try #require(OSVersion(version)), appleIntelligence: state)
                    let decision = engine.writingTools(for: scenario.field, on: platform)
                    #expect(decision.behavior == wanted, "\(profile) \(version) \(state)")
                    #expect(decision.decidedBy.rule == rule, "\(profile)")
                    #expect(!decision.decidedBy.reason.isEmpty)
                    // Graceful degradation: below 18.1 or without Apple Intelligence, nothing applies.
                    let capable = platform.version >= OSVersion(18, 1) && state == .enabled
                    let expected: EffectiveWritingTools =
                        !capable || wanted == .disabled ? .none : wanted == .complete ? .complete : .limited
                    #expect(decision.effective == expected, "\(profile) \(version) \(state)")
                    #expect(decision.resultOptions.isEmpty == (wanted == .disabled))
                    if wanted != .disabled && !capable {
                        let gate = try #require(decision.gate)
                        let stateRule: [AppleIntelligenceState: String] = [
                            .disabled: "appleIntelligenceNotEnabled", .notEligible: "deviceNotEligible",
                            .modelNotReady: "modelNotReady"
                        ]
                        #expect(
                            gate.rule == "writingTools."
                                + (platform.version < OSVersion(18, 1) ? "osTooOld" : stateRule[state] ?? "?"))
                    } else {
                        #expect(decision.gate == nil)
                    }
                }
            }
        }
    }

    @Test(arguments: [
        (OperatingSystem.iPadOS, "18.1", true), (.iPadOS, "18.0", false), (.macOS, "15.1", true),
        (.macOS, "15.0", false),
        (.visionOS, "2.4", true), (.visionOS, "2.3", false), (.watchOS, "26.0", false), (.tvOS, "26.0", false)
    ])
    func writingToolsMinimumPerOS(_ os: OperatingSystem, _ version: String, _ available: Bool) throws {
        let platform = Platform(os: os, version: try #require(OSVersion(version)), appleIntelligence: .enabled)
        let decision = try PolicyEngine(profileNamed: "default")
            .writingTools(for: FieldDescriptor(id: "StoryEditView.content", kind: .longText), on: platform)
        #expect(decision.effective == (available ? .complete : .none))
    }

    @Test func decisionJSONHasTheIssueShape() throws {
        let platform = Platform(os: .iOS, version: OSVersion(18, 1), appleIntelligence: .enabled)
        let decision = try PolicyEngine(profileNamed: "default")
            .writingTools(
                for: FieldDescriptor(id: "StoryEditView.content", kind: .longText, multiline: true), on: platform)
        #expect(decision.json.objectValue?.keys == ["behavior", "effective", "resultOptions", "rule", "reason", "gate"])
        #expect(decision.json["effective"] == "complete")
        #expect(decision.json["gate"] == .null)
    }
}
