@_exported import StoryKitCorrection
@_exported import StoryKitDutch
@_exported import StoryKitFrench
@_exported import StoryKitGerman
@_exported import StoryKitItalian
@_exported import StoryKitPortuguese
@_exported import StoryKitSpanish

extension LanguagePack {
    /// Every language pack the package ships, English first: the languages the C library,
    /// the command-line tool, the benchmarks and the tests read, written out once.
    public static let all: [LanguagePack] = [.english, .spanish, .french, .german, .italian, .portuguese, .dutch]
}
