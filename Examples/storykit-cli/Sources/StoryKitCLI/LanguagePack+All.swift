import StoryKitCore
import StoryKitDutch
import StoryKitFrench
import StoryKitGerman
import StoryKitItalian
import StoryKitPortuguese
import StoryKitSpanish

extension LanguagePack {
    /// Every language the tool's offline corrector reads.
    static let all: [LanguagePack] = [.english, .spanish, .french, .german, .italian, .portuguese, .dutch]
}
