// Typed policy decisions per second on one core: Writing Tools decisions for the story app's
// fields across platforms, in process, on the built-in default profile. Rounds are timed one
// after another and the median reported.
//
//   swift run -c release --package-path Examples/Benchmarks policy-benchmark [rounds]

import BenchmarkSupport
import StoryKitCore

let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 21 : 21
let engine = try PolicyEngine(profileNamed: "default")
let fields = [
    FieldDescriptor(id: "StoryEditView.content", kind: .longText, multiline: true),
    FieldDescriptor(id: "CustomEventCreationView.BasicInfoStepView.description", kind: .description, multiline: true),
    FieldDescriptor(id: "AvatarGenerationView.customPrompt", kind: .imagePrompt, multiline: true),
    FieldDescriptor(id: "HeroCreationView.name", kind: .name),
    FieldDescriptor(id: "MagicalTextField.password", kind: .password, secure: true),
    FieldDescriptor(id: "NotesView.body", kind: .longText, multiline: true),
    FieldDescriptor(id: "VerifyView.code", kind: .oneTimeCode)
]
let platforms = [
    Platform(os: .iOS, version: OSVersion(18, 1), appleIntelligence: .enabled),
    Platform(os: .iOS, version: OSVersion(17, 6), appleIntelligence: .notEligible),
    Platform(os: .iPadOS, version: OSVersion(26), sdk: OSVersion(26), appleIntelligence: .modelNotReady)
]

let perRound = 1_000_000
var rates: [Double] = []
var checksum = 0
for _ in 0..<rounds {
    let start = now()
    for index in 0..<perRound {
        let decision = engine.writingTools(for: fields[index % fields.count], on: platforms[index % platforms.count])
        checksum &+= decision.effective == .none ? 1 : 2
    }
    rates.append(Double(perRound) / (now() - start))
}
rates.sort()
print(
    "typed Writing Tools decisions, \(rounds) rounds of \(perRound): median \(Int(rates[rounds / 2])) per second (min \(Int(rates[0])), max \(Int(rates[rounds - 1])))  [checksum \(checksum)]"
)
