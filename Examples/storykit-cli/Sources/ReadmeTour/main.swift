// swift-format-ignore-file
// (The snippets below are README.md's, copied as written; the formatter leaves them alone.)
// The Swift snippets of the repository's README.md, each in a function of its own so that
// their names do not clash. Tests/Snippets checks that every README Swift block appears here
// verbatim, then runs this program: a snippet that stops compiling or throws fails the tests.
import StoryKitCore
import StoryKitFoundation

func json() throws {
    let value = try JSONValue(parsing: #"{"big": 12345678901234567890, "e": 1.0e5}"#)
    print(value["big"]?.numberValue?.text ?? "")             // 12345678901234567890
    print(value.formatted(JSONWritingOptions(indent: 2, sortKeys: true)))

    let hero = try Hero(jsonText: #"{"id":"h1","name":"Mia","traits":["brave"]}"#)
    print(hero.name, OSVersion("18.1")! < OSVersion("26")!)   // Mia true
}

func replies() throws {
    let list = try ListParser().parse("Here you go:\n1. Rest\n2. Drink water\n\nHope this helps!")
    print(list.items.map(\.text), list.postamble)            // ["Rest", "Drink water"] Hope this helps!

    let set = try VariationParser().parse(#"{"directCorrection": "I want to go home.", "refinedPhrasing": "I would like to go home."}"#)
    print(set.issues)                                        // [count(expected: 3, found: 2)]

    var stream = VariationStream()
    for chunk in [#"{"directCorrection": "I wa"#, #"nt to go home."}"#] {
        for event in try stream.feed(chunk) { print(event) }  // start, delta, delta, done
    }
    print(try stream.finish() == (try VariationParser().parse(#"{"directCorrection": "I want to go home."}"#)))   // true
}

func prompts() throws {
    let prompt = try CorrectionPromptBuilder(form: .structured, language: LanguageTag("es"))
        .build(text: "quiero ir a csaa")
    print(prompt.instructions, prompt.prompt, prompt.estimatedTokens, prompt.truncations)   // [] unless cut

    let hero = try HeroDescription(name: "Mia", traits: ["brave"], appearance: "curly red hair")
    let page = try ImagePromptBuilder().illustration(hero: hero, pageText: "Mia finds a lantern.", pageIndex: 0)
    print(page.prompt)
}

func policies() throws {
    let engine = try PolicyEngine(profileNamed: "default")
    let platform = Platform(os: .iOS, version: OSVersion(18, 1), appleIntelligence: .enabled)
    let decision = engine.writingTools(for: FieldDescriptor(id: "HeroCreationView.name", kind: .name), on: platform)
    print(decision.effective, decision.decidedBy.rule, decision.decidedBy.reason)   // none heroName ...
    print(engine.capabilities(on: platform).correctionBackends)                     // [offline] below OS 26
}

func generation() throws {
    let prompt = try CorrectionPromptBuilder(form: .structured).build(text: "I wnat to go hmoe")
    let request = try GeminiCodec.request(TextGenerationRequest(model: ModelDefaults.text(for: .gemini), prompt: prompt),
                                          apiKey: "my-key", stream: true)
    print(request)                                   // the key is shown as [redacted]
    var stream = try GenerationStream(provider: .gemini)
    for case .delta(_, let text) in try stream.feed("data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"Hi\"}]}}]}\n\n") {
        print(text)                                  // Hi
    }
    switch try stream.finish() {
    case .success(let result): print(result.text)
    case .failure(let error): print(error.kind, error.retryable, error.message)
    }
}

func services() async throws {
    // Offline: no transport, no key. With a model: a RemoteTextGenerator over any HTTPTransport.
    let offline = CorrectionService()
    let outcome = try await offline.correct("I wnat to go hmoe")
    print(outcome.backend, outcome.variations.variations.map(\.text))

    // The writer's own words: kept as typed, read for their slips (also from a story or a hero:
    // Vocabulary(story:), Vocabulary(hero:); learned ones from the store: Vocabulary(learned:)).
    let writer = OfflineCorrector(vocabulary: try Vocabulary(known: ["Zorbax", "Sir Pounce"]))
    print(try writer.correct("Zorbxa and sir pounce flew hmoe").variations.variations[0].text)   // Zorbax and Sir Pounce flew home

    let local = try RemoteTextGenerator(provider: .openai, model: "llama3.2", transport: URLSessionTransport(),
                                        baseURL: "http://127.0.0.1:11434/v1", acceptsResponseSchema: false)
    let service = CorrectionService(backends: [.remote, .offline], generators: [.remote: local])
    print(service.backends)   // service.correct(...) asks the local server first, then corrects offline
}

func store() async throws {
    let store = try FileStore(root: "/tmp/storykit-readme-\(UInt32.random(in: 0...UInt32.max))")
    try await store.heroes.save(try Hero(id: "h1", name: "Mia", traits: ["brave"]))
    try await store.setThemePreference(.dark)
    print(try await store.heroes.list(after: nil, limit: 20).items.map(\.name))   // ["Mia"]
}

try json()
try replies()
try prompts()
try policies()
try generation()
try await services()
try await store()
print("README snippets: OK")
