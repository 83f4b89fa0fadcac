/// A project's deployment settings: the target of each build configuration and the
/// `MinimumOSVersion` of its Info.plist.
///
/// JSON: `{"configurations":{"Debug":"18.1","Release":"17.6"},"minimumOSVersion":"18.1"}`.
public struct DeploymentSettings: Sendable, Hashable {
    /// Each build configuration's deployment target, in the order given.
    public var configurations: [(name: String, target: OSVersion)]
    /// The Info.plist `MinimumOSVersion`, when set.
    public var minimumOSVersion: OSVersion?

    /// Creates settings.
    public init(configurations: [(name: String, target: OSVersion)], minimumOSVersion: OSVersion? = nil) {
        self.configurations = configurations
        self.minimumOSVersion = minimumOSVersion
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.minimumOSVersion == rhs.minimumOSVersion
            && lhs.configurations.elementsEqual(rhs.configurations) { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        for configuration in configurations {
            hasher.combine(configuration.name)
            hasher.combine(configuration.target)
        }
        hasher.combine(minimumOSVersion)
    }
}
