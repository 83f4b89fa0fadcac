// swift-tools-version: 6.0
// Benchmarks for StoryKit, kept in a nested package so the library's manifest stays free of
// dependencies. Run from the repository root:
//   swift run -c release --package-path Examples/Benchmarks json-benchmark
//   swift run -c release --package-path Examples/Benchmarks policy-benchmark
//   swift run -c release --package-path Examples/Benchmarks correction-benchmark
//   swift run -c release --package-path Examples/Benchmarks correction-shapes-benchmark
//   swift run -c release --package-path Examples/Benchmarks transport-wait-benchmark
import PackageDescription

let package = Package(
    name: "StoryKitBenchmarks",
    dependencies: [
        .package(name: "StoryKit", path: "../.."),
        .package(name: "storykit-async-http-client", path: "../../Integrations/storykit-async-http-client"),
    ],
    targets: [
        .target(name: "BenchmarkSupport", path: "Sources/BenchmarkSupport"),
        .executableTarget(
            name: "json-benchmark",
            dependencies: ["BenchmarkSupport", .product(name: "StoryKitCore", package: "StoryKit")],
            path: "Sources/JSONBenchmark"
        ),
        .executableTarget(
            name: "policy-benchmark",
            dependencies: ["BenchmarkSupport", .product(name: "StoryKitCore", package: "StoryKit")],
            path: "Sources/PolicyBenchmark"
        ),
        .executableTarget(
            name: "correction-benchmark",
            dependencies: ["BenchmarkSupport", .product(name: "StoryKitCore", package: "StoryKit"),
                           .product(name: "StoryKitLanguages", package: "StoryKit")],
            path: "Sources/CorrectionBenchmark"
        ),
        .executableTarget(
            name: "correction-shapes-benchmark",
            dependencies: ["BenchmarkSupport", .product(name: "StoryKitCore", package: "StoryKit")],
            path: "Sources/CorrectionShapesBenchmark"
        ),
        .executableTarget(
            name: "remote-cutting-benchmark",
            dependencies: ["BenchmarkSupport", .product(name: "StoryKitCore", package: "StoryKit")],
            path: "Sources/RemoteCuttingBenchmark"
        ),
        .executableTarget(
            name: "transport-wait-benchmark",
            dependencies: [
                "BenchmarkSupport", .product(name: "StoryKitCore", package: "StoryKit"),
                .product(name: "StoryKitFoundation", package: "StoryKit"),
                .product(
                    name: "StoryKitAsyncHTTPClient", package: "storykit-async-http-client",
                    condition: .when(platforms: [.linux])),
            ],
            path: "Sources/TransportWaitBenchmark"
        ),
    ],
    swiftLanguageModes: [.v6]
)
