import StoryKitCore
import Testing

/// Every builder and form against the reviewed golden prompts, plus the rules the goldens
/// cannot show on their own: budgets, determinism, languages and request errors.
@Suite struct PromptBuilderTests {
    struct GoldenCase: CustomTestStringConvertible, Sendable {
        let name: String
        let request: JSONValue
        let result: JSONValue
        var testDescription: String { name }
    }

    static let golden: [GoldenCase] = {
        guard let cases = try? Fixtures.json("Prompts/golden.json")["cases"]?.arrayValue else { return [] }
        return cases.compactMap { value in
            guard let name = value["name"]?.stringValue, let request = value["request"], let result = value["result"]
            else { return nil }
            return GoldenCase(name: name, request: request, result: result)
        }
    }()

    @Test func theGoldenFileCoversEveryKindAndForm() {
        #expect(Self.golden.count >= 29)
        let kinds = Set(Self.golden.compactMap { $0.request["kind"]?.stringValue })
        #expect(kinds == Set(PromptRequest.Kind.allCases.map(\.rawValue)))
        let forms = Set(Self.golden.compactMap { $0.request["form"]?.stringValue })
        #expect(forms == ["structured"])  // "numbered" is the default, used without the key
        let languages = Set(Self.golden.compactMap { $0.request["language"]?.stringValue?.prefix(2) })
        #expect(languages.isSuperset(of: ["es", "de", "fr", "ja", "ar", "en"]))
    }

    @Test(arguments: golden)
    func buildsTheGoldenPrompt(_ golden: GoldenCase) throws {
        let prompt = try PromptRequest.build(golden.request)
        #expect(prompt.json == golden.result)
        // Same input, same prompt.
        #expect(try PromptRequest.build(golden.request) == prompt)
    }

    @Test(arguments: golden)
    func promptAndReplyFitTheContext(_ golden: GoldenCase) throws {
        let prompt = try PromptRequest.build(golden.request)
        let context = golden.request["contextTokens"]?.numberValue?.int64Value.map(Int.init)
        if let reply = prompt.maxResponseTokens {
            #expect(prompt.estimatedTokens + reply <= (context ?? PromptBudget.onDeviceContextTokens))
            #expect(reply > 0)
            #expect(!prompt.instructions.isEmpty)
        } else {
            #expect(prompt.estimatedTokens <= (context ?? PromptBudget.imagePromptTokens))
            #expect(prompt.instructions.isEmpty)
            #expect(prompt.temperature == nil)
        }
    }

    @Test func correctionAsksForTheCountAndKinds() throws {
        for count in 1...CorrectionPromptBuilder.maxCount {
            let prompt = try CorrectionPromptBuilder(count: count).build(text: "I wnat to go hmoe")
            #expect(prompt.instructions.contains("Write exactly \(count) different corrected version"))
            #expect(prompt.instructions.contains("\(count). "))
            #expect(!prompt.instructions.contains("\(count + 1). "))
            #expect(prompt.instructions.contains("Direct correction"))
            #expect(prompt.instructions.contains("Refined phrasing") == (count >= 2))
            #expect(prompt.instructions.contains("Alternative interpretation") == (count >= 3))
            #expect(prompt.responseSchema == Optional<JSONValue>.none)
        }
    }

    @Test func replyBudgetGrowsWithTheTextAndNeverOverflows() throws {
        let builder = try CorrectionPromptBuilder()
        var previous = 0
        for words in [1, 10, 100, 300, 1000, 20_000] {
            let text = Array(repeating: "wrod", count: words).joined(separator: " ")
            let prompt = try builder.build(text: text)
            let reply = try #require(prompt.maxResponseTokens)
            #expect(reply >= previous || prompt.truncated)
            #expect(reply >= CorrectionPromptBuilder.minResponseTokens)
            #expect(prompt.estimatedTokens + reply <= 4096)
            previous = reply
        }
    }

    @Test func overLongTextIsCutAtAWordWithAMarkerAndReported() throws {
        let words = (0..<25_000).map { "word\($0 % 97)" }
        let text = words.joined(separator: " ")  // about 200 KB
        let prompt = try CorrectionPromptBuilder().build(text: text)
        #expect(prompt.truncated)
        let truncation = try #require(prompt.truncations.first)
        #expect(truncation.field == "text")
        #expect(truncation.originalCharacters == text.count)
        #expect(truncation.keptCharacters < text.count)
        let kept = String(text.prefix(truncation.keptCharacters))
        #expect(prompt.prompt.contains("<text>\n" + kept + " " + PromptText.truncationMarker + "\n</text>"))
        // Cut at a word boundary: the kept text ends with a whole word.
        #expect(words.contains(String(kept.split(separator: " ").last ?? "")))
        #expect(text[text.index(text.startIndex, offsetBy: truncation.keptCharacters)] == " ")
    }

    @Test func japaneseIsCutBetweenCharacters() throws {
        let text = String(repeating: "きょうはびょういんにいきたいです。", count: 2000)
        let prompt = try CorrectionPromptBuilder(language: LanguageTag("ja")).build(text: text)
        let truncation = try #require(prompt.truncations.first)
        let kept = String(text.prefix(truncation.keptCharacters))
        #expect(prompt.prompt.contains("<text>\n" + kept + PromptText.truncationMarker + "\n</text>"))
    }

    @Test func aContextTooSmallIsALimitError() throws {
        // The error names a context that is enough.
        for count in [1, 3, 10] {
            let error = #expect(throws: StoryKitError.self) {
                try CorrectionPromptBuilder(count: count, contextTokens: 256).build(text: "hi")
            }
            #expect(error?.code == .limit)
            let needed = try #require(error?.message.split(separator: " ").last.flatMap { Int($0) })
            #expect(
                error?.message
                    == "contextTokens 256 is too small for a correction prompt of \(count) versions: it needs at least \(needed)"
            )
            let prompt = try CorrectionPromptBuilder(count: count, contextTokens: needed).build(text: "hi")
            #expect(prompt.estimatedTokens + (prompt.maxResponseTokens ?? 0) <= needed)
        }
        let story = try StoryPromptBuilder(contextTokens: 1024)
        let hero = try HeroDescription(name: "Mia")
        #expect(throws: StoryKitError.self) {
            try story.build(
                hero: hero, theme: "friendship", ageGroup: #require(AgeGroup("4-6")), length: .long,
                language: #require(LanguageTag("en")))
        }
        #expect(throws: StoryKitError(.invalidArgument, "contextTokens must be from 256 to 2000000, not 100")) {
            try StoryPromptBuilder(contextTokens: 100)
        }
    }

    @Test(arguments: [
        ("en", "English"), ("es", "Spanish"), ("de", "German"), ("fr-CA", "French (fr-CA)"),
        ("ja", "Japanese"), ("ar", "Arabic"), ("zh-Hant", "Chinese (zh-Hant)"),
        ("tlh", "the language with the BCP 47 tag \"tlh\"")
    ])
    func languagesAreNamedInTheInstructions(_ tag: String, _ name: String) throws {
        let language = try #require(LanguageTag(tag))
        #expect(language.promptName == name)
        let correction = try CorrectionPromptBuilder(language: language).build(text: "texto")
        #expect(correction.instructions.contains("Write the versions in \(name)."))
        let story = try StoryPromptBuilder().build(
            hero: HeroDescription(name: "Mia"), theme: "amistad",
            ageGroup: #require(AgeGroup("6-8")), length: .short, language: language)
        #expect(story.instructions.contains("Write the story in \(name),"))
    }

    @Test(arguments: [
        "", "e", "english", "en_US", "en--US", "-en", "en-", "123", "en-toolongsubtag",
        String(repeating: "a-", count: 20) + "a",
        // A grandfathered tag, and three-letter codes BCP 47 writes with two letters.
        "i-klingon", "spa", "SPA-MX", "deu", "ger"
    ])
    func malformedLanguageTagsAreRejected(_ tag: String) {
        #expect(LanguageTag(tag) == nil)
    }

    @Test(arguments: [
        ("I wnat to go hmoe", "en"), ("quiero ir a csaa", "es"), ("ich möchte nach Hasue", "de"),
        ("je veux aller a la maisno", "fr"), ("きょうはびょういんにいきたい", "ja"), ("اريد ان اذهب الى البيتت", "ar")
    ])
    func userTextOfEveryLanguageIsKeptVerbatim(_ text: String, _ tag: String) throws {
        for form in CorrectionPromptBuilder.Form.allCases {
            let prompt = try CorrectionPromptBuilder(form: form, language: LanguageTag(tag)).build(text: text)
            #expect(prompt.prompt.contains("<text>\n\(text)\n</text>"))
            #expect(prompt.estimatedTokens > 0)
        }
    }

    @Test func ageGroupsChooseTheWritingRules() throws {
        #expect(AgeGroup("4-6")?.description == "4-6")
        #expect(AgeGroup("5")?.description == "5")
        for bad in ["", "1-3", "6-4", "4-13", "four", "4-", "-6", "4-6-8", "04-006"] {
            #expect(AgeGroup(bad) == nil, "\(bad)")
        }
        let hero = try HeroDescription(name: "Mia")
        let english = try #require(LanguageTag("en"))
        func rules(_ age: String) throws -> String {
            try StoryPromptBuilder().build(
                hero: hero, theme: "sharing", ageGroup: #require(AgeGroup(age)), length: .short, language: english
            ).instructions
        }
        #expect(try rules("3-5").contains("very short sentences"))
        #expect(try rules("6-8").contains("short sentences and simple vocabulary"))
        #expect(try rules("9-12").contains("richer vocabulary"))
        #expect(try rules("9-12").contains("no violence"))
    }

    @Test func illustrationsShareTheCharacterAndStyleOnEveryPage() throws {
        let builder = try ImagePromptBuilder()
        let hero = try HeroDescription(name: "Mia", traits: ["brave"], appearance: "curly red hair and green boots")
        let pages = try (0..<5).map { index in
            try builder.illustration(hero: hero, pageText: "Page \(index) happens here.", pageIndex: index).prompt
        }
        let shared = pages[0].split(separator: "\n").prefix(2)
        for page in pages {
            #expect(page.split(separator: "\n").prefix(2) == shared)
            #expect(page.hasSuffix(ImagePromptBuilder.safetyConstraints))
        }
        let avatar = try builder.avatar(hero: hero).prompt
        #expect(avatar.contains(String(shared[1])))
    }

    @Test func structuredStoriesAskForTheStoryShape() throws {
        let prompt = try StoryPromptBuilder().build(
            hero: HeroDescription(name: "Mia"), theme: "kindness",
            ageGroup: #require(AgeGroup("4-6")), length: .medium, language: #require(LanguageTag("en")))
        #expect(prompt.responseSchema == StoryPromptBuilder.responseSchema)
        #expect(prompt.maxResponseTokens == StoryLength.medium.words * 2 + 100)
    }

    @Test(arguments: [
        (#"{"text":"hi"}"#, #"field "kind" is missing"#),
        (
            #"{"kind":"poem","text":"hi"}"#,
            #"field "kind" must be one of "correction", "story", "eventEnhancement", "avatar", "illustration", not "poem""#
        ),
        (#"{"kind":"correction"}"#, #"field "text" is missing"#),
        (#"{"kind":"correction","text":null}"#, #"field "text" is missing"#),
        (#"{"kind":"correction","text":42}"#, #"field "text" must be a string, not 42"#),
        (#"{"kind":"correction","text":"hi","count":"3"}"#, #"field "count" must be an integer from 1 to 10, not "3""#),
        (#"{"kind":"correction","text":"hi","count":11}"#, #"field "count" must be an integer from 1 to 10, not 11"#),
        (#"{"kind":"correction","text":"hi","count":2.5}"#, #"field "count" must be an integer from 1 to 10, not 2.5"#),
        (
            #"{"kind":"correction","text":"hi","form":"list"}"#,
            #"field "form" must be one of "numbered", "structured", not "list""#
        ),
        (
            #"{"kind":"correction","text":"hi","language":"english"}"#,
            #"field "language" must be a BCP 47 language tag such as "en" or "es-MX", not "english""#
        ),
        (
            #"{"kind":"correction","text":"hi","colour":1}"#,
            #"unknown field "colour"; known fields: "contextTokens", "count", "form", "kind", "language", "retry", "text""#
        ),
        (#"{"kind":"correction","text":"hi","retry":{"previousReply":"x"}}"#, #"field "retry.problem" is missing"#),
        (
            #"{"kind":"correction","text":"hi","retry":{"previousReply":"x","problem":"late"}}"#,
            #"field "retry.problem" must be one of "count", "duplicates", "unparseable", "truncated", "unfaithful", not "late""#
        ),
        (#"{"kind":"correction","text":"hi","retry":[]}"#, #"field "retry" must be a JSON object, not []"#),
        (#"{"kind":"correction","text":"  \n"}"#, "text must not be empty"),
        (
            #"{"kind":"story","theme":"x","ageGroup":"4-6","length":"short","language":"en"}"#,
            #"field "hero" is missing"#
        ),
        (
            #"{"kind":"story","hero":{"traits":[]},"theme":"x","ageGroup":"4-6","length":"short","language":"en"}"#,
            #"field "hero.name" is missing"#
        ),
        (
            #"{"kind":"story","hero":{"name":"Mia","traits":["a",3]},"theme":"x","ageGroup":"4-6","length":"short","language":"en"}"#,
            #"field "hero.traits[1]" must be a string, not 3"#
        ),
        (
            #"{"kind":"story","hero":{"name":"Mia","age":3},"theme":"x","ageGroup":"4-6","length":"short","language":"en"}"#,
            #"unknown field "hero.age" in "hero"; known fields: "appearance", "name", "traits""#
        ),
        (
            #"{"kind":"story","hero":{"name":"Mia"},"theme":"x","ageGroup":"4-16","length":"short","language":"en"}"#,
            #"field "ageGroup" must be an age or a range of ages from 2 to 12 such as "4-6", not "4-16""#
        ),
        (
            #"{"kind":"story","hero":{"name":"Mia"},"theme":"x","ageGroup":"4-6","length":"epic","language":"en"}"#,
            #"field "length" must be one of "short", "medium", "long", not "epic""#
        ),
        (
            #"{"kind":"story","hero":{"name":"Mia"},"theme":"x","ageGroup":"4-6","length":"short"}"#,
            #"field "language" is missing"#
        ),
        (
            #"{"kind":"eventEnhancement","event":{"description":"x"},"language":"en"}"#,
            #"field "event.title" is missing"#
        ),
        (
            #"{"kind":"illustration","hero":{"name":"Mia"},"page":{"text":"x","index":-1}}"#,
            #"field "page.index" must be an integer from 0 to 200, not -1"#
        ),
        (#"{"kind":"illustration","hero":{"name":"Mia"}}"#, #"field "page" is missing"#),
        (
            #"{"kind":"avatar","hero":{"name":"Mia"},"form":"structured"}"#,
            #"unknown field "form"; known fields: "contextTokens", "customPrompt", "hero", "kind""#
        ),
        (
            #"{"kind":"correction","text":"hi","contextTokens":10}"#,
            #"field "contextTokens" must be an integer from 256 to 2000000, not 10"#
        ),
        (#"["correction"]"#, "the request must be a JSON object, not [\"correction\"]")
    ])
    func requestErrorsNameTheField(_ request: String, _ message: String) throws {
        let value = try JSONValue(parsing: request)
        #expect(throws: StoryKitError(.invalidArgument, message)) { try PromptRequest.build(value) }
    }
}
