// swift-tools-version: 6.0
// StoryKit's HTTPTransport over AsyncHTTPClient (SwiftNIO): the transport for Linux hosts,
// where URLSession (FoundationNetworking) keeps a core busy while it waits for an answer.
// Kept apart from the root package, which depends on nothing; the CLI uses it on Linux.
import PackageDescription

let package = Package(
    name: "storykit-async-http-client",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "StoryKitAsyncHTTPClient", targets: ["StoryKitAsyncHTTPClient"])
    ],
    dependencies: [
        .package(name: "StoryKit", path: "../.."),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .target(
            name: "StoryKitAsyncHTTPClient",
            dependencies: [
                .product(name: "StoryKitCore", package: "StoryKit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
