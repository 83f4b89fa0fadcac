/// Something wrong with a project's deployment settings.
public struct DeploymentProblem: Sendable, Hashable {
    /// What kind of problem.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// A configuration targets an OS below the profile's minimum.
        case belowMinimum
        /// The configurations target different versions.
        case configurationsDisagree
        /// Info.plist's `MinimumOSVersion` differs from the configurations' target.
        case infoPlistDisagrees
        /// No configuration was given.
        case noConfigurations
    }

    /// What kind of problem.
    public var code: Code
    /// One sentence naming the configuration and versions.
    public var message: String

    /// `{"code":"belowMinimum","message":"..."}`.
    public var json: JSONValue { ["code": .string(code.rawValue), "message": .string(message)] }
}
