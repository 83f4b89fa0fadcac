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
        lhs.minimumOSVersion == rhs.minimumOSVersion && lhs.configurations.elementsEqual(rhs.configurations) { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        for configuration in configurations {
            hasher.combine(configuration.name)
            hasher.combine(configuration.target)
        }
        hasher.combine(minimumOSVersion)
    }
}

extension PolicyProfile {
    /// The problems of `settings` against this profile's ``minimumTarget``; empty when the
    /// project is fine.
    public func deploymentProblems(_ settings: DeploymentSettings) -> [DeploymentProblem] {
        var problems: [DeploymentProblem] = []
        guard let first = settings.configurations.first else {
            return [DeploymentProblem(code: .noConfigurations, message: "No build configuration is given, so the deployment target cannot be checked.")]
        }
        for configuration in settings.configurations where configuration.target < minimumTarget {
            problems.append(DeploymentProblem(code: .belowMinimum, message: "The \(configuration.name) configuration targets \(configuration.target), below the \(minimumTarget) minimum of the \"\(name)\" profile."))
        }
        if let different = settings.configurations.first(where: { $0.target != first.target }) {
            problems.append(DeploymentProblem(code: .configurationsDisagree, message: "The \(first.name) configuration targets \(first.target) but \(different.name) targets \(different.target); every configuration must target the same version."))
        }
        if let plist = settings.minimumOSVersion, let mismatch = settings.configurations.first(where: { $0.target != plist }) {
            problems.append(DeploymentProblem(code: .infoPlistDisagrees, message: "Info.plist's MinimumOSVersion is \(plist) but the \(mismatch.name) configuration targets \(mismatch.target)."))
        }
        return problems
    }
}
