/// The parts of a hero a prompt describes: no id needed, so a hero can be described before it
/// is saved.
public struct HeroDescription: Sendable, Hashable {
    /// The hero's name.
    public var name: String
    /// Character traits such as "brave", in order.
    public var traits: [String]
    /// What the hero looks like.
    public var appearance: String

    /// Creates a description; the name must hold a visible character.
    public init(name: String, traits: [String] = [], appearance: String = "") throws(StoryKitError) {
        try ModelValidation.text(name, field: "hero.name", maxCharacters: Hero.maxNameCharacters)
        guard traits.count <= Hero.maxTraits else {
            throw StoryKitError(.invalidArgument, "hero.traits has \(traits.count) traits, over the limit of \(Hero.maxTraits)")
        }
        self.name = name
        self.traits = traits.filter { $0.contains(where: { !$0.isWhitespace }) }
        self.appearance = appearance
    }

    /// The description of a saved hero.
    public init(_ hero: Hero) {
        self.name = hero.name
        self.traits = hero.traits
        self.appearance = hero.appearance
    }
}

/// The parts of a custom event a prompt describes.
public struct EventDescription: Sendable, Hashable {
    /// The event's title, such as "First day at school".
    public var title: String
    /// What happens, in the user's words.
    public var description: String
    /// A seed the enhancement step expands.
    public var promptSeed: String

    /// Creates a description; the title must hold a visible character.
    public init(title: String, description: String = "", promptSeed: String = "") throws(StoryKitError) {
        try ModelValidation.text(title, field: "event.title", maxCharacters: Int.max)
        self.title = title
        self.description = description
        self.promptSeed = promptSeed
    }

    /// The description of a saved event.
    public init(_ event: CustomEvent) {
        self.title = event.title
        self.description = event.description
        self.promptSeed = event.promptSeed
    }
}

/// A child's age group such as `4-6` or `9-12`, from 2 to 12 years.
public struct AgeGroup: Sendable, Hashable, CustomStringConvertible {
    /// The youngest age of the group.
    public let youngest: Int
    /// The oldest age of the group.
    public let oldest: Int

    /// Parses `"4-6"` or a single age `"5"`; `nil` outside 2...12 or for a reversed range.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
              parts.allSatisfy({ (1...2).contains($0.utf8.count) && $0.utf8.allSatisfy(\.isASCIIDigit) }),
              let youngest = Int(parts[0]), let oldest = Int(parts[parts.count - 1]),
              (2...12).contains(youngest), (youngest...12).contains(oldest) else { return nil }
        self.youngest = youngest
        self.oldest = oldest
    }

    public var description: String { youngest == oldest ? "\(youngest)" : "\(youngest)-\(oldest)" }

    /// The writing rules for this age, by the youngest child in the group.
    var writingRules: String {
        switch youngest {
        case ..<6: "Use very short sentences and simple everyday words; gentle repetition is welcome."
        case 6..<9: "Use short sentences and simple vocabulary; a few new words are fine when the story explains them."
        default: "Use varied sentences and richer vocabulary; a little suspense is fine, but nothing frightening."
        }
    }
}

/// How long a story should be.
public enum StoryLength: String, Sendable, Hashable, CaseIterable {
    case short, medium, long

    /// The target length in words.
    public var words: Int {
        switch self {
        case .short: 300
        case .medium: 600
        case .long: 1000
        }
    }

    /// The number of pages to split the story into.
    public var pages: Int {
        switch self {
        case .short: 3
        case .medium: 5
        case .long: 8
        }
    }

    /// The reply budget: two tokens a word covers languages that tokenize denser than
    /// English, plus the JSON around the pages.
    var responseTokens: Int { words * 2 + 100 }
}
