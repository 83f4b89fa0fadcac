import ArgumentParser
import Foundation
import StoryKitCore

/// `storykit prompt`: the prompt builders.
struct PromptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prompt",
        abstract: "Build a prompt (correction, story, eventEnhancement, avatar, illustration) and print it.",
        discussion: """
            The request is the JSON that storykit_prompt_build takes, from a file (--request), the flags \
            below and --set path=value. User text goes into delimited blocks it cannot close; text over \
            the token budget is cut at a word and reported.

            Examples:
              storykit prompt correction --text "I wnat to go hmoe"
              storykit prompt correction --text "quiero ir a csaa" --form structured \\
                  --language es --json
              storykit prompt story --hero Mia --trait brave --trait curious \\
                  --theme friendship --age-group 4-6 --length short --language en
              storykit prompt illustration --hero Mia \\
                  --page-text "Mia finds a glowing lantern." --style watercolor
              storykit prompt eventEnhancement --event-title "First day of school" \\
                  --language en
            """
    )

    @Argument(
        help:
            "The kind: \(PromptRequest.Kind.allCases.map(\.rawValue).joined(separator: ", ")). Optional with --request."
    )
    var kind: String?

    @Option(help: "A JSON file (or - for stdin) holding the request; flags override its keys.")
    var request: String?

    @Option(help: "correction: the text to correct.") var text: String?
    @Option(help: "correction: numbered or structured.") var form: String?
    @Option(help: "correction: how many versions, 1 to 10.") var count: Int?
    @Option(help: "The language, a BCP 47 tag such as en or es-MX.") var language: String?
    @Option(help: "story, avatar, illustration: the hero's name.") var hero: String?
    @Option(help: "The hero's traits (repeat the flag).") var trait: [String] = []
    @Option(help: "What the hero looks like.") var appearance: String?
    @Option(help: "story: the theme, such as friendship.") var theme: String?
    @Option(name: .customLong("age-group"), help: "story: the readers' ages, such as 4-6.") var ageGroup: String?
    @Option(help: "story: short, medium or long.") var length: String?
    @Option(name: .customLong("event-title"), help: "story, eventEnhancement: a custom event's title.") var eventTitle:
        String?
    @Option(name: .customLong("event-description"), help: "story, eventEnhancement: the event's description.")
    var eventDescription: String?
    @Option(name: .customLong("custom-prompt"), help: "avatar: the user's own prompt.") var customPrompt: String?
    @Option(name: .customLong("page-text"), help: "illustration: the page's text.") var pageText: String?
    @Option(name: .customLong("page-index"), help: "illustration: the page's 0-based index.") var pageIndex: Int?
    @Option(help: "illustration: the art style.") var style: String?
    @Option(name: .customLong("context-tokens"), help: "The model's context window in tokens.") var contextTokens: Int?

    @Option(name: .customLong("set"), help: "Set any request key: path=value (JSON or text).")
    var assignments: [String] = []

    @Flag(help: "Print the whole prompt as JSON (instructions, prompt, schema, token estimate, truncations).")
    var json = false

    func run() throws {
        var builder = try RequestBuilder(file: request)
        builder.set("kind", kind.map(JSONValue.string))
        builder.set("text", text.map(JSONValue.string))
        builder.set("form", form.map(JSONValue.string))
        builder.set("count", count.map { .number(JSONNumber($0)) })
        builder.set("language", language.map(JSONValue.string))
        builder.set("hero.name", hero.map(JSONValue.string))
        builder.set("hero.traits", .array(trait.map(JSONValue.string)), when: !trait.isEmpty)
        builder.set("hero.appearance", appearance.map(JSONValue.string))
        builder.set("theme", theme.map(JSONValue.string))
        builder.set("ageGroup", ageGroup.map(JSONValue.string))
        builder.set("length", length.map(JSONValue.string))
        builder.set("event.title", eventTitle.map(JSONValue.string))
        builder.set("event.description", eventDescription.map(JSONValue.string))
        builder.set("customPrompt", customPrompt.map(JSONValue.string))
        builder.set("page.text", pageText.map(JSONValue.string))
        builder.set("page.index", pageIndex.map { .number(JSONNumber($0)) })
        builder.set("style", style.map(JSONValue.string))
        builder.set("contextTokens", contextTokens.map { .number(JSONNumber($0)) })
        try builder.apply(assignments: assignments)
        guard builder.value["kind"] != nil else {
            throw CLIFailure(
                "no prompt kind given", hint: "Name one, such as `storykit prompt correction --text \"I wnat to go\"`.",
                usage: true)
        }
        let request = builder.value
        // What the request lacks or holds wrong came from the command line (or --request):
        // a usage error.
        let prompt: Prompt
        do {
            prompt = try reportingArguments { () throws(StoryKitError) in try PromptRequest.build(request) }
        } catch {
            throw Self.namingFlags(error)
        }
        if json {
            Console.printJSON(prompt.json)
        } else {
            print(Self.describe(prompt))
        }
    }

    /// The flag that sets each request field, so that an error about a field names the flag too.
    static let flags: [(field: String, flag: String)] = [
        ("language", "--language"), ("hero.name", "--hero"), ("hero.traits", "--trait"),
        ("hero.appearance", "--appearance"), ("theme", "--theme"), ("ageGroup", "--age-group"),
        ("length", "--length"), ("event.title", "--event-title"), ("event.description", "--event-description"),
        ("customPrompt", "--custom-prompt"), ("page.text", "--page-text"), ("page.index", "--page-index"),
        ("text", "--text"), ("form", "--form"), ("count", "--count"), ("style", "--style"),
        ("contextTokens", "--context-tokens")
    ]

    /// `failure` with each `field "name"` it mentions followed by the flag that sets it.
    static func namingFlags(_ failure: CLIFailure) -> CLIFailure {
        var named = failure
        for (field, flag) in flags where named.message.contains("field \"\(field)\"") {
            named.message = named.message.replacingOccurrences(
                of: "field \"\(field)\"", with: "\(flag) (field \"\(field)\")")
        }
        return named
    }

    /// The prompt for reading: instructions, prompt, schema, then the budget.
    static func describe(_ prompt: Prompt) -> String {
        // An image prompt has no instructions: no empty section for them.
        var sections =
            prompt.instructions.isEmpty
            ? ["== Prompt", prompt.prompt] : ["== Instructions", prompt.instructions, "", "== Prompt", prompt.prompt]
        if let schema = prompt.responseSchema {
            sections += ["", "== Response schema", schema.formatted(JSONWritingOptions(indent: 2))]
        }
        var budget = "\n~\(prompt.estimatedTokens) tokens"
        if let maxResponseTokens = prompt.maxResponseTokens { budget += ", reply at most \(maxResponseTokens) tokens" }
        for truncation in prompt.truncations {
            budget +=
                "\ncut: \(truncation.field) kept \(truncation.keptCharacters) of \(truncation.originalCharacters) characters"
        }
        return sections.joined(separator: "\n") + budget
    }
}
