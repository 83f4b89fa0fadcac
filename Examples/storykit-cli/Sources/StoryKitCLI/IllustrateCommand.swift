import ArgumentParser
import StoryKitCore
import StoryKitFoundation

/// `storykit illustrate`: the illustration prompt, and with a key, a Gemini image model's pictures saved in the store.
struct IllustrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "illustrate",
        abstract:
            "Build a page's illustration prompt; with GEMINI_API_KEY set, draw it with a Gemini image model and save it.",
        discussion: """
            Images are saved in the store's Illustrations/ folder as <story-id>-page-<n>.<ext> \
            (then -2, -3 for more images). Without a key the prompt is printed and nothing is sent.

            Examples:
              storykit illustrate --hero Mia --trait brave \\
                  --page-text "Mia finds a glowing lantern in the attic."
              storykit illustrate --hero Mia --page-text "Mia waves goodbye." \\
                  --page-index 4 --story-id s1 --images 2
              storykit illustrate --hero Mia --page-text "Mia sails away." \\
                  --style "paper cut-out" --prompt-only
            """
    )

    @Option(
        help:
            "The hero's name, for the hero's description. Picture prompts leave names out (image models would letter them into the picture); traits and appearance keep the hero the same on every page."
    )
    var hero = "the hero"
    @Option(help: "The hero's traits (repeat the flag).") var trait: [String] = []
    @Option(help: "What the hero looks like, kept the same on every page.") var appearance = ""
    @Option(name: .customLong("page-text"), help: "The page's text.") var pageText: String
    @Option(name: .customLong("page-index"), help: "The page's 0-based index.") var pageIndex = 0
    @Option(help: "The art style.") var style: String?
    @Option(name: .customLong("story-id"), help: "The story the page belongs to (names the image files).") var storyID:
        String?
    @Option(help: "How many images to draw, 1 to \(ImageGenerationRequest.maxSampleCount).") var images = 1
    @Option(name: .customLong("aspect-ratio"), help: "Such as 4:3 or 1:1.") var aspectRatio: String?
    @Option(
        help:
            "The image model (default \(ModelDefaults.image), as checked on \(ModelDefaults.checkedOn); Google shut the Imagen models down)."
    )
    var model = RemoteImageGenerator.defaultModel
    @Option(name: .customLong("base-url"), help: "The Gemini API's base URL (default: Google's).") var baseURL =
        GeminiCodec.defaultBaseURL
    @Flag(name: .customLong("prompt-only"), help: "Print the prompt and send nothing, even with a key.")
    var promptOnly = false
    @OptionGroup var storeOptions: StoreOptions
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        guard (1...ImageGenerationRequest.maxSampleCount).contains(images) else {
            throw ValidationError("--images must be from 1 to \(ImageGenerationRequest.maxSampleCount), not \(images)")
        }
        guard pageIndex >= 0 else { throw ValidationError("--page-index must be 0 or more, not \(pageIndex)") }
    }

    func run() async throws {
        let description = try reporting { () throws(StoryKitError) in
            try HeroDescription(name: hero, traits: trait, appearance: appearance)
        }
        let prompt = try reporting { () throws(StoryKitError) in
            try ImagePromptBuilder.standard.illustration(
                hero: description, pageText: pageText, pageIndex: pageIndex, style: style)
        }
        let hasKey = APIKey.processEnvironment("GEMINI_API_KEY").map { !$0.isEmpty } ?? false
        guard hasKey, !promptOnly else {
            if json {
                Console.printJSON(["prompt": prompt.json, "illustrations": []])
            } else {
                print(PromptCommand.describe(prompt))
            }
            if !promptOnly {
                Console.note(
                    "GEMINI_API_KEY is not set: printed the prompt only. Set it to draw the page with \(model).")
            }
            return
        }
        let generator: RemoteImageGenerator
        do {
            generator = try RemoteImageGenerator(model: model, transport: ModelTransport.make(), baseURL: baseURL)
        } catch {
            throw CLIFailure(error.storyKitError, hint: "Check GEMINI_API_KEY and --base-url, or use --prompt-only.")
        }
        let store = try storeOptions.open()
        let service = IllustrationService(generator: generator, store: store, aspectRatio: aspectRatio)
        Console.note("Drawing page \(pageIndex + 1) with \(model)…")
        let outcome = try await reporting { () async throws(StoryKitError) in
            try await service.illustrate(
                hero: description, pageText: pageText, pageIndex: pageIndex, style: style,
                storyID: storyID, imageCount: images)
        }
        if json {
            Console.printJSON(outcome.json)
            return
        }
        for illustration in outcome.illustrations {
            print("saved \(storeOptions.store)/Illustrations/\(illustration.fileName)")
        }
        for reason in outcome.filteredReasons {
            print("withheld by the service: \(reason ?? "no reason given")")
        }
    }
}
