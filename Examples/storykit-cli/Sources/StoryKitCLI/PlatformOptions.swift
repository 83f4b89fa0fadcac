import ArgumentParser
import StoryKitCore

/// The device a policy is decided for. Unset flags keep the request file's values, or the
/// defaults: iOS 26.0 with Apple Intelligence enabled.
struct PlatformOptions: ParsableArguments {
    @Option(help: "The operating system. Default iOS.")
    var os: OperatingSystem?

    @Option(name: .customLong("os-version"), help: "The OS version, such as 18.1. Default 26.0.")
    var osVersion: String?

    @Option(help: "The SDK the app was built with, such as 26.0 (Liquid Glass needs 26).")
    var sdk: String?

    @Option(
        name: .customLong("apple-intelligence"),
        help: "Whether Apple Intelligence is on. Default enabled.")
    var appleIntelligence: AppleIntelligenceState?

    @Flag(name: .customLong("low-power-mode"), help: "The device is in Low Power Mode.")
    var lowPowerMode = false

    @Flag(name: .customLong("game-mode"), help: "The device is in Game Mode.")
    var gameMode = false

    /// A version that does not parse is a usage error (exit 64), as a value outside a typed
    /// option's set is.
    func validate() throws {
        for (value, flag) in [(osVersion, "--os-version"), (sdk, "--sdk")] {
            if let value, OSVersion(value) == nil {
                throw ValidationError("\(flag) must be a version such as 18.1, not \"\(value)\"")
            }
        }
    }

    /// Writes the platform into a request, over what the request already holds.
    func apply(to request: inout RequestBuilder) {
        let existing = request.value["platform"]?.objectValue
        if existing == nil {
            request.set("platform.os", .string("iOS"))
            request.set("platform.version", .string("26.0"))
            request.set("platform.appleIntelligence", .string("enabled"))
        }
        request.set("platform.os", os.map { .string($0.rawValue) })
        request.set("platform.version", osVersion.map(JSONValue.string))
        request.set("platform.sdk", sdk.map(JSONValue.string))
        request.set("platform.appleIntelligence", appleIntelligence.map { .string($0.rawValue) })
        request.set("platform.lowPowerMode", .bool(true), when: lowPowerMode)
        request.set("platform.gameMode", .bool(true), when: gameMode)
    }

    /// The platform on its own, checked by the library.
    func platform() throws(CLIFailure) -> Platform {
        var request = RequestBuilder()
        apply(to: &request)
        return try reporting { () throws(StoryKitError) in try Platform(json: request.value["platform"] ?? .null) }
    }
}
