import StoryKitCorrection
import StoryKitDutchData

extension LanguagePack {
    /// Dutch (`nl`), typed on QWERTY unless the caller names another keyboard. Its words come from
    /// pyspellchecker's Dutch frequencies (MIT; see StoryKitDutchData/DutchPack.LICENSE), the 150,000
    /// commonest and every form its dictionary holds, keyed by their letters without diacritics so
    /// that a skipped long press is a cheap slip. No permissive word-pair counts exist for Dutch: a
    /// real word typed for another is read by frequency alone, never by its context.
    /// The pack is read in place, where it lies in the library. A compound the list lacks
    /// (`lievelingsspreuk`) is kept whole
    /// when its parts are words of the list.
    public static let dutch = LanguagePack(words: dutchWords)

    /// The pack built into the library (scripts/generate-language-packs.py), whose words
    /// include the profanity, slurs and sexual terms never offered as the reading of a slip.
    private static let dutchWords = LanguageWordList(builtIn: storykit_dutch_pack)
}
