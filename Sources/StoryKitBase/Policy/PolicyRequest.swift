/// The JSON form of the policy engine, what `storykit_policy_evaluate_builtin` takes:
/// `{"domain":..., "profile":"default", "platform":{...}, "settings":{...}, ...}`.
///
/// By domain:
/// - `writingTools`: `field` `{id, kind, multiline, secure}`, `platform`, `settings` (any
///   members; rules may match them);
/// - `capabilities`: `platform`, `settings.remoteConfigured`;
/// - `deployment`: `project` `{"configurations":{"Debug":"18.1",...},"minimumOSVersion":"18.1"}`;
/// - `appearance`: `platform`, `settings` `{theme, systemScheme, increaseContrast}`;
/// - `motion`: `animation` `{purpose, repeats, duration}`, `settings.reduceMotion`;
/// - `controls`: `control` `{role, importance}`, `settings.haptics`, `platform`.
///
/// `platform` is `{"os","version","sdk","appleIntelligence","lowPowerMode","gameMode"}`.
/// Unknown domains, kinds and platform values are `.invalidArgument` naming the key; an
/// unknown profile is `.notFound`.
public enum PolicyRequest {
    /// The policy domains.
    public enum Domain: String, Sendable, CaseIterable {
        case writingTools, capabilities, deployment, appearance, motion, controls
    }

    /// Evaluates a request on a built-in profile named by its `profile` key (`default` when absent).
    public static func evaluate(_ request: JSONValue) throws(StoryKitError) -> JSONValue {
        var reader = try JSONFieldReader(request)
        return try evaluateWhole(&reader)
    }

    /// Evaluates a request on a profile the app loaded or extended (a `profile` key, when
    /// present, must name it).
    public static func evaluate(_ request: JSONValue, on engine: PolicyEngine) throws(StoryKitError) -> JSONValue {
        var reader = try JSONFieldReader(request)
        return try evaluateWhole(&reader, loaded: engine)
    }

    /// Evaluates a whole request: on `loaded` when given (a `profile` key must then name it),
    /// else on the built-in profile the request names.
    package static func evaluateWhole(_ reader: inout JSONFieldReader, loaded: PolicyEngine? = nil)
        throws(StoryKitError) -> JSONValue
    {
        let named = try reader.optionalString("profile")
        let engine: PolicyEngine
        if let loaded {
            if let named, named != loaded.profile.name {
                throw StoryKitError(
                    .invalidArgument,
                    "field \"profile\" is \"\(named)\", but this policy holds the profile \"\(loaded.profile.name)\"")
            }
            engine = loaded
        } else {
            engine = try Self.engine(for: named)
        }
        let result = try evaluate(&reader, engine: engine)
        try reader.finish()
        return result
    }

    /// The engine of a built-in profile; engines are made once.
    package static func engine(for name: String?) throws(StoryKitError) -> PolicyEngine {
        switch name ?? "default" {
        case "default": return try defaultEngine.get()
        case "proposal": return try proposalEngine.get()
        case let other: return try PolicyEngine(profileNamed: other)
        }
    }

    private static let defaultEngine = Result { () throws(StoryKitError) in try PolicyEngine(profileNamed: "default") }
    private static let proposalEngine = Result { () throws(StoryKitError) in try PolicyEngine(profileNamed: "proposal")
    }

    /// Evaluates the rest of a request whose `profile` key has been read.
    package static func evaluate(_ reader: inout JSONFieldReader, engine: PolicyEngine) throws(StoryKitError)
        -> JSONValue
    {
        let domain: Domain = try reader.choice("domain")
        var settings = try reader.optionalObject("settings") ?? JSONFieldReader(JSONObject(), path: "settings")
        let settingsObject = reader.peek("settings")?.objectValue ?? JSONObject()
        let platform = try reader.optionalObject("platform").map { (platformReader) throws(StoryKitError) in
            var platformReader = platformReader
            return try Self.platform(&platformReader)
        }
        func requirePlatform() throws(StoryKitError) -> Platform {
            guard let platform else { throw reader.missing("platform") }
            return platform
        }
        switch domain {
        case .writingTools:
            var fieldReader = try reader.object("field")
            let field = FieldDescriptor(
                id: try fieldReader.string("id"), kind: try fieldReader.choice("kind"),
                multiline: try fieldReader.boolean("multiline", default: false),
                secure: try fieldReader.boolean("secure", default: false))
            try fieldReader.finish()
            return engine.writingTools(for: field, on: try requirePlatform(), settings: settingsObject).json
        case .capabilities:
            let remote = try settings.boolean("remoteConfigured", default: false)
            return engine.capabilities(on: try requirePlatform(), remoteConfigured: remote).json
        case .deployment:
            var project = try reader.object("project")
            var configurations: [(name: String, target: OSVersion)] = []
            if let value = project.value("configurations") {
                guard let object = value.objectValue else {
                    throw StoryKitError(
                        .invalidArgument,
                        "\(project.name("configurations")) must be an object of configuration names and versions, not \(JSONFieldReader.describe(value))"
                    )
                }
                for member in object {
                    configurations.append(
                        (
                            member.key,
                            try version(
                                member.value.stringValue, key: "project.configurations.\(member.key)",
                                value: member.value)
                        ))
                }
            }
            let plist = try project.optionalString("minimumOSVersion").map { (text) throws(StoryKitError) in
                try version(text, key: "project.minimumOSVersion", value: .string(text))
            }
            try project.finish()
            let problems = engine.deploymentProblems(
                DeploymentSettings(configurations: configurations, minimumOSVersion: plist))
            return [
                "problems": .array(problems.map(\.json)),
                "minimumTarget": .string(engine.profile.minimumTarget.description),
                "rule": .string(problems.isEmpty ? "deployment.ok" : "deployment.\(problems[0].code.rawValue)"),
                "reason": .string(
                    problems.first?.message
                        ?? "Every configuration and Info.plist target \(configurations.first.map { "\($0.target)" } ?? "the same version"), at or above the \(engine.profile.minimumTarget) minimum."
                )
            ]
        case .appearance:
            let theme: ThemePreference = try settings.choice("theme", default: .system)
            let scheme: ColorScheme = try settings.choice("systemScheme", default: .light)
            let contrast = try settings.boolean("increaseContrast", default: false)
            return engine.appearance(
                theme: theme, systemScheme: scheme, increaseContrast: contrast, on: try requirePlatform()
            ).json
        case .motion:
            var animation = try reader.object("animation")
            let purpose: AnimationRequest.Purpose = try animation.choice("purpose")
            let repeats = try animation.boolean("repeats", default: false)
            let duration = try animation.optionalNumber("duration", in: 0...3600) ?? MotionDecision.maxBriefDuration
            try animation.finish()
            let reduceMotion = try settings.boolean("reduceMotion", default: false)
            return engine.motion(
                AnimationRequest(purpose: purpose, repeats: repeats, duration: duration), reduceMotion: reduceMotion
            ).json
        case .controls:
            var control = try reader.object("control")
            let request = ControlRequest(
                role: try control.choice("role"), importance: try control.choice("importance", default: .medium))
            try control.finish()
            let haptics = try settings.boolean("haptics", default: true)
            return engine.control(request, hapticsEnabled: haptics, on: try requirePlatform()).json
        }
    }

    /// Reads `{"os","version","sdk","appleIntelligence","lowPowerMode","gameMode"}` strictly.
    static func platform(_ reader: inout JSONFieldReader) throws(StoryKitError) -> Platform {
        let os: OperatingSystem = try reader.choice("os")
        let versionText = try reader.string("version")
        let platformVersion = try version(versionText, key: "platform.version", value: .string(versionText))
        let sdk = try reader.optionalString("sdk").map { (text) throws(StoryKitError) in
            try version(text, key: "platform.sdk", value: .string(text))
        }
        let intelligence: AppleIntelligenceState = try reader.choice("appleIntelligence", default: .notEligible)
        let lowPower = try reader.boolean("lowPowerMode", default: false)
        let gameMode = try reader.boolean("gameMode", default: false)
        try reader.finish()
        return Platform(
            os: os, version: platformVersion, sdk: sdk, appleIntelligence: intelligence, lowPowerMode: lowPower,
            gameMode: gameMode)
    }

    private static func version(_ text: String?, key: String, value: JSONValue) throws(StoryKitError) -> OSVersion {
        guard let text, let version = OSVersion(text) else {
            throw StoryKitError(
                .invalidArgument,
                "field \"\(key)\" must be a version such as \"18.1\", not \(JSONFieldReader.describe(value))")
        }
        return version
    }

    /// A string turned into an enumeration, or an error listing the values allowed.
    package static func enumValue<Value: RawRepresentable & CaseIterable>(_ text: String, key: String)
        throws(StoryKitError) -> Value where Value.RawValue == String
    {
        guard let value = Value(rawValue: text) else {
            let allowed = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw StoryKitError(.invalidArgument, "\(key) must be one of \(allowed), not \"\(text)\"")
        }
        return value
    }
}
