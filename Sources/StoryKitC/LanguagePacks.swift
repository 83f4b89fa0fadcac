import StoryKitCore
import StoryKitDutch
import StoryKitFrench
import StoryKitGerman
import StoryKitItalian
import StoryKitPortuguese
import StoryKitSpanish

/// Every language the C library's offline corrector reads: each pack loads its words on first use.
let allLanguagePacks: [LanguagePack] = [.english, .spanish, .french, .german, .italian, .portuguese, .dutch]
