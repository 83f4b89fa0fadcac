import StoryKitCore
import Testing

@Suite struct ModelTests {
    @Test func heroRoundTripsThroughJSON() throws {
        let hero = try Hero(id: "h1", name: "Mia", traits: ["brave", "curious"], appearance: "red boots")
        let json = hero.json
        #expect(json.formatted() == #"{"id":"h1","name":"Mia","traits":["brave","curious"],"appearance":"red boots"}"#)
        #expect(try Hero(json: json) == hero)
    }

    @Test(arguments: [
        (#"{"id":"h1","name":"   "}"#, "hero name must not be empty"),
        (#"{"id":"h1"}"#, #""name" is missing"#),
        (#"{"id":"h1","name":"Mia","traits":["a",2]}"#, #""traits"[1]: expected a string, found a number"#),
        (#"{"id":"../x","name":"Mia"}"#, "hero id must not contain '/'"),
        (#"{"id":"..","name":"Mia"}"#, #"hero id must not be "..""#),
        (#"{"id":"a\u0000b","name":"Mia"}"#, "hero id must not contain control characters"),
        (#"{"id":"h1","name":"Mia","traits":[""]}"#, "hero trait must not be empty")
    ])
    func heroValidationNamesTheProblem(text: String, message: String) throws {
        do {
            _ = try Hero(jsonText: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func idLengthIsBounded() throws {
        #expect(throws: Never.self) { _ = try Hero(id: String(repeating: "a", count: 128), name: "Mia") }
        #expect(throws: StoryKitError.self) { _ = try Hero(id: String(repeating: "a", count: 129), name: "Mia") }
    }

    @Test func storyValidatesPagesAndTimestamps() throws {
        let story = try Story(
            id: "s1", title: "Mia and the Moon", pages: ["Once upon a time.", "The end."], heroID: "h1",
            theme: "friendship", ageGroup: "4-6", language: "en", createdAt: 1_732_230_000_000)
        #expect(try Story(json: story.json) == story)
        #expect(story.json["createdAt"]?.numberValue?.text == "1732230000000")
        #expect(throws: StoryKitError.self) { _ = try Story(id: "s1", title: "T", pages: []) }
        #expect(throws: StoryKitError.self) { _ = try Story(id: "s1", title: "T", pages: ["ok", " "]) }
        #expect(throws: StoryKitError.self) { _ = try Story(id: "s1", title: "T", pages: ["ok"], createdAt: -1) }
        #expect(throws: StoryKitError.self) {
            _ = try Story(jsonText: #"{"id":"s1","title":"T","pages":["a"],"createdAt":1.5}"#)
        }
    }

    @Test func customEventRequiresATitle() throws {
        let event = try CustomEvent(
            id: "e1", title: "First day at school", description: "New friends", promptSeed: "a brave first day")
        #expect(try CustomEvent(json: event.json) == event)
        #expect(throws: StoryKitError.self) { _ = try CustomEvent(jsonText: #"{"id":"e1","title":""}"#) }
    }

    @Test func themePreferenceAcceptsOnlyKnownValues() throws {
        #expect(try ThemePreference(json: "dark") == .dark)
        #expect(ThemePreference.system.json == "system")
        #expect(throws: StoryKitError.self) { _ = try ThemePreference(json: "sepia") }
        #expect(throws: StoryKitError.self) { _ = try ThemePreference(validating: "Dark") }
    }

    @Test(arguments: [
        ("18.1", OSVersion(18, 1)), ("26", OSVersion(26)), ("17.6.1", OSVersion(17, 6, 1)), ("18.10", OSVersion(18, 10))
    ])
    func parsesVersions(text: String, expected: OSVersion) {
        #expect(OSVersion(text) == expected)
    }

    @Test(arguments: ["", "18.", ".1", "v18", "18.1.2.3", "-1", "18.a", "1234567", "18 .1"])
    func rejectsMalformedVersions(text: String) {
        #expect(OSVersion(text) == nil)
    }

    @Test func comparesVersionsNumerically() throws {
        let order = ["17.6", "17.6.1", "18", "18.0.1", "18.1", "18.9", "18.10", "26"].compactMap(OSVersion.init)
        #expect(order.count == 8)
        #expect(order == order.sorted())
        #expect(OSVersion("26") == OSVersion("26.0.0"))
        #expect(OSVersion("18.10")! > OSVersion("18.9")!)
    }

    @Test func platformDecodesWithDefaultsAndNamesBadValues() throws {
        let platform = try Platform(
            jsonText: #"{"os":"iOS","version":"18.1","sdk":"26.0","appleIntelligence":"enabled"}"#)
        #expect(
            platform == Platform(os: .iOS, version: OSVersion(18, 1), sdk: OSVersion(26), appleIntelligence: .enabled))
        #expect(platform.lowPowerMode == false)
        #expect(try Platform(json: platform.json) == platform)
        do {
            _ = try Platform(jsonText: #"{"os":"iOS","version":"eighteen"}"#)
            Issue.record("accepted a bad version")
        } catch {
            #expect(error.message.contains(#""version""#))
        }
        #expect(throws: StoryKitError.self) { _ = try Platform(jsonText: #"{"os":"Android","version":"14"}"#) }
    }

    @Test func imageTypesMapToExtensionsInOnePlace() {
        #expect(ImageMIMEType(mimeType: "image/jpeg")?.fileExtension == "jpg")
        #expect(ImageMIMEType(mimeType: "IMAGE/PNG; q=1")?.fileExtension == "png")
        #expect(ImageMIMEType.allCases.map(\.fileExtension) == ["png", "jpg", "webp", "gif", "heic"])
        #expect(ImageMIMEType(mimeType: "image/bmp") == nil)
        #expect(ImageMIMEType(mimeType: "text/html") == nil)
    }

    @Test func illustrationNamesItsFile() throws {
        let illustration = try Illustration(id: "i1", mimeType: .jpeg, storyID: "s1", pageIndex: 2)
        #expect(illustration.fileName == "i1.jpg")
        #expect(try Illustration(json: illustration.json) == illustration)
        #expect(throws: StoryKitError.self) { _ = try Illustration(jsonText: #"{"id":"i1","mimeType":"image/bmp"}"#) }
    }

    @Test func variationSetHasTheCShape() throws {
        let set = VariationSet(
            variations: [
                TextVariation(text: "I want to go home.", kind: .direct), TextVariation(text: "I want to go home!")
            ],
            source: .list,
            issues: [.count(expected: 3, found: 2), .duplicate(index: 1, of: 0), .language(detected: "de")]
        )
        #expect(
            set.json.formatted()
                == #"{"variations":[{"text":"I want to go home.","kind":"direct"},{"text":"I want to go home!","kind":null}],"source":"list","repaired":false,"issues":[{"code":"count","expected":3,"found":2},{"code":"duplicate","index":1,"of":0},{"code":"language","detected":"de"}]}"#
        )
        #expect(try VariationSet(json: set.json) == set)
        // Written directly, as the encoder writes it.
        #expect(try JSONValueEncoder().encode(set) == set.json)
        #expect(!set.isValid)
    }
}
