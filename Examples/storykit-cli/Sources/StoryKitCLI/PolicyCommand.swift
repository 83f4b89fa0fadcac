import ArgumentParser
import StoryKitCore

/// `storykit policy`: decisions of the policy engine.
struct PolicyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "policy",
        abstract: "Decide a policy: Writing Tools per field, capabilities, deployment, appearance, motion, controls.",
        discussion: """
            Without a subcommand, `policy` evaluates one request (`policy evaluate`).

            Examples:
              storykit policy writingTools --field HeroCreationView.name:name
              storykit policy fields --os-version 18.1 --apple-intelligence disabled
            """,
        subcommands: [Evaluate.self, Fields.self],
        defaultSubcommand: Evaluate.self
    )
}

/// Which profile decides: a built-in one by name, or an app's own from a file.
struct ProfileOptions: ParsableArguments {
    @Option(help: "A built-in profile: \(PolicyProfile.builtInNames.joined(separator: ", ")).")
    var profile: String?

    @Option(name: .customLong("profile-file"), help: "An app's own profile (JSON; it may extend a built-in one).")
    var profileFile: String?

    func engine() throws(CLIFailure) -> PolicyEngine {
        if let profileFile {
            guard profile == nil else {
                throw CLIFailure("--profile and --profile-file both name a profile", hint: "Give one of them.")
            }
            let text = try InputSource(path: profileFile).readText()
            return try reporting { () throws(StoryKitError) in PolicyEngine(profile: try PolicyProfile(jsonText: text))
            }
        }
        return try reporting { () throws(StoryKitError) in try PolicyEngine(profileNamed: profile ?? "default") }
    }
}

extension PolicyCommand {
    struct Evaluate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "evaluate",
            abstract: "Evaluate one policy request and print the decision with its rule and reason.",
            discussion: """
                The request is the JSON that storykit_policy_evaluate_builtin takes, built from a file (--request), \
                --set path=value flags and the platform flags.

                Examples:
                  storykit policy writingTools \\
                      --field AvatarGenerationView.customPrompt:imagePrompt \\
                      --os-version 18.1
                  storykit policy capabilities --os-version 18.4 \\
                      --apple-intelligence notEligible
                  storykit policy motion --set animation.purpose=decorative \\
                      --set animation.repeats=true --set settings.reduceMotion=true
                  storykit policy deployment \\
                      --set 'project={"configurations":{"Debug":"18.1","Release":"17.0"}}'
                  storykit policy --request request.json
                """
        )

        @Argument(
            help:
                "The domain: \(PolicyRequest.Domain.allCases.map(\.rawValue).joined(separator: ", ")). Optional with --request."
        )
        var domain: String?

        @Option(help: "A JSON file (or - for stdin) holding the request; flags override its keys.")
        var request: String?

        @Option(help: "A Writing Tools field as ID:KIND, such as HeroCreationView.name:name.")
        var field: String?

        @Option(
            name: .customLong("set"),
            help: "Set any request key: path=value (JSON or text), such as settings.haptics=false.")
        var assignments: [String] = []

        @OptionGroup var profileOptions: ProfileOptions
        @OptionGroup var platform: PlatformOptions

        @Flag(
            name: [.customLong("json"), .customLong("compact")],
            help: "Print compact JSON on one line, for programs (--json, as in every command; --compact is the same).")
        var compact = false

        func run() throws {
            var builder = try RequestBuilder(file: request)
            builder.set("domain", domain.map(JSONValue.string))
            if let field {
                guard let colon = field.lastIndex(of: ":") else {
                    throw CLIFailure(
                        "--field \"\(field)\" is not ID:KIND", hint: "Write --field StoryEditView.content:longText.")
                }
                builder.set("field.id", .string(String(field[..<colon])))
                builder.set("field.kind", .string(String(field[field.index(after: colon)...])))
            }
            platform.apply(to: &builder)
            try builder.apply(assignments: assignments)
            guard builder.value["domain"] != nil else {
                throw CLIFailure(
                    "no policy domain given",
                    hint: "Name one, such as `storykit policy writingTools --field StoryEditView.content:longText`.")
            }
            let engine = try profileOptions.engine()
            let request = builder.value
            let decision = try reporting { () throws(StoryKitError) in try PolicyRequest.evaluate(request, on: engine) }
            Console.printJSON(decision, compact: compact)
        }
    }

    struct Fields: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fields",
            abstract: "Print the Writing Tools decision for every text field of an app, as a table.",
            discussion: """
                Without --fields the story app's fields are used. EFFECTIVE is what the app applies on the \
                platform given; GATE names the platform rule that turned Writing Tools off.

                Examples:
                  storykit policy fields
                  storykit policy fields --profile proposal --os-version 18.1
                  storykit policy fields --os-version 17.6 \\
                      --apple-intelligence notEligible --json
                  storykit policy fields --fields my-fields.json \\
                      --profile-file my-profile.json
                """
        )

        @Option(
            help: "A JSON array of fields {\"id\",\"kind\",\"multiline\",\"secure\"}; default: the story app's fields.")
        var fields: String?

        @OptionGroup var profileOptions: ProfileOptions
        @OptionGroup var platform: PlatformOptions

        @Flag(help: "Print JSON instead of a table.")
        var json = false

        func run() throws {
            let engine = try profileOptions.engine()
            let device = try platform.platform()
            let descriptors =
                try fields.map { (path) throws(CLIFailure) in try StoryAppFields.load(path) } ?? StoryAppFields.all
            let decisions = descriptors.map { ($0, engine.writingTools(for: $0, on: device)) }
            if json {
                Console.printJSON([
                    "profile": .string(engine.profile.name),
                    "platform": device.json,
                    "fields": .array(
                        decisions.map { field, decision in
                            ["id": .string(field.id), "kind": .string(field.kind.rawValue), "decision": decision.json]
                        })
                ])
                return
            }
            var table = TextTable(header: ["FIELD", "KIND", "BEHAVIOR", "EFFECTIVE", "RULE", "GATE"])
            for (field, decision) in decisions {
                table.rows.append([
                    field.id, field.kind.rawValue + (field.secure ? " (secure)" : ""), decision.behavior.rawValue,
                    decision.effective.rawValue, decision.decidedBy.rule, decision.gate?.rule ?? "-"
                ])
            }
            print(
                "Profile \(engine.profile.name) on \(device.os.rawValue) \(device.version), Apple Intelligence \(device.appleIntelligence.rawValue)"
            )
            print(table.rendered)
            if let gate = decisions.compactMap(\.1.gate).first {
                print("\nGate: \(gate.reason)")
            }
        }
    }
}
