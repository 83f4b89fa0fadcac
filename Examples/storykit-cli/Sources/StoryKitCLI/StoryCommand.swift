import ArgumentParser
import Foundation
import StoryKitCore
import StoryKitFoundation
import StoryKitLanguages

/// `storykit story`: children's stories written by a model, checked and saved in the store.
struct StoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "story",
        abstract: "Write a children's story about a hero with a model, checked before it is shown, and saved.",
        discussion: """
            Examples:
              storykit story write --hero Mia --theme "a lost kite" --backend openai \\
                  --base-url http://127.0.0.1:8080/v1 --model smollm2
              storykit story list
              storykit story show story-0123456789abcdef
              storykit story illustrate story-0123456789abcdef
              storykit story show story-0123456789abcdef --html book.html
            """,
        subcommands: [
            StoryWriteCommand.self, StoryListCommand.self, StoryShowCommand.self, StoryIllustrateCommand.self
        ]
    )
}

/// `storykit story write`.
struct StoryWriteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "write",
        abstract: "Write a story with a model; pages are printed as they pass the check, the story saved.",
        discussion: """
            A story needs a model: --backend openai with --base-url for a local server (the one \
            scripts/serve-local-model.sh starts needs no key), or --backend gemini with \
            GEMINI_API_KEY. Every page is checked before it is printed (length for the age \
            group, language, no markup or prompt tags, no repetition, the hero's name as given, \
            no --avoid word); a refused reply is asked again once, and if no reply passes \
            nothing is saved and the command exits 1 with every reason.

            Examples:
              storykit story write --hero Mia --trait brave --theme "a lost kite" \\
                  --backend openai --base-url http://127.0.0.1:8080/v1 --model smollm2
              storykit story write --hero Oisín --theme "a new friend" --age 6-8 \\
                  --length medium --language en --backend gemini
            """
    )

    enum Backend: String, ExpressibleByArgument, CaseIterable {
        case gemini, openai
    }

    @Option(help: "The hero's name, kept exactly as given in the story.") var hero: String
    @Option(help: "A trait of the hero (repeat the flag).") var trait: [String] = []
    @Option(help: "What the hero looks like.") var appearance = ""
    @Option(help: "The story's theme, such as \"a lost kite\".") var theme: String
    @Option(help: "The child's age or age group, 2 to 12, such as 4-6.") var age = "4-6"
    @Option(help: "short (3 pages), medium (5) or long (8).") var length: StoryLength = .short
    @Option(help: "The story's language (BCP 47), such as en or es-MX.") var language = "en"
    @Option(help: "A word the story must not hold (repeat the flag).") var avoid: [String] = []
    @Option(help: "pages (a title, then a request a page: the default) or whole (one JSON reply).")
    var shape: StoryShape?
    @Option(help: "The model's service: openai (any OpenAI-compatible server) or gemini.") var backend: Backend?
    @Option(help: "The model (default: \(ModelDefaults.text(for: .gemini)) for Gemini).") var model: String?
    @Option(name: .customLong("base-url"), help: "An OpenAI-compatible server, such as http://127.0.0.1:8080/v1.")
    var baseURL: String?
    @Flag(name: .customLong("no-structured"), help: "The server cannot answer to a JSON schema.")
    var noStructured = false
    @Option(parsing: .unconditional, help: "Seconds to wait for each model reply.") var timeout: Double = 120
    @Option(parsing: .unconditional, help: "The sampling temperature, 0 to 2 (default: the prompt's).")
    var temperature: Double?
    @Option(parsing: .unconditional, help: "A seed, for servers that make sampling repeatable.") var seed: Int?
    @Option(help: "The record id to save under (default: a new story-… id).") var id: String?
    @Flag(name: .customLong("no-save"), help: "Print the story without saving it.") var noSave = false
    @OptionGroup var storeOptions: StoreOptions
    @Flag(help: "Print the whole outcome as JSON.") var json = false

    func validate() throws {
        try RemoteOptions.checkBaseURL(baseURL)
        guard backend != nil else {
            throw ValidationError(
                "--backend is missing: a story is written by a model (openai with --base-url for a local server, or gemini)"
            )
        }
        guard timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be more than 0 and at most 3600 seconds")
        }
        guard AgeGroup(age) != nil else {
            throw ValidationError("--age must be an age or a range of ages from 2 to 12 such as 4-6, not \"\(age)\"")
        }
        guard LanguageTag(language) != nil else {
            throw ValidationError("--language must be a BCP 47 tag such as en or es-MX, not \"\(language)\"")
        }
        if let temperature, !(0...2).contains(temperature) {
            throw ValidationError("--temperature must be from 0 to 2")
        }
        if let seed, !(Int(Int32.min)...Int(Int32.max)).contains(seed) {
            throw ValidationError("--seed must be a 32-bit integer")
        }
    }

    func run() async throws {
        // A saved story links its hero, saved beside it, so that `story illustrate` can draw it.
        let storyID = id ?? StoryService.newID()
        let heroID = noSave ? nil : "\(storyID)-hero"
        let brief = try reportingArguments { () throws(StoryKitError) in
            try StoryBrief(
                hero: HeroDescription(name: hero, traits: trait, appearance: appearance), heroID: heroID, theme: theme,
                ageGroup: AgeGroup(age)!, length: length, language: LanguageTag(language)!, avoidWords: avoid)
        }
        let service = try makeService()
        let store = noSave ? nil : try storeOptions.open()
        let printer = PagePrinter(quiet: json)
        Console.note("Asking \(backend!.rawValue) for a story about \(hero)…")
        let outcome = try await reporting(
            hint: "A small model often writes no usable story; try again, or a larger model."
        ) { () async throws(StoryKitError) in
            try await service.write(brief, id: storyID, saveTo: store?.stories) { snapshot in printer.show(snapshot) }
        }
        if let store, let heroID, outcome.saved {
            try await reporting { () async throws(StoryKitError) in
                try await store.heroes.save(
                    try Hero(id: heroID, name: hero, traits: trait, appearance: appearance))
            }
        }
        if json {
            Console.printJSON(outcome.json)
            return
        }
        for attempt in outcome.attempts { Console.note("asked again: \(attempt)") }
        print(
            "\n(\(outcome.requests) model requests; "
                + (outcome.saved ? "saved as stories/\(outcome.story.id) in \(storeOptions.store))" : "not saved)"))
    }

    private func makeService() throws(CLIFailure) -> StoryService {
        let provider: GenerationProvider = backend == .gemini ? .gemini : .openai
        do {
            let generator = try RemoteTextGenerator(
                provider: provider, model: model ?? ModelDefaults.text(for: provider),
                transport: ModelTransport.make(), baseURL: baseURL, timeout: .milliseconds(Int(timeout * 1000)),
                acceptsResponseSchema: !noStructured)
            var service = StoryService(
                backends: [.remote], generators: [.remote: generator], shape: shape,
                languageTeller: OfflineCorrector(packs: LanguagePack.all))
            service.sampling = CorrectionSampling(temperature: temperature, seed: seed)
            return service
        } catch {
            let variable = provider == .gemini ? "GEMINI_API_KEY" : "OPENAI_API_KEY"
            if error.kind == .invalidAPIKey {
                throw CLIFailure(
                    "\(variable) is not set: --backend \(provider.rawValue) needs an API key",
                    hint: "Set it (export \(variable)=your-key), or use --base-url for a local server that needs none.")
            }
            throw CLIFailure(error.storyKitError, hint: "Check --base-url.")
        }
    }
}

/// Prints a story's title and each page once, as the snapshots bring them; a new attempt's
/// pages after the ones already printed.
final class PagePrinter: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private let quiet: Bool
    private let indent: String
    private var title: String?
    private var printed = 0

    init(quiet: Bool, indent: String = "") {
        self.quiet = quiet
        self.indent = indent
    }

    func show(_ snapshot: StorySnapshot) {
        lock.lock()
        defer { lock.unlock() }
        guard !quiet else { return }
        if let title = snapshot.title, self.title != title {
            if self.title != nil { print("\n\(indent)(asked again: a new story)") }
            self.title = title
            printed = 0
            print("\(indent)# \(title)")
        }
        guard snapshot.pages.count > printed else { return }
        for (index, page) in snapshot.pages.enumerated().dropFirst(printed) {
            print("\n\(indent)[page \(index + 1)]\n\(indent)\(page)")
        }
        printed = snapshot.pages.count
    }
}

/// `storykit story list`.
struct StoryListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the saved stories, oldest first: id, pages, language, title.",
        discussion: """
            Examples:
              storykit story list
              storykit story list --store ~/stories --json
            """)

    @OptionGroup var storeOptions: StoreOptions
    @Option(help: "The most stories to list.") var limit = 100
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let store = try storeOptions.open(create: false)
        let page = try await reporting { () async throws(StoryKitError) in
            try await store.stories.list(after: nil, limit: max(1, min(limit, 1000)))
        }
        if json {
            Console.printJSON(.array(page.items.map(\.json)))
            return
        }
        if page.items.isEmpty { Console.note("No stories saved in \(storeOptions.store) yet.") }
        for story in page.items {
            print("\(story.id)\t\(story.pages.count) pages\t\(story.language ?? "-")\t\(story.title)")
        }
        for problem in page.problems { Console.note("skipped: \(problem)") }
    }
}

/// `storykit story show`.
struct StoryShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print a saved story, or write it as a one-file HTML book.",
        discussion: """
            --html writes the title, the hero's portrait and every page under its picture (those \
            `storykit story illustrate` drew), the pictures embedded, into one file a browser opens.

            Examples:
              storykit story show story-0123456789abcdef
              storykit story show s1 --store ~/stories --json
              storykit story show s1 --html book.html
            """)

    @Argument(help: "The story's id (storykit story list shows them).") var id: String
    @OptionGroup var storeOptions: StoreOptions
    @Flag(help: "Print JSON.") var json = false
    @Option(help: "Write the story as a one-file HTML book to this path.") var html: String?

    func validate() throws {
        if json, html != nil { throw ValidationError("--json and --html do not go together: choose one") }
        if html?.isEmpty == true { throw ValidationError("--html needs a file path") }
    }

    func run() async throws {
        let store = try storeOptions.open(create: false)
        let story = try await reporting(hint: "`storykit story list` shows the saved stories.") {
            () async throws(StoryKitError) in try await store.stories.record(id: id)
        }
        if let html {
            try await writeBook(story, store: store, to: html)
            return
        }
        if json {
            Console.printJSON(story.json)
            return
        }
        print("# \(story.title)")
        for (index, page) in story.pages.enumerated() { print("\n[page \(index + 1)]\n\(page)") }
    }

    private func writeBook(_ story: Story, store: FileStore, to path: String) async throws {
        var portraitID: String?
        if let heroID = story.heroID {
            portraitID = (try? await store.heroes.record(id: heroID))?.avatarIllustrationID
        }
        let (pictures, portrait) = try await reporting {
            () async throws(StoryKitError) -> ([Int: StoryBookHTML.Picture], StoryBookHTML.Picture?) in
            let pictures = try await StoryBookHTML.pictures(of: story, in: store)
            guard let portraitID else { return (pictures, nil) }
            return (pictures, try await StoryBookHTML.picture(portraitID, in: store))
        }
        let book = StoryBookHTML.render(story: story, pictures: pictures, portrait: portrait)
        do {
            try Data(book.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CLIFailure(
                "could not write \(path): \(error.localizedDescription)",
                hint: "Check that the folder exists and can be written.")
        }
        print("wrote \(path): \(story.pages.count) pages, \(pictures.count) with a picture")
    }
}
