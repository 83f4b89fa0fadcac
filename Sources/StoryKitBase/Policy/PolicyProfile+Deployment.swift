extension PolicyProfile {
    /// The problems of `settings` against this profile's ``minimumTarget``; empty when the
    /// project is fine.
    public func deploymentProblems(_ settings: DeploymentSettings) -> [DeploymentProblem] {
        var problems: [DeploymentProblem] = []
        guard let first = settings.configurations.first else {
            return [
                DeploymentProblem(
                    code: .noConfigurations,
                    message: "No build configuration is given, so the deployment target cannot be checked.")
            ]
        }
        for configuration in settings.configurations where configuration.target < minimumTarget {
            problems.append(
                DeploymentProblem(
                    code: .belowMinimum,
                    message:
                        "The \(configuration.name) configuration targets \(configuration.target), below the \(minimumTarget) minimum of the \"\(name)\" profile."
                ))
        }
        if let different = settings.configurations.first(where: { $0.target != first.target }) {
            problems.append(
                DeploymentProblem(
                    code: .configurationsDisagree,
                    message:
                        "The \(first.name) configuration targets \(first.target) but \(different.name) targets \(different.target); every configuration must target the same version."
                ))
        }
        if let plist = settings.minimumOSVersion,
            let mismatch = settings.configurations.first(where: { $0.target != plist })
        {
            problems.append(
                DeploymentProblem(
                    code: .infoPlistDisagrees,
                    message:
                        "Info.plist's MinimumOSVersion is \(plist) but the \(mismatch.name) configuration targets \(mismatch.target)."
                ))
        }
        return problems
    }
}
