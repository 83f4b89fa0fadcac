import StoryKitCore

/// The story app's text fields, as its Writing Tools specs name them: what `policy fields`
/// decides for when no `--fields` file is given.
enum StoryAppFields {
    static let all: [FieldDescriptor] = [
        FieldDescriptor(id: "StoryEditView.content", kind: .longText, multiline: true),
        FieldDescriptor(id: "StoryEditView.title", kind: .title),
        FieldDescriptor(id: "CustomEventCreationView.BasicInfoStepView.title", kind: .title),
        FieldDescriptor(
            id: "CustomEventCreationView.BasicInfoStepView.description", kind: .description, multiline: true),
        FieldDescriptor(id: "CustomEventCreationView.AIEnhancementStepView.promptSeed", kind: .prompt, multiline: true),
        FieldDescriptor(id: "AvatarGenerationView.customPrompt", kind: .imagePrompt, multiline: true),
        FieldDescriptor(id: "HeroCreationView.name", kind: .name),
        FieldDescriptor(id: "MagicalTextField.email", kind: .email),
        FieldDescriptor(id: "MagicalTextField.password", kind: .password, secure: true)
    ]

    /// Reads a fields file: a JSON array of `{"id","kind","multiline","secure"}`.
    static func load(_ path: String) throws(CLIFailure) -> [FieldDescriptor] {
        let value = try parsedJSON(try InputSource(path: path).readText(), from: path)
        guard let items = value.arrayValue else {
            throw CLIFailure(
                "\(path) holds \(value.kindName), not an array of fields",
                hint: #"Write [{"id":"NotesView.body","kind":"longText","multiline":true}, ...]."#)
        }
        var fields: [FieldDescriptor] = []
        for (index, item) in items.enumerated() {
            guard let id = item["id"]?.stringValue, let kindText = item["kind"]?.stringValue else {
                throw CLIFailure(
                    "field \(index) of \(path) needs a string \"id\" and \"kind\"",
                    hint: #"Write each field as {"id":"NotesView.body","kind":"longText"}."#)
            }
            guard let kind = FieldKind(rawValue: kindText) else {
                throw CLIFailure(
                    "field \(index) of \(path) has the unknown kind \"\(kindText)\"",
                    hint: "Use one of: \(FieldKind.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            fields.append(
                FieldDescriptor(
                    id: id, kind: kind, multiline: item["multiline"]?.boolValue ?? false,
                    secure: item["secure"]?.boolValue ?? false))
        }
        return fields
    }
}
