/// The JSON form of the prompt builders, what `storykit_prompt_build` takes:
/// `{"kind":"correction"|"story"|"eventEnhancement"|"avatar"|"illustration", ...inputs}`.
///
/// Inputs by kind (`contextTokens` is optional for every kind):
/// - `correction`: `text`, `form` (`numbered`, the default, or `structured`), `count`
///   (1-10, default 3), `language` (BCP 47, optional), `retry` (optional:
///   `{"previousReply":"...","problem":"count"|"duplicates"|"unparseable"}`);
/// - `story`: `hero` `{name, traits[], appearance}`, `theme`, `ageGroup` (`"4-6"`), `length`
///   (`short`/`medium`/`long`), `language`, `event` (optional `{title, description, promptSeed}`);
/// - `eventEnhancement`: `event`, `language`;
/// - `avatar`: `hero`, `customPrompt` (optional);
/// - `illustration`: `hero`, `page` `{text, index}`, `style` (optional).
///
/// A missing, wrong-typed or unknown key is an `.invalidArgument` naming it.
public enum PromptRequest {
    /// The kinds of prompt a request can ask for.
    public enum Kind: String, Sendable, CaseIterable {
        case correction, story, eventEnhancement, avatar, illustration
    }

    /// Builds the prompt a JSON request describes.
    public static func build(_ request: JSONValue) throws(StoryKitError) -> Prompt {
        var reader = try JSONFieldReader(request)
        return try build(&reader)
    }

    /// Builds the prompt of a whole request, rejecting keys nobody read.
    package static func build(_ reader: inout JSONFieldReader) throws(StoryKitError) -> Prompt {
        let prompt = try buildPrompt(&reader)
        try reader.finish()
        return prompt
    }

    private static func buildPrompt(_ reader: inout JSONFieldReader) throws(StoryKitError) -> Prompt {
        let kind: Kind = try reader.choice("kind")
        let context = try reader.optionalInteger("contextTokens", in: PromptBudget.contextRange)
        switch kind {
        case .correction:
            let form: CorrectionPromptBuilder.Form = try reader.choice("form", default: .numbered)
            let count = try reader.integer("count", in: 1...CorrectionPromptBuilder.maxCount, default: 3)
            let language = try optionalLanguage(&reader)
            let text = try reader.string("text")
            var retry: CorrectionRetry?
            if var retryReader = try reader.optionalObject("retry") {
                retry = CorrectionRetry(
                    previousReply: try retryReader.string("previousReply"), problem: try retryReader.choice("problem"))
                try retryReader.finish()
            }
            let builder = try CorrectionPromptBuilder(
                form: form, count: count, language: language,
                contextTokens: context ?? PromptBudget.onDeviceContextTokens)
            return try builder.build(text: text, retry: retry)
        case .story:
            let hero = try heroDescription(&reader)
            let theme = try reader.string("theme")
            let ageText = try reader.string("ageGroup")
            guard let ageGroup = AgeGroup(ageText) else {
                throw StoryKitError(
                    .invalidArgument,
                    "field \"ageGroup\" must be an age or a range of ages from 2 to 12 such as \"4-6\", not \"\(ageText)\""
                )
            }
            let length: StoryLength = try reader.choice("length")
            let language = try requiredLanguage(&reader)
            let event = reader.contains("event") ? try eventDescription(&reader) : nil
            _ = reader.value("event")
            return try StoryPromptBuilder(contextTokens: context ?? PromptBudget.onDeviceContextTokens)
                .build(hero: hero, theme: theme, ageGroup: ageGroup, length: length, language: language, event: event)
        case .eventEnhancement:
            let event = try eventDescription(&reader)
            let language = try requiredLanguage(&reader)
            return try EventEnhancementPromptBuilder(contextTokens: context ?? PromptBudget.onDeviceContextTokens)
                .build(event: event, language: language)
        case .avatar:
            let hero = try heroDescription(&reader)
            let customPrompt = try reader.optionalString("customPrompt") ?? ""
            return try ImagePromptBuilder(maxPromptTokens: context ?? PromptBudget.imagePromptTokens)
                .avatar(hero: hero, customPrompt: customPrompt)
        case .illustration:
            let hero = try heroDescription(&reader)
            let (text, index) = try page(&reader)
            let style = try reader.optionalString("style")
            return try ImagePromptBuilder(maxPromptTokens: context ?? PromptBudget.imagePromptTokens)
                .illustration(hero: hero, pageText: text, pageIndex: index, style: style)
        }
    }

    package static func optionalLanguage(_ reader: inout JSONFieldReader) throws(StoryKitError) -> LanguageTag? {
        guard let text = try reader.optionalString("language") else { return nil }
        guard let tag = LanguageTag(text) else {
            let primary = String(text.prefix { $0 != "-" })
            if let short = LanguageTag.twoLetterForm(of: primary) {
                throw StoryKitError(
                    .invalidArgument,
                    "\(reader.name("language")) \"\(text)\" is written \"\(short)\" in BCP 47 (the two-letter code where ISO 639 has one)"
                )
            }
            throw StoryKitError(
                .invalidArgument,
                "\(reader.name("language")) must be a BCP 47 language tag such as \"en\" or \"es-MX\", not \"\(text)\"")
        }
        return tag
    }

    private static func requiredLanguage(_ reader: inout JSONFieldReader) throws(StoryKitError) -> LanguageTag {
        guard let tag = try optionalLanguage(&reader) else { throw reader.missing("language") }
        return tag
    }

    /// The `page` object of an illustration: `{text, index}` (index 0 when absent).
    package static func page(_ reader: inout JSONFieldReader) throws(StoryKitError) -> (text: String, index: Int) {
        var page = try reader.object("page")
        let text = try page.string("text")
        let index = try page.integer("index", in: 0...Story.maxPages, default: 0)
        try page.finish()
        return (text, index)
    }

    package static func heroDescription(_ reader: inout JSONFieldReader) throws(StoryKitError) -> HeroDescription {
        var hero = try reader.object("hero")
        let description = try HeroDescription(
            name: hero.string("name"), traits: hero.strings("traits"),
            appearance: hero.optionalString("appearance") ?? "")
        try hero.finish()
        return description
    }

    package static func eventDescription(_ reader: inout JSONFieldReader) throws(StoryKitError) -> EventDescription {
        var event = try reader.object("event")
        let description = try EventDescription(
            title: event.string("title"), description: event.optionalString("description") ?? "",
            promptSeed: event.optionalString("promptSeed") ?? "")
        try event.finish()
        return description
    }
}
