import ArgumentParser
import StoryKitCore

/// Where the file store lives: `.storykit/` in the current folder unless `--store` says otherwise.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("store"), help: "The file store's root folder (default: .storykit).")
    var explicitRoot: String?

    /// The store's root: `--store`, or `.storykit` in the current folder.
    var store: String { explicitRoot ?? ".storykit" }

    /// Whether `--store` was given.
    var isGiven: Bool { explicitRoot != nil }

    /// Opens the store, creating the folder when `create` is true.
    func open(create: Bool = true) throws(CLIFailure) -> FileStore {
        do {
            return try FileStore(root: store, create: create)
        } catch {
            switch error.code {
            case .notFound:
                throw CLIFailure(
                    error,
                    hint:
                        "Nothing has been stored at \(store) yet: `storykit correct \"some text\" --save` saves a first record, or pass --store PATH."
                )
            case .io:
                throw CLIFailure(
                    error,
                    hint:
                        "Another storykit command may hold \(store) open; wait for it, or check the folder's permissions."
                )
            default:
                throw CLIFailure(error)
            }
        }
    }
}
