import StoryKitCorrection
import StoryKitGermanData

extension LanguagePack {
    /// German (`de`), typed on QWERTZ unless the caller names another keyboard. Its words come from
    /// spacy-lookups-data's German probabilities (MIT; see StoryKitGermanData/GermanPack.LICENSE), at most
    /// the 150,000 commonest, keyed by their letters without diacritics so that a skipped long
    /// press is a cheap slip. No permissive word-pair counts exist for German: a real word typed
    /// for another is read by frequency alone, never by its context.
    /// The pack is read in place, where it lies in the library. A compound the list lacks
    /// (`Papierboot`) is kept whole when its parts are
    /// words of the list.
    public static let german = LanguagePack(words: germanWords)

    /// The pack built into the library (scripts/generate-language-packs.py), whose words
    /// include the profanity, slurs and sexual terms never offered as the reading of a slip.
    private static let germanWords = LanguageWordList(builtIn: storykit_german_pack)
}
