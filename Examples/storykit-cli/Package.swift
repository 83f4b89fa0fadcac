// swift-tools-version: 6.0
// The `storykit` command-line tool, and an example of linking StoryKit from another Swift
// package: the root package by path, plus swift-argument-parser. From the repository root:
//   ./scripts/storykit demo
// The executable product is named storykit-cli because the root package's C library product
// is already named storykit (libstorykit.so); scripts/storykit runs it as `storykit`.
import PackageDescription

let package = Package(
    name: "storykit-cli",
    // Synchronization.Mutex guards the first write error on stdout.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "storykit-cli", targets: ["StoryKitCLI"]),
    ],
    dependencies: [
        .package(name: "StoryKit", path: "../.."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The model calls' transport on Linux (URLSession there spins while it waits).
        .package(name: "storykit-async-http-client", path: "../../Integrations/storykit-async-http-client"),
    ],
    targets: [
        .executableTarget(
            name: "StoryKitCLI",
            dependencies: [
                .product(name: "StoryKitCore", package: "StoryKit"),
                .product(name: "StoryKitFoundation", package: "StoryKit"),
                // Every language of the offline corrector (`LanguagePack.all`).
                .product(name: "StoryKitLanguages", package: "StoryKit"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(
                    name: "StoryKitAsyncHTTPClient", package: "storykit-async-http-client",
                    condition: .when(platforms: [.linux])),
            ]
        ),
        // The README's Swift snippets, compiled and run by the README test.
        .executableTarget(
            name: "readme-tour",
            dependencies: [
                .product(name: "StoryKitCore", package: "StoryKit"),
                .product(name: "StoryKitFoundation", package: "StoryKit"),
            ],
            path: "Sources/ReadmeTour"
        ),
    ],
    swiftLanguageModes: [.v6]
)
