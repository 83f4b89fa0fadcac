import ArgumentParser
import StoryKitCore

/// The `storykit` command.
@main
struct StoryKitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storykit",
        abstract:
            "StoryKit from the shell: policies, prompts, reply parsers, corrections, illustrations and the store.",
        discussion: """
            Results go to stdout; progress and errors go to stderr. Exit status: 0 on success, 1 when \
            the operation failed (the message says what to do), 64 for a usage error, 65 for a \
            language no pack reads, 74 when the output could not be written.

            Start with the guided tour, which needs no network and no key:
              storykit demo
            """,
        version: StoryKitVersion.string,
        subcommands: [
            DemoCommand.self, PolicyCommand.self, PromptCommand.self, ParseCommand.self,
            CorrectCommand.self, StoryCommand.self, IllustrateCommand.self, StoreCommand.self, WordsCommand.self
        ]
    )

    /// ArgumentParser's own entry point, but a ``CLIFailure`` that blames the command line
    /// exits 64 like every other usage error (its own errors exit 1).
    static func main() async {
        do {
            // Swift decodes arguments with replacement characters; standard input refuses
            // the same bytes, so an argument does too rather than being silently changed.
            if let position = Self.invalidUTF8Argument() {
                throw CLIFailure(
                    "argument \(position) is not valid UTF-8",
                    hint: "Pass the text in UTF-8, or put it in a file and give the file's path.", usage: true)
            }
            if let typed = CommandLine.arguments.dropFirst().first, let known = Self.suggestion(for: typed) {
                throw CLIFailure(
                    "unknown command '\(typed)'",
                    hint: "Did you mean '\(known)'? `storykit --help` lists the commands.",
                    usage: true)
            }
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CLIFailure where failure.usage {
            Console.note("Error: \(failure)")
            exit(withError: ExitCode(64))
        } catch {
            Console.finishOutput()
            exit(withError: error)
        }
        Console.finishOutput()
    }

    /// The subcommand `typed` was probably meant to be, when it is none but one or two letters
    /// from one (`corect`); nil for a known command, an option or anything further off.
    private static func suggestion(for typed: String) -> String? {
        guard !typed.hasPrefix("-"), typed != "help" else { return nil }
        let names = configuration.subcommands.map { $0._commandName }
        guard !names.contains(typed) else { return nil }
        let scored = names.map { ($0, editDistance(Array(typed.utf8), Array($0.utf8))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }

    /// The Levenshtein distance between two byte strings.
    private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The position (1 for the first) of the first command-line argument that is not UTF-8.
    private static func invalidUTF8Argument() -> Int? {
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            if String(validatingCString: argument) == nil { return index }
        }
        return nil
    }
}
