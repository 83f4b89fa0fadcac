import StoryKitCorrection
import StoryKitFrenchData

extension LanguagePack {
    /// French (`fr`), typed on AZERTY unless the caller names another keyboard. Its words come from
    /// pyspellchecker's French frequencies (MIT; see StoryKitFrenchData/FrenchPack.LICENSE), the 150,000
    /// commonest and every form its dictionary holds, keyed by their letters without diacritics so
    /// that a skipped long press is a cheap slip. No permissive word-pair counts exist for French:
    /// a real word typed for another is read by frequency alone, never by its context.
    /// The pack is read in place, where it lies in the library.
    public static let french = LanguagePack(words: frenchWords)

    /// The pack built into the library (scripts/generate-language-packs.py), whose words
    /// include the profanity, slurs and sexual terms never offered as the reading of a slip.
    private static let frenchWords = LanguageWordList(builtIn: storykit_french_pack)
}
