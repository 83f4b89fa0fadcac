import StoryKitCorrection
import StoryKitSpanishData

extension LanguagePack {
    /// Spanish (`es`), typed on QWERTY unless the caller names another keyboard. Its words come
    /// from spacy-lookups-data's Spanish probabilities (MIT; see StoryKitSpanishData/SpanishPack.LICENSE),
    /// at most the 150,000 commonest, keyed by their letters without diacritics so that a skipped
    /// long press is a cheap slip. No permissive word-pair counts exist for Spanish: a real word
    /// typed for another is read by frequency alone, never by its context.
    /// The pack is read in place, where it lies in the library.
    public static let spanish = LanguagePack(words: spanishWords)

    /// The pack built into the library (scripts/generate-language-packs.py), whose words
    /// include the profanity, slurs and sexual terms never offered as the reading of a slip.
    private static let spanishWords = LanguageWordList(builtIn: storykit_spanish_pack)
}
