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

    /// The words a subcommand takes (ArgumentParser requires at least one) and the store.
    struct Words: ParsableArguments {
        @Argument(help: "The words (quote a phrase).") var words: [String]
        @OptionGroup var storeOptions: StoreOptions

        /// "N word(s)".
        var count: String { "\(words.count) word\(words.count == 1 ? "" : "s")" }

        /// Learns the words with `use`, each durably, stopping at the first refused.
        func learn(as use: LearnedWord.Use) throws(CLIFailure) {
            let store = try storeOptions.open()
            for word in words {
                try reportingArguments { () throws(StoryKitError) in try store.learnWord(word, as: use) }
            }
            Console.note("\(use == .known ? "learned" : "ignoring") \(count)")
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Learn words: kept as typed, and read for their slips (Zorbxa → Zorbax).")
        @OptionGroup var words: Words

        func run() throws { try words.learn(as: .known) }
    }

    struct Ignore: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Keep words as typed, never offering them.")
        @OptionGroup var words: Words

        func run() throws { try words.learn(as: .ignored) }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget learned or ignored words.")
        @OptionGroup var words: Words

        func run() throws {
            let store = try words.storeOptions.open(create: false)
            for word in words.words {
                try reporting(hint: "`storykit words list` shows the words learned.") { () throws(StoryKitError) in
                    try store.unlearnWord(word)
                }
            }
            Console.note("removed \(words.count)")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the learned words, then the ignored ones marked with !, one a line (the --words format).")
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let store = try storeOptions.open(create: false)
            let words = try reporting { () throws(StoryKitError) in try store.learnedWords() }
            // A learned word that would read as ignored, a comment or an escape is escaped.
            for word in words.words(used: .known) {
                let escaped = word.first.map { "!#\\".contains($0) } ?? false
                print((escaped ? "\\" : "") + word)
            }
            for word in words.words(used: .ignored) { print("!" + word) }
        }
    }
}
