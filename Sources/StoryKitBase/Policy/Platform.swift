/// The platform an app runs on: what the policy engine decides against.
///
/// JSON: `{"os":"iOS","version":"18.1","sdk":"26.0","appleIntelligence":"enabled","lowPowerMode":false,"gameMode":false}`;
/// `sdk` is optional, `appleIntelligence` defaults to `notEligible`, the modes to `false`.
public struct Platform: Sendable, Hashable, JSONConvertible {
    /// The operating system.
    public var os: OperatingSystem
    /// The operating system version the app runs on.
    public var version: OSVersion
    /// The SDK the app was built with, when known.
    public var sdk: OSVersion?
    /// The state of Apple Intelligence on the device.
    public var appleIntelligence: AppleIntelligenceState
    /// Whether Low Power Mode is on.
    public var lowPowerMode: Bool
    /// Whether Game Mode is on.
    public var gameMode: Bool

    /// Creates a platform description.
    public init(
        os: OperatingSystem,
        version: OSVersion,
        sdk: OSVersion? = nil,
        appleIntelligence: AppleIntelligenceState = .notEligible,
        lowPowerMode: Bool = false,
        gameMode: Bool = false
    ) {
        self.os = os
        self.version = version
        self.sdk = sdk
        self.appleIntelligence = appleIntelligence
        self.lowPowerMode = lowPowerMode
        self.gameMode = gameMode
    }

    private enum CodingKeys: String, CodingKey {
        case os, version, sdk, appleIntelligence, lowPowerMode, gameMode
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            os: try Self.choice(OperatingSystem.self, .os, in: container),
            version: try container.decode(OSVersion.self, forKey: .version),
            sdk: try container.decodeIfPresent(OSVersion.self, forKey: .sdk),
            appleIntelligence: try container.contains(.appleIntelligence)
                ? Self.choice(AppleIntelligenceState.self, .appleIntelligence, in: container) : .notEligible,
            lowPowerMode: try container.decodeIfPresent(Bool.self, forKey: .lowPowerMode) ?? false,
            gameMode: try container.decodeIfPresent(Bool.self, forKey: .gameMode) ?? false
        )
    }

    /// A field holding one of `Choice`'s values, with an error that lists them (Swift's own
    /// says only that the value is invalid, in its terms).
    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _: Choice.Type, _ key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>
    ) throws -> Choice where Choice.RawValue == String {
        let text = try container.decode(String.self, forKey: key)
        guard let value = Choice(rawValue: text) else {
            let known = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "must be one of \(known), not \"\(text)\"")
        }
        return value
    }
}
