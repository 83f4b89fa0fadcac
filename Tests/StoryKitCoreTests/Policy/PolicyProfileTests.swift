import StoryKitCore
import Testing

/// Loading, extending and rejecting profiles, and the JSON request layer.
@Suite struct PolicyProfileTests {
    let iOS181 = Platform(os: .iOS, version: OSVersion(18, 1), appleIntelligence: .enabled)

    @Test func builtInProfilesLoadAndAreData() throws {
        for name in PolicyProfile.builtInNames {
            let profile = try PolicyProfile.builtIn(named: name)
            #expect(profile.name == name)
            let text = try #require(BuiltInProfiles.json(named: name))
            #expect(try PolicyProfile(jsonText: text) == profile)
        }
        #expect(try PolicyProfile.builtIn(named: "default").minimumTarget == OSVersion(18, 1))
        #expect(try PolicyProfile.builtIn(named: "proposal").minimumTarget == OSVersion(17, 6))
        #expect(
            throws: StoryKitError(
                .notFound, "no built-in profile \"final\"; built-in profiles: \"default\", \"proposal\"")
        ) {
            try PolicyProfile.builtIn(named: "final")
        }
    }

    @Test func anAppExtendsAndOverridesSingleRules() throws {
        let profile = try PolicyProfile(
            jsonText: #"""
                {"name": "myApp", "extends": "default", "writingTools": [
                  {"id": "heroName", "when": {"field": "HeroCreationView.name"}, "behavior": "limited", "reason": "Our heroes have long names."},
                  {"id": "kidsMode", "when": {"settings": {"kidsMode": true}, "kind": "longText"}, "behavior": "disabled", "reason": "Kids write on their own."},
                  {"id": "journal", "before": "proseFields", "when": {"field": "JournalView.body"}, "behavior": "limited", "reason": "Journals keep their voice."}
                ]}
                """#)
        #expect(profile.minimumTarget == OSVersion(18, 1))
        let engine = PolicyEngine(profile: profile)
        let name = engine.writingTools(for: FieldDescriptor(id: "HeroCreationView.name", kind: .name), on: iOS181)
        #expect(name.behavior == .limited && name.decidedBy.rule == "heroName")
        let story = FieldDescriptor(id: "NotesView.body", kind: .longText)
        #expect(engine.writingTools(for: story, on: iOS181).decidedBy.rule == "proseFields")
        let kids = engine.writingTools(for: story, on: iOS181, settings: ["kidsMode": true])
        #expect(kids.behavior == .disabled && kids.decidedBy.rule == "kidsMode")
        #expect(
            engine.writingTools(for: FieldDescriptor(id: "JournalView.body", kind: .longText), on: iOS181).decidedBy
                .rule == "journal")
        let ids = profile.writingToolsRules.map(\.id)
        #expect(ids.first == "kidsMode")
        #expect(ids.firstIndex(of: "journal")! + 1 == ids.firstIndex(of: "proseFields")!)
        #expect(ids.filter { $0 == "heroName" }.count == 1)

        // The JSON form decides on the loaded profile, and refuses a request naming another.
        let request: JSONValue = [
            "domain": "writingTools", "field": ["id": "HeroCreationView.name", "kind": "name"],
            "platform": ["os": "iOS", "version": "18.1", "appleIntelligence": "enabled"]
        ]
        #expect(try PolicyRequest.evaluate(request, on: engine)["rule"] == "heroName")
        #expect(try PolicyRequest.evaluate(request)["rule"] == "heroName")
        #expect(try PolicyRequest.evaluate(request, on: engine)["behavior"] == "limited")
        #expect(try PolicyRequest.evaluate(request)["behavior"] == "disabled")
        var named = request.objectValue!
        named["profile"] = "default"
        #expect(throws: StoryKitError.self) { try PolicyRequest.evaluate(.object(named), on: engine) }
    }

    @Test(arguments: [
        (
            #"{"name":"x","minimumTarget":"18.1","writingTools":[{"id":"all","behavior":"disabled","reason":"Off."},{"id":"story","when":{"kind":"longText"},"behavior":"complete","reason":"On."}]}"#,
            #"profile "x": rule "story" can never match: rule "all" before it matches every field it would (to change "all", give the new rule its id)"#
        ),
        (
            #"{"name":"x","minimumTarget":"18.1","writingTools":[{"id":"prose","when":{"kind":["longText","description"]},"behavior":"complete","reason":"On."},{"id":"notes","when":{"kind":"longText","field":"Notes.body"},"behavior":"limited","reason":"Pop-up."}]}"#,
            #"profile "x": rule "notes" can never match: rule "prose" before it matches every field it would (to change "prose", give the new rule its id)"#
        ),
        (
            #"{"name":"x","extends":"default","writingTools":[{"id":"everything","behavior":"disabled","reason":"Off."}]}"#,
            #"profile "x": rule "storyContent" can never match: rule "everything" before it matches every field it would (to change "everything", give the new rule its id)"#
        ),
        (
            #"{"name":"x","minimumTarget":"18.1","writingTools":[{"id":"a","behavior":"complete","reason":"On."},{"id":"a","when":{"kind":"name"},"behavior":"disabled","reason":"Off."}]}"#,
            #"profile "x": two rules have the id "a""#
        ),
        (
            #"{"name":"x","minimumTarget":"18.1","writingTools":[{"id":"a","when":{"kind":"novel"},"behavior":"complete","reason":"On."}]}"#,
            #"profile "x": rule "a": when.kind must be one of "longText", "description", "prompt", "imagePrompt", "name", "title", "keyword", "email", "password", "oneTimeCode", not "novel""#
        ),
        (
            #"{"name":"x","minimumTarget":"18.1","writingTools":[{"id":"a","behavior":"sometimes","reason":"On."}]}"#,
            #"profile "x": rule "a": key "behavior" must be one of "complete", "limited", "disabled", not "sometimes""#
        ),
        (
            #"{"name":"x","minimumTarget":"18.1","writingTools":[{"id":"a","behavior":"complete"}]}"#,
            #"profile "x": rule "a": key "reason" is missing"#
        ),
        (
            #"{"name":"x","minimumTarget":"18.1","writingTools":[{"id":"a","behavior":"disabled","resultOptions":["plainText"],"reason":"Off."}]}"#,
            #"profile "x": rule "a": a disabled rule has no resultOptions"#
        ),
        (
            #"{"name":"x","minimumTarget":"18.1","writingTools":[{"id":"a","when":{"colour":"red"},"behavior":"complete","reason":"On."}]}"#,
            #"profile "x": rule "a": unknown key "when.colour" in "when"; known keys: "field", "kind", "multiline", "os", "secure", "settings""#
        ),
        (
            #"{"name":"x","minimumTarget":"eighteen","writingTools":[]}"#,
            #"profile "x": minimumTarget must be a version such as "18.1", not "eighteen""#
        ),
        (#"{"name":"x","writingTools":[]}"#, #"profile "x": minimumTarget is missing"#),
        (
            #"{"name":"x","minimumTarget":"18.1","writingTools":{}}"#,
            #"profile "x": writingTools must be an array of rules"#
        ),
        (
            #"{"name":"x","minimumTarget":"18.1","writingTools":[],"rules":[]}"#,
            #"unknown profile key "rules"; known profile keys: "description", "extends", "minimumTarget", "name", "writingTools""#
        ),
        (
            #"{"name":"x","extends":"default","writingTools":[{"id":"n","after":"nope","behavior":"complete","when":{"field":"A.b"},"reason":"On."}]}"#,
            #"profile "x": rule "n" is placed after "nope", which is not a rule of "default""#
        )
    ])
    func badProfilesAreRejectedNamingTheRule(_ text: String, _ message: String) {
        #expect(throws: StoryKitError(.invalidArgument, message)) { try PolicyProfile(jsonText: text) }
    }

    @Test func unknownBaseProfileIsNotFound() {
        let error = #expect(throws: StoryKitError.self) {
            try PolicyProfile(jsonText: #"{"name":"x","extends":"final","writingTools":[]}"#)
        }
        #expect(error?.code == .notFound)
    }

    @Test(arguments: [
        (
            #"{"domain":"writing","platform":{"os":"iOS","version":"18.1"}}"#, StoryKitError.Code.invalidArgument,
            #"field "domain" must be one of "writingTools", "capabilities", "deployment", "appearance", "motion", "controls", not "writing""#
        ),
        (
            #"{"domain":"writingTools","field":{"id":"a","kind":"essay"},"platform":{"os":"iOS","version":"18.1"}}"#,
            .invalidArgument,
            #"field "field.kind" must be one of "longText", "description", "prompt", "imagePrompt", "name", "title", "keyword", "email", "password", "oneTimeCode", not "essay""#
        ),
        (
            #"{"domain":"writingTools","field":{"id":"a","kind":"name"},"platform":{"os":"Android","version":"18.1"}}"#,
            .invalidArgument,
            #"field "platform.os" must be one of "iOS", "iPadOS", "macOS", "visionOS", "watchOS", "tvOS", not "Android""#
        ),
        (
            #"{"domain":"writingTools","field":{"id":"a","kind":"name"},"platform":{"os":"iOS","version":"18.1","appleIntelligence":"on"}}"#,
            .invalidArgument,
            #"field "platform.appleIntelligence" must be one of "enabled", "disabled", "notEligible", "modelNotReady", not "on""#
        ),
        (
            #"{"domain":"writingTools","field":{"id":"a","kind":"name"},"platform":{"os":"iOS","version":"18.x"}}"#,
            .invalidArgument,
            #"field "platform.version" must be a version such as "18.1", not "18.x""#
        ),
        (
            #"{"domain":"writingTools","field":{"id":"a","kind":"name"},"platform":{"os":"iOS","version":"18.1","beta":true}}"#,
            .invalidArgument,
            #"unknown field "platform.beta" in "platform"; known fields: "appleIntelligence", "gameMode", "lowPowerMode", "os", "sdk", "version""#
        ),
        (
            #"{"domain":"writingTools","field":{"id":"a","kind":"name"}}"#, .invalidArgument,
            #"field "platform" is missing"#
        ),
        (
            #"{"domain":"capabilities","profile":"final","platform":{"os":"iOS","version":"18.1"}}"#, .notFound,
            #"no built-in profile "final"; built-in profiles: "default", "proposal""#
        ),
        (
            #"{"domain":"motion","animation":{"purpose":"spin","duration":1}}"#, .invalidArgument,
            #"field "animation.purpose" must be one of "loading", "decorative", "feedback", "transition", not "spin""#
        ),
        (
            #"{"domain":"motion","animation":{"purpose":"feedback","duration":-1}}"#, .invalidArgument,
            #"field "animation.duration" must be a number from 0.0 to 3600.0, not -1"#
        ),
        (
            #"{"domain":"controls","control":{"role":"primary"},"platform":{"os":"iOS","version":"18.1"},"settings":{"haptics":"yes"}}"#,
            .invalidArgument,
            #"field "settings.haptics" must be true or false, not "yes""#
        ),
        (
            #"{"domain":"deployment","project":{"configurations":{"Debug":18.1}}}"#, .invalidArgument,
            #"field "project.configurations.Debug" must be a version such as "18.1", not 18.1"#
        ),
        (
            #"{"domain":"appearance","settings":{"theme":"sepia"},"platform":{"os":"iOS","version":"18.1"}}"#,
            .invalidArgument,
            #"field "settings.theme" must be one of "light", "dark", "system", not "sepia""#
        )
    ])
    func badRequestsNameTheKey(_ request: String, _ code: StoryKitError.Code, _ message: String) throws {
        #expect(throws: StoryKitError(code, message)) { try PolicyRequest.evaluate(JSONValue(parsing: request)) }
    }

    @Test func jsonRequestMatchesTheTypedEngine() throws {
        let request = try JSONValue(
            parsing:
                #"{"domain":"writingTools","profile":"proposal","field":{"id":"AvatarGenerationView.customPrompt","kind":"imagePrompt","multiline":true,"secure":false},"platform":{"os":"iOS","version":"18.1","appleIntelligence":"enabled"}}"#
        )
        let typed = try PolicyEngine(profileNamed: "proposal").writingTools(
            for: FieldDescriptor(id: "AvatarGenerationView.customPrompt", kind: .imagePrompt, multiline: true),
            on: iOS181)
        #expect(try PolicyRequest.evaluate(request) == typed.json)
        #expect(typed.behavior == .limited && typed.effective == .limited)
    }
}
