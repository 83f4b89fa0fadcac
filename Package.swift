// swift-tools-version: 6.0
// StoryKit: the portable core of AI-assisted writing apps, with a C ABI.
//
// The root package depends on no other package. Benchmarks and the command-line tool are
// nested packages under Examples/ so that their dependencies never reach a library user.
import PackageDescription

let package = Package(
    name: "StoryKit",
    // The oldest systems the apps deploy to. StoryKitCore and the C ABI need nothing newer:
    // scripts/test.sh type-checks both for macOS 13 and iOS 16 with Apple's availability rules.
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        // The Swift library: models, JSON engine, parsers, policies, prompts, codecs, storage.
        .library(name: "StoryKitCore", targets: ["StoryKitCore"]),
        // The C ABI, built as libstorykit.so. Build it self-contained with scripts/build-library.sh.
        .library(name: "storykit", type: .dynamic, targets: ["StoryKitC"]),
        // A URLSession transport: the only module that imports Foundation.
        .library(name: "StoryKitFoundation", targets: ["StoryKitFoundation"]),
    ],
    targets: [
        // MARK: Library

        .target(name: "StoryKitCore", exclude: ["Correction/EnglishWordFrequencies.LICENSE"]),

        .target(name: "StoryKitFoundation", dependencies: ["StoryKitCore"]),

        // MARK: C ABI

        // include/storykit.h as a Clang module, so the compiler checks the shim against it.
        .systemLibrary(name: "CStoryKit", path: "include"),
        .target(name: "StoryKitC", dependencies: ["StoryKitCore", "CStoryKit"]),

        // MARK: Tests

        .testTarget(
            name: "StoryKitCoreTests",
            dependencies: ["StoryKitCore"],
            exclude: []
        ),
        .testTarget(name: "StoryKitFoundationTests", dependencies: ["StoryKitFoundation", "StoryKitCore"]),
        .testTarget(name: "StoryKitCTests", dependencies: ["StoryKitC", "CStoryKit", "StoryKitCore"]),
    ],
    swiftLanguageModes: [.v6]
)
