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
            throw StoryKitError(
                .invalidArgument, "hero.traits has \(traits.count) traits, over the limit of \(Hero.maxTraits)")
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
