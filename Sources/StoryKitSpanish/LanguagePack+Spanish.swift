import StoryKitCorrection
import StoryKitSpanishData

extension LanguagePack {
    /// Spanish (`es`), typed on QWERTY unless the caller names another keyboard. Its words come
    /// from spacy-lookups-data's Spanish probabilities (MIT; see StoryKitSpanishData/SpanishPack.LICENSE),
    /// at most the 150,000 commonest, keyed by their letters without diacritics so that a skipped
    /// long press is a cheap slip. Its word pairs are counted from public-domain books and CC0
    /// sentences (see the licence file), so a word is read in the context of the word before it.
    /// The pack is read in place, where it lies in the library.
    public static let spanish = LanguagePack(words: spanishWords)

    /// The pack built into the library (scripts/generate-language-packs.py), whose words
    /// include the profanity, slurs and sexual terms never offered as the reading of a slip.
    private static let spanishWords = LanguageWordList(builtIn: storykit_spanish_pack)
}
