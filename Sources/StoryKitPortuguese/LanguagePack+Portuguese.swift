import StoryKitCore
import StoryKitPortugueseData

extension LanguagePack {
    /// Portuguese (`pt`), typed on QWERTY unless the caller names another keyboard. Its words come
    /// from pyspellchecker's Portuguese frequencies (MIT; see StoryKitPortugueseData/PortuguesePack.LICENSE),
    /// the 150,000 commonest and every form its dictionary holds, keyed by their letters without
    /// diacritics so that a skipped long press is a cheap slip. No permissive word-pair counts
    /// exist for Portuguese: a real word typed for another is read by frequency alone, never by its
    /// context. The words are read on the pack's first use.
    public static let portuguese = LanguagePack(
        language: LanguageTag("pt")!, defaultLayout: .qwerty, singleLetterWords: "aeo",
        questionWords: ["onde", "quando", "como", "porque", "quem", "qual", "quais", "quanto", "quantos", "quanta"],
        words: { portugueseWords })

    /// The pack built into the library (scripts/generate-language-packs.py), whose words
    /// include the profanity, slurs and sexual terms never offered as the reading of a slip.
    private static let portugueseWords = LanguageWordList(builtIn: {
        var count = 0
        let bytes = storykit_portuguese_pack(&count)
        return UnsafeRawBufferPointer(start: bytes, count: count)
    }())
}
