import StoryKitCorrection
import StoryKitItalianData

extension LanguagePack {
    /// Italian (`it`), typed on QWERTY unless the caller names another keyboard. Its words come
    /// from pyspellchecker's Italian frequencies (MIT; see StoryKitItalianData/ItalianPack.LICENSE), the
    /// 150,000 commonest and every form its dictionary holds, keyed by their letters without
    /// diacritics so that a skipped long press is a cheap slip. No permissive word-pair counts
    /// exist for Italian: a real word typed for another is read by frequency alone, never by its
    /// context. The pack is read in place, where it lies in the library.
    public static let italian = LanguagePack(words: italianWords)

    /// The pack built into the library (scripts/generate-language-packs.py), whose words
    /// include the profanity, slurs and sexual terms never offered as the reading of a slip.
    private static let italianWords = LanguageWordList(builtIn: storykit_italian_pack)
}
