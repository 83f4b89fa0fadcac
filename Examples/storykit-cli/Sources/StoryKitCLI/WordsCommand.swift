import ArgumentParser
import StoryKitCore

/// `storykit words`: the writer's own words, kept in the store, which `storykit correct` reads.
struct WordsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "words",
        abstract: "The writer's own words: names and coined words kept as typed and read for their slips.",
        discussion: """
            Words are kept in the store (.storykit/ unless --store names another); `storykit correct`
            reads them with the words of --words. A word may be a phrase of up to 3 words (64 bytes).

            Examples:
              storykit words add Zorbax "Sir Pounce"
              storykit words ignore glimmerfrost
              storykit words list
              storykit words remove "Sir Pounce"
            """,
        subcommands: [Add.self, Ignore.self, Remove.self, List.self]
    )

    /// Learns `words` with `use`, each durably, stopping at the first refused.
    static func learn(_ words: [String], as use: LearnedWord.Use, in storeOptions: StoreOptions) throws(CLIFailure) {
        let store = try storeOptions.open()
        for word in words {
            try reportingArguments { () throws(StoryKitError) in
                let learned = try LearnedWord(word, use: use)
                try store.putRecord(learned.json, id: learned.id, in: .words)
            }
        }
        Console.note("\(use == .known ? "learned" : "ignoring") \(words.count) word\(words.count == 1 ? "" : "s")")
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Learn words: kept as typed, and read for their slips (Zorbxa → Zorbax).")
        @Argument(help: "The words (quote a phrase).") var words: [String]
        @OptionGroup var storeOptions: StoreOptions

        func validate() throws {
            if words.isEmpty { throw ValidationError("give at least one word") }
        }

        func run() throws { try WordsCommand.learn(words, as: .known, in: storeOptions) }
    }

    struct Ignore: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Keep words as typed, never offering them.")
        @Argument(help: "The words (quote a phrase).") var words: [String]
        @OptionGroup var storeOptions: StoreOptions

        func validate() throws {
            if words.isEmpty { throw ValidationError("give at least one word") }
        }

        func run() throws { try WordsCommand.learn(words, as: .ignored, in: storeOptions) }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget learned or ignored words.")
        @Argument(help: "The words (quote a phrase).") var words: [String]
        @OptionGroup var storeOptions: StoreOptions

        func validate() throws {
            if words.isEmpty { throw ValidationError("give at least one word") }
        }

        func run() throws {
            let store = try storeOptions.open(create: false)
            for word in words {
                try reporting(hint: "`storykit words list` shows the words learned.") { () throws(StoryKitError) in
                    let id = try LearnedWord.check(word)
                    do throws(StoryKitError) {
                        try store.deleteRecord(id: id, in: .words)
                    } catch  where error.code == .notFound {
                        throw StoryKitError(.notFound, "no learned word \"\(id)\"")
                    }
                }
            }
            Console.note("removed \(words.count) word\(words.count == 1 ? "" : "s")")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the learned words, then the ignored ones marked with !, one a line (the --words format).")
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let store = try storeOptions.open(create: false)
            let words = try reporting { () throws(StoryKitError) in try store.learnedWords() }
            for word in words where word.use == .known { print(word.word) }
            for word in words where word.use == .ignored { print("!" + word.word) }
        }
    }
}
