import StoryKitCore

/// A failure the tool reports on stderr: what went wrong, then one line saying what to do.
/// ArgumentParser prints it as `Error: <description>` and exits with status 1.
struct CLIFailure: Error, CustomStringConvertible {
    var message: String
    var hint: String
    /// Whether the command line was at fault: the tool then exits 64, as for any usage error.
    var usage = false

    init(_ message: String, hint: String, usage: Bool = false) {
        self.message = message
        self.hint = hint
        self.usage = usage
    }

    /// A library error, with the hint its code suggests unless the caller knows better.
    init(_ error: StoryKitError, hint: String? = nil) {
        self.message = error.message
        self.hint = hint ?? Self.hint(for: error.code)
    }

    var description: String { "\(message)\nHint: \(hint)" }

    private static func hint(for code: StoryKitError.Code) -> String {
        switch code {
        case .invalidArgument: "Check the value the message names; `storykit help <command>` lists the accepted ones."
        case .parse: "The input is not what the command reads; check the file or pipe the right text in."
        case .limit: "The input is over a documented limit (docs/limits.md); split it or shorten it."
        case .notFound: "Check the name or id; `storykit store list` shows what the store holds."
        case .io: "Check the path and its permissions and free space; another process may hold the store open."
        case .api:
            "The model service refused or failed; the message says why. Retry later (a correction can use --backend offline)."
        case .transport:
            "The service could not be reached; check the network and --base-url (a correction can use --backend offline)."
        default: "Run the command with --help to see how it is used."
        }
    }
}

/// Runs a library call, turning its error into a ``CLIFailure``.
func reporting<T>(hint: String? = nil, _ body: () throws(StoryKitError) -> T) throws(CLIFailure) -> T {
    do {
        return try body()
    } catch {
        throw CLIFailure(error, hint: hint)
    }
}

/// Runs a library call that checks what the command line gave: an invalid argument is a
/// usage error (exit 64).
func reportingArguments<T>(_ body: () throws(StoryKitError) -> T) throws(CLIFailure) -> T {
    do {
        return try body()
    } catch {
        var failure = CLIFailure(error)
        failure.usage = error.code == .invalidArgument
        throw failure
    }
}

/// Runs a library call that reads `inputName` ("standard input", or a file's path), naming
/// it in the error.
func reporting<T>(in inputName: String, _ body: () throws(StoryKitError) -> T) throws(CLIFailure) -> T {
    do {
        return try body()
    } catch {
        throw CLIFailure(StoryKitError(error.code, "\(inputName): \(error.message)"))
    }
}

/// Runs an asynchronous library call, turning its error into a ``CLIFailure``.
func reporting<T>(hint: String? = nil, _ body: () async throws(StoryKitError) -> T) async throws(CLIFailure) -> T {
    do {
        return try await body()
    } catch {
        throw CLIFailure(error, hint: hint)
    }
}
