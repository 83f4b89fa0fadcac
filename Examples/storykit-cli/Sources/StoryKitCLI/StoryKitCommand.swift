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
            the operation failed (the message says what to do), 64 for a usage error.

            Start with the guided tour, which needs no network and no key:
              storykit demo
            """,
        version: StoryKitVersion.string,
        subcommands: [
            DemoCommand.self, PolicyCommand.self, PromptCommand.self, ParseCommand.self,
            CorrectCommand.self, IllustrateCommand.self, StoreCommand.self
        ]
    )

    /// ArgumentParser's own entry point, but a ``CLIFailure`` that blames the command line
    /// exits 64 like every other usage error (its own errors exit 1).
    static func main() async {
        do {
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
            exit(withError: error)
        }
    }
}
