import ArgumentParser
import StoryKitCore

/// The device a policy is decided for. Unset flags keep the request file's values, or the
/// defaults: iOS 26.0 with Apple Intelligence enabled.
struct PlatformOptions: ParsableArguments {
    @Option(help: "The operating system: \(OperatingSystem.allCases.map(\.rawValue).joined(separator: ", ")). Default iOS.")
    var os: String?

    @Option(name: .customLong("os-version"), help: "The OS version, such as 18.1. Default 26.0.")
    var osVersion: String?

    @Option(help: "The SDK the app was built with, such as 26.0 (Liquid Glass needs 26).")
    var sdk: String?

    @Option(name: .customLong("apple-intelligence"),
            help: "\(AppleIntelligenceState.allCases.map(\.rawValue).joined(separator: ", ")). Default enabled.")
    var appleIntelligence: String?

    @Flag(name: .customLong("low-power-mode"), help: "The device is in Low Power Mode.")
    var lowPowerMode = false

    @Flag(name: .customLong("game-mode"), help: "The device is in Game Mode.")
    var gameMode = false

    /// A value outside the accepted ones is a usage error (exit 64) that lists them.
    func validate() throws {
        func check<Choice: RawRepresentable & CaseIterable>(_ value: String?, _ flag: String, _: Choice.Type) throws where Choice.RawValue == String {
            guard let value, Choice(rawValue: value) == nil else { return }
            throw ValidationError("\(flag) must be one of \(Choice.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(value)\"")
        }
        try check(os, "--os", OperatingSystem.self)
        try check(appleIntelligence, "--apple-intelligence", AppleIntelligenceState.self)
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
        request.set("platform.os", os.map(JSONValue.string))
        request.set("platform.version", osVersion.map(JSONValue.string))
        request.set("platform.sdk", sdk.map(JSONValue.string))
        request.set("platform.appleIntelligence", appleIntelligence.map(JSONValue.string))
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
