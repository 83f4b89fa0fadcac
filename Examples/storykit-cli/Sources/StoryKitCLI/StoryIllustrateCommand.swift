import ArgumentParser
import StoryKitCore
import StoryKitFoundation

/// `storykit story illustrate`: a saved story drawn as a picture book, resumably.
struct StoryIllustrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "illustrate",
        abstract: "Draw a saved story's pages with a Gemini image model, the hero the same on every page.",
        discussion: """
            The hero's portrait comes first (the hero's avatar when the store holds one), then every \
            page without a picture, sent with that portrait. Each page is saved as \
            Illustrations/<story-id>-page-<n>.<ext> the moment it arrives: run the command again to \
            draw only what is missing, or --redraw a page. A page the service will not draw is \
            reported and the rest saved; the command then exits 75 (run it again later). Needs \
            GEMINI_API_KEY for Google's API.

            Examples:
              storykit story illustrate story-0123456789abcdef
              storykit story illustrate s1 --style "paper cut-outs" --max-images 4
              storykit story illustrate s1 --redraw 3
              storykit story show s1 --html book.html
            """)

    @Argument(help: "The story's id (storykit story list shows them).") var id: String
    @Option(name: .customLong("hero-id"), help: "The hero to draw (default: the story's own).") var heroID: String?
    @Option(help: "The art style of every picture, the portrait's too.") var style: String?
    @Option(
        name: .customLong("max-images"),
        help: "The most image requests of this run, the portrait included (default: pages + 1).")
    var maxImages: Int?
    @Option(help: "A page (from 1) to draw again though it has a picture (repeat the flag).") var redraw: [Int] = []
    @Flag(name: .customLong("redraw-portrait"), help: "Draw the hero's portrait again.") var redrawPortrait = false
    @Option(help: "Pages drawn at once, 1 to \(BookIllustrationOptions.maxConcurrency).") var concurrency =
        BookIllustrationOptions.defaultConcurrency
    @Option(name: .customLong("aspect-ratio"), help: "Such as 4:3 or 1:1.") var aspectRatio: String?
    @Option(help: "The image model (default \(ModelDefaults.image), as checked on \(ModelDefaults.checkedOn)).")
    var model = RemoteImageGenerator.defaultModel
    @Option(name: .customLong("base-url"), help: "The Gemini API's base URL (default: Google's).") var baseURL =
        GeminiCodec.defaultBaseURL
    @Option(parsing: .unconditional, help: "Seconds to wait for each picture.") var timeout: Double = 120
    @OptionGroup var storeOptions: StoreOptions
    @Flag(help: "Print the whole outcome as JSON.") var json = false

    func validate() throws {
        if let maxImages, !(1...BookIllustrationOptions.maxImagesLimit).contains(maxImages) {
            throw ValidationError(
                "--max-images must be from 1 to \(BookIllustrationOptions.maxImagesLimit), not \(maxImages)")
        }
        if let page = redraw.first(where: { $0 < 1 }) {
            throw ValidationError("--redraw takes a page number from 1, not \(page)")
        }
        guard (1...BookIllustrationOptions.maxConcurrency).contains(concurrency) else {
            throw ValidationError(
                "--concurrency must be from 1 to \(BookIllustrationOptions.maxConcurrency), not \(concurrency)")
        }
        guard timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be more than 0 and at most 3600 seconds")
        }
        try RemoteOptions.checkBaseURL(baseURL)
    }

    func run() async throws {
        let store = try storeOptions.open(create: false)
        let story = try await reporting(hint: "`storykit story list` shows the saved stories.") {
            () async throws(StoryKitError) in try await store.stories.record(id: id)
        }
        guard let heroID = heroID ?? story.heroID else {
            throw CLIFailure(
                "story \"\(story.id)\" has no hero", hint: "Name one with --hero-id (storykit store list heroes).",
                usage: true)
        }
        let hero = try await reporting(hint: "`storykit store list heroes` shows the saved heroes.") {
            () async throws(StoryKitError) in try await store.heroes.record(id: heroID)
        }
        if let page = redraw.first(where: { $0 > story.pages.count }) {
            throw CLIFailure(
                "--redraw \(page): story \"\(story.id)\" has \(story.pages.count) pages",
                hint: "Give a page number from 1 to \(story.pages.count).", usage: true)
        }
        let generator: RemoteImageGenerator
        do {
            generator = try RemoteImageGenerator(
                model: model, transport: ModelTransport.make(), baseURL: baseURL,
                timeout: .milliseconds(Int(timeout * 1000)))
        } catch {
            throw CLIFailure(
                error.storyKitError, hint: "Set GEMINI_API_KEY for Google's API, or pass --base-url for another server."
            )
        }
        let options = BookIllustrationOptions(
            style: style, aspectRatio: aspectRatio, maxImages: maxImages, redraw: Set(redraw.map { $0 - 1 }),
            redrawReference: redrawPortrait, concurrency: concurrency)
        let service = IllustrationService(generator: generator, store: store)
        let root = storeOptions.store
        let quiet = json
        let outcome = try await reporting(hint: "Pages drawn before the failure are saved; run the command again.") {
            () async throws(StoryKitError) in
            try await service.illustrateBook(story, hero: hero, options: options, heroes: store.heroes) { page in
                if !quiet { Self.show(page, root: root) }
            }
        }
        if json {
            Console.printJSON(outcome.json)
        } else {
            let missing = outcome.pages.filter { $0.illustration == nil }.count
            print(
                "\(outcome.requests) image request\(outcome.requests == 1 ? "" : "s"); "
                    + (missing == 0
                        ? "every page has its picture. `storykit story show \(story.id) --html book.html` makes the book."
                        : "\(missing) page\(missing == 1 ? "" : "s") without a picture: run the command again to draw \(missing == 1 ? "it" : "them").")
            )
        }
        if !outcome.isComplete { throw ExitCode(75) }
    }

    static func show(_ page: PageIllustration, root: String) {
        let name = page.index.map { "page \($0 + 1)" } ?? "portrait"
        switch page.status {
        case .drawn, .kept:
            print("\(name): \(page.status.rawValue)  \(root)/Illustrations/\(page.illustration?.fileName ?? page.id)")
        case .failed:
            print("\(name): failed  \(page.issue?.message ?? "no picture")")
        case .skipped:
            print("\(name): skipped  \(page.skipReason ?? "not asked for")")
        }
    }
}
