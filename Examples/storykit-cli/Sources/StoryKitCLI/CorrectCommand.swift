import ArgumentParser
import Foundation
import StoryKitCore
import StoryKitFoundation
import StoryKitLanguages

/// `storykit correct`: the correction service, remote when configured, offline otherwise.
struct CorrectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "correct",
        abstract: "Correct tremor-typed text: up to three versions (direct, refined, alternative); --save keeps them.",
        discussion: """
            Without --backend the embedded offline corrector answers: no network, no key. With \
            --backend gemini (key in GEMINI_API_KEY) or --backend openai (OPENAI_API_KEY, or a local \
            Ollama, llama.cpp or vLLM server with --base-url) the model answers, asked again once if \
            its reply is unusable, and the offline corrector takes over if the model fails.

            The offline corrector offers only versions a writer could mean: refined is left out \
            when it would equal direct, and an alternative only when another reading is nearly as \
            likely, so one or two versions is a normal answer.

            Examples:
              storykit correct "I wnat to go hmoe"
              storykit correct "i dont knwo waht to do" --json
              storykit correct --file letter.txt --changes
              storykit correct "Ich mochte nach hasue" --save
              storykit correct "je veux aller a la masion" --language fr --layout qwerty
              storykit correct "I wnat to go hmoe" --backend gemini
              storykit correct "I wnat to go hmoe" --backend openai \\
                  --base-url http://127.0.0.1:11434/v1 --model llama3.2 --no-structured
            """
    )

    enum Backend: String, ExpressibleByArgument, CaseIterable {
        case offline, gemini, openai
    }

    @Argument(help: "The text to correct; - reads standard input.")
    var text: String?

    @Option(name: .customLong("file"), help: "A file whose text to correct (UTF-8; - reads standard input).")
    var file: String?

    @Option(help: "offline (default), gemini or openai.")
    var backend: Backend = .offline

    @Option(
        help:
            "The model (default: \(ModelDefaults.correction(for: .gemini)) for Gemini, \(ModelDefaults.correction(for: .openai)) for OpenAI's own API, as checked on \(ModelDefaults.checkedOn))."
    )
    var model: String?

    @Option(name: .customLong("base-url"), help: "An OpenAI-compatible server, such as http://127.0.0.1:11434/v1.")
    var baseURL: String?

    @Flag(
        name: .customLong("no-structured"), help: "The server cannot answer to a JSON schema: ask for a numbered list.")
    var noStructured = false

    @Option(help: "How many versions to ask a model for, 1 to 10.")
    var count = 3

    @Option(
        help:
            "The text's language (BCP 47); default: told from the text. The offline corrector reads English, Spanish, French, German, Italian, Portuguese and Dutch, and returns text in another language as typed; a model writes its versions in this language."
    )
    var language: String?

    @Option(
        help:
            "The keyboard the text was typed on (default: the language's own: qwertz for German, azerty for French, qwerty otherwise)."
    )
    var layout: KeyboardLayout?

    @Option(
        help: "The spelling the refined version writes where British and American differ: keep the writer's, us or uk.")
    var spelling: SpellingSystem = .keep

    @Option(
        help:
            "A file of the writer's own words, one a line (a phrase of up to 3 words allowed; a line starting with ! is a word to keep but never offer; # starts a comment; \\ keeps a word that starts with !, # or \\): kept as typed, and read for their slips. The words learned with `storykit words` are read too."
    )
    var words: String?

    // Unconditional: `--timeout -1` is a value to refuse with a reason, not a missing one.
    @Option(parsing: .unconditional, help: "Seconds to wait for the model before falling back.")
    var timeout: Double = 30

    @OptionGroup var storeOptions: StoreOptions

    @Option(help: "The record id to save under (default: one made from the time).")
    var id: String?

    @Option(
        help:
            "How a model's versions are checked before they are shown: faithful (in the typed order, each changed word a keyboard slip's reading; no changed negation, number or name), loose (no markup, nothing empty) or off."
    )
    var check: VersionStrictness = .faithful

    // Unconditional: a negative number (`-0`, `-1`) is the option's value, checked below.
    @Option(
        parsing: .unconditional,
        help: "A model's sampling temperature, 0 to 2 (default: the correction prompt's, where the model takes one).")
    var temperature: Double?

    @Option(name: .customLong("top-p"), parsing: .unconditional, help: "A model's nucleus sampling mass, 0 to 1.")
    var topP: Double?

    @Option(parsing: .unconditional, help: "A seed, for servers that make sampling repeatable.")
    var seed: Int?

    @Option(
        name: .customLong("max-tokens"), parsing: .unconditional,
        help: "The most tokens a model's reply may take (default: what the prompt leaves room for).")
    var maxTokens: Int?

    @Flag(help: "Save the result in the store (.storykit/ here, or --store); given --store or --id, it is saved too.")
    var save = false

    // Saving is asked for, never the default: kept so that earlier scripts still run.
    @Flag(name: .customLong("no-save"), help: .hidden)
    var noSave = false

    /// Whether the result is saved: asked for with --save, --store or --id, and not refused.
    private var savesResult: Bool { !noSave && (save || storeOptions.isGiven || id != nil) }

    @Flag(help: "Print each version as the words it changes, with their lines, not whole (for long texts).")
    var changes = false

    @Flag(help: "Print the whole outcome as JSON.")
    var json = false

    func validate() throws {
        switch (text, file) {
        case (nil, nil): throw ValidationError("give the text to correct, - to read standard input, or --file PATH")
        case (.some, .some): throw ValidationError("give the text to correct or --file, not both")
        default: break
        }
        if changes, json {
            throw ValidationError("--changes and --json: choose one (the JSON holds every version whole)")
        }
        try RemoteOptions.checkBaseURL(baseURL)
        guard timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be more than 0 and at most 3600 seconds")
        }
        if let language, LanguageTag(language) == nil {
            if let short = LanguageTag.twoLetterForm(of: String(language.prefix { $0 != "-" })) {
                throw ValidationError("--language \"\(language)\" is written \"\(short)\" in BCP 47")
            }
            throw ValidationError("--language must be a BCP 47 tag such as en or es-MX, not \"\(language)\"")
        }
        guard (1...CorrectionPromptBuilder.maxCount).contains(count) else {
            throw ValidationError("--count must be from 1 to \(CorrectionPromptBuilder.maxCount)")
        }
        if let temperature, !(0...2).contains(temperature) {
            throw ValidationError("--temperature must be from 0 to 2")
        }
        if let topP, !(0...1).contains(topP) { throw ValidationError("--top-p must be from 0 to 1") }
        if let seed, !(Int(Int32.min)...Int(Int32.max)).contains(seed) {
            throw ValidationError("--seed must be a 32-bit integer")
        }
        if let maxTokens, !(1...1_000_000).contains(maxTokens) {
            throw ValidationError("--max-tokens must be from 1 to 1000000")
        }
        let sampled = temperature != nil || topP != nil || seed != nil || maxTokens != nil
        if sampled, backend == .offline {
            throw ValidationError("--temperature, --top-p, --seed and --max-tokens need --backend gemini or openai")
        }
    }

    /// Whether `text` is one word that names a file (not a folder).
    static func namesAFile(_ text: String) -> Bool {
        guard !text.isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: text, isDirectory: &isFolder) && !isFolder.boolValue
    }

    func run() async throws {
        if backend == .offline, let language, let tag = LanguageTag(language),
            !LanguagePack.all.contains(where: { $0.language.language == tag.language })
        {
            // The offline corrector would return the text as typed: say so instead of exiting 0.
            let available = LanguagePack.all.map(\.language.language).joined(separator: ", ")
            Console.note("Error: the offline corrector has no pack for \"\(language)\"")
            Console.note(
                "Hint: Its packs are \(available); drop --language to tell it from the text, or use --backend.")
            throw ExitCode(65)
        }
        let source: InputSource? = file.map { InputSource(path: $0) } ?? (text == "-" ? InputSource(path: "-") : nil)
        let input = try source?.readText() ?? text ?? ""
        if source == nil, let text, Self.namesAFile(text) {
            // The words are corrected as typed, as asked; a path was more likely meant as a file.
            Console.note("Note: \"\(text)\" is also a file's path; to correct the file's text, use --file \(text)")
        }
        guard input.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
            // A usage error of this command (exit 64), not the tool's usage.
            throw CLIFailure(
                source.map { "\($0.name) holds no text to correct" } ?? "the text to correct is empty",
                hint:
                    "Give the text to correct, such as `storykit correct \"I wnat to go hmoe\"`, or - to read standard input.",
                usage: true)
        }
        var service = try makeService()
        let reading = OfflineProgressLine()
        if isatty(STDERR_FILENO) == 1 { service.offlineProgress = { done, total in reading.show(done, of: total) } }
        defer { reading.end() }
        if backend != .offline { Console.note("Asking \(backend.rawValue)…") }
        let progress = backend == .offline ? nil : ProgressLine()
        let outcome = try await reporting { () async throws(StoryKitError) in
            try await service.correct(input) { snapshot in progress?.show(snapshot) }
        }
        for attempt in outcome.attempts {
            // A re-ask of the same backend is not a fallback.
            Console.note((attempt.backend == outcome.backend ? "asked again after " : "fell back from ") + "\(attempt)")
        }
        var savedID: String?
        if savesResult {
            let recordID = id ?? Self.makeID()
            let store = try storeOptions.open()
            let record = try reporting { () throws(StoryKitError) in
                try CorrectionRecord(id: recordID, text: input, outcome: outcome)
            }
            try await reporting { () async throws(StoryKitError) in try await store.corrections.save(record) }
            savedID = recordID
        }
        if json {
            var object = outcome.json.objectValue ?? JSONObject()
            object["savedAs"] = savedID.map(JSONValue.string) ?? .null
            Console.printJSON(.object(object))
            return
        }
        Self.printVersions(outcome.variations, changesFrom: changes ? input : nil)
        print(
            "\nbackend: \(outcome.backend.rawValue)"
                + (savedID.map { "; saved as corrections/\($0) in \(storeOptions.store)" } ?? ""))
    }

    /// The versions, one per line, labelled by kind, and why fewer than asked came back; given
    /// `typed`, each version as the words it changes in it.
    static func printVersions(_ set: VariationSet, indent: String = "", changesFrom typed: String? = nil) {
        // A version that repeats an earlier one is said once, not printed twice.
        let repeats = Set(
            set.issues.compactMap { issue -> Int? in
                if case .duplicate(let index, _) = issue { index } else { nil }
            })
        for (index, variation) in set.variations.enumerated() where !repeats.contains(index) {
            let label =
                indent
                + (variation.kind?.rawValue ?? "version \(index + 1)")
                .padding(toLength: 13, withPad: " ", startingAt: 0)
            guard let typed else {
                print(label + variation.text)
                continue
            }
            let changes = VersionChanges(typed: typed, version: variation.text).lines
            print(
                label + (changes.isEmpty ? "no change" : changes.count == 1 ? "1 change" : "\(changes.count) changes"))
            for change in changes { print(indent + "  " + change) }
        }
        let language = set.issues.lazy.compactMap { issue -> String? in
            if case .language(let detected) = issue { detected } else { nil }
        }.first
        for issue in set.issues {
            if let language {
                if case .language = issue {
                    print(
                        indent
                            + "(not corrected: the text is in \(Self.languageName(language)), which the offline corrector does not read; it reads \(Self.readLanguages))"
                    )
                }
            } else if set.source == .offline, case .count = issue {
                let kinds = Set(set.variations.compactMap(\.kind))
                var reasons: [String] = []
                if !kinds.contains(.refined) { reasons.append("polish changes nothing") }
                if !kinds.contains(.alternative) { reasons.append("no other reading is likely enough to offer") }
                print(indent + "(\(reasons.joined(separator: "; ")))")
            } else {
                print(indent + "(\(issue.summary))")
            }
        }
    }

    /// The languages the offline corrector reads, by name.
    static let readLanguages = LanguagePack.all.compactMap { $0.language.englishName }.joined(separator: ", ")

    /// The English name of a language, or its code.
    static func languageName(_ code: String) -> String {
        LanguageTag(code)?.englishName ?? code
    }

    /// The writer's words: those learned in the store (`storykit words`), when it exists, and
    /// those of `--words`: one a line, `!word` ignored, `#` a comment, blank lines skipped,
    /// `\word` the learned word `word` even when it starts with !, # or \.
    private func vocabulary() throws(CLIFailure) -> Vocabulary {
        var known: [String] = [], ignored: [String] = []
        if FileManager.default.fileExists(atPath: storeOptions.store + "/words") {
            // The store is opened here and closed again before the result is saved.
            let learned = try reporting { () throws(StoryKitError) in
                try FileStore(root: storeOptions.store, create: false).learnedWords()
            }
            known += learned.words(used: .known)
            ignored += learned.words(used: .ignored)
        }
        guard let words else {
            return try reporting { () throws(StoryKitError) in try Vocabulary(known: known, ignored: ignored) }
        }
        let text = try InputSource(path: words).readText()
        for line in text.split(whereSeparator: \.isNewline) {
            let word = line.trimmingCharacters(in: .whitespaces)
            if word.hasPrefix("\\") {
                // `\` keeps a word that starts with !, # or \ as a learned word.
                known.append(String(word.dropFirst()))
                continue
            }
            if word.isEmpty || word.hasPrefix("#") { continue }
            if word.hasPrefix("!") {
                ignored.append(String(word.dropFirst()).trimmingCharacters(in: .whitespaces))
            } else {
                known.append(word)
            }
        }
        do {
            return try Vocabulary(known: known, ignored: ignored)
        } catch {
            throw CLIFailure(
                "--words \(words): \(error.message)", hint: "Write one word or phrase (up to 3 words, 64 bytes) a line."
            )
        }
    }

    private func makeService() throws(CLIFailure) -> CorrectionService {
        var languageTag: LanguageTag?
        if let language {
            guard let tag = LanguageTag(language) else {
                throw CLIFailure("\"\(language)\" is not a language tag", hint: "Use a BCP 47 tag such as en or es-MX.")
            }
            languageTag = tag
        }
        var service = CorrectionService(
            offline: OfflineCorrector(
                layout: layout, spelling: spelling, language: languageTag, packs: LanguagePack.all,
                vocabulary: try vocabulary()), count: count,
            language: languageTag)
        service.strictness = check
        // Only --json shows each word's record; for a long text they would cost more than it.
        service.offlineIncludesWords = json
        service.sampling = CorrectionSampling(
            temperature: temperature, topP: topP, seed: seed, maxOutputTokens: maxTokens)
        guard backend != .offline else { return service }
        let provider: GenerationProvider = backend == .gemini ? .gemini : .openai
        do {
            let generator = try RemoteTextGenerator(
                provider: provider, model: model ?? ModelDefaults.correction(for: provider),
                transport: ModelTransport.make(), baseURL: baseURL,
                timeout: .milliseconds(Int(timeout * 1000)), acceptsResponseSchema: !noStructured)
            service.backends = [.remote]
            service.generators = [.remote: generator]
        } catch {
            let variable = provider == .gemini ? "GEMINI_API_KEY" : "OPENAI_API_KEY"
            let keyMissing = APIKey.processEnvironment(variable).map(\.isEmpty) ?? true
            if error.kind == .invalidAPIKey, keyMissing {
                throw CLIFailure(
                    "\(variable) is not set: --backend \(backend.rawValue) needs an API key",
                    hint:
                        "Set it (export \(variable)=your-key), use --base-url for a local server that needs none, or drop --backend to correct offline."
                )
            }
            let hint =
                error.kind == .invalidAPIKey
                ? "Check \(variable) (or use --base-url for a local server), or drop --backend to correct offline."
                : "Check --base-url, or drop --backend to correct offline."
            throw CLIFailure(error.storyKitError, hint: hint)
        }
        return service
    }

    /// A record id from the time, unique enough for one person's store.
    static func makeID() -> String {
        let milliseconds = Int(Date().timeIntervalSince1970 * 1000)
        return "c\(milliseconds)-\(String(UInt16.random(in: 0...UInt16.max), radix: 16))"
    }
}

/// Shows on stderr how many versions a streaming reply has delivered.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private var shown = -1

    /// Notes how many versions a model has written so far. An empty snapshot (a new attempt
    /// starting) and a finished set (printed as the result, or the offline corrector's) say
    /// nothing.
    func show(_ snapshot: PartialVariationSet) {
        lock.lock()
        defer { lock.unlock() }
        let count = snapshot.variations.count
        guard snapshot.result == nil else { return }
        guard count > 0 else {
            shown = 0
            return
        }
        guard count != shown else { return }
        shown = count
        Console.note("  the model has written \(count) version\(count == 1 ? "" : "s") so far…")
    }
}

/// How far the offline corrector has read a long text, on one line of a terminal's stderr,
/// shown once the reading has taken a second.
final class OfflineProgressLine: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private let started = Date()
    private var drawn = false

    func show(_ done: Int, of total: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard Date().timeIntervalSince(started) >= 1 else { return }
        drawn = true
        let percent = total > 0 ? done * 100 / total : 100
        FileHandle.standardError.write(Data("\r  corrected \(done / 1024) of \(total / 1024) KB (\(percent)%)".utf8))
    }

    /// Ends the line, when one was drawn.
    func end() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
        drawn = false
    }
}
