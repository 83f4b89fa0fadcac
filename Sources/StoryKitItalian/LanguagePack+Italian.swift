import StoryKitCore
import StoryKitItalianData

extension LanguagePack {
    /// Italian (`it`), typed on QWERTY unless the caller names another keyboard. Its words come
    /// from pyspellchecker's Italian frequencies (MIT; see StoryKitItalianData/ItalianPack.LICENSE), the
    /// 150,000 commonest and every form its dictionary holds, keyed by their letters without
    /// diacritics so that a skipped long press is a cheap slip. No permissive word-pair counts
    /// exist for Italian: a real word typed for another is read by frequency alone, never by its
    /// context. The words are read on the pack's first use.
    public static let italian = LanguagePack(
        language: LanguageTag("it")!, defaultLayout: .qwerty, singleLetterWords: "aeio",
        elisions: ["l'", "un'", "dell'", "all'", "dall'", "nell'", "sull'", "d'", "c'", "quest'", "quell'", "s'", "m'", "t'", "v'"],
        apocopes: ["po'", "mo'", "be'", "di'", "fa'", "va'", "sta'", "da'", "to'"],
        questionWords: ["dove", "quando", "come", "perché", "chi", "cosa", "quale", "quanto", "quanti", "quanta", "quante"],
        words: { italianWords })

    /// The pack built into the library (scripts/generate-language-packs.py), whose words
    /// include the profanity, slurs and sexual terms never offered as the reading of a slip.
    private static let italianWords = LanguageWordList(builtIn: {
        var count = 0
        let bytes = storykit_italian_pack(&count)
        return UnsafeRawBufferPointer(start: bytes, count: count)
    }())
}
