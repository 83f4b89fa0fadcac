import StoryKitCore
import StoryKitFrenchData

extension LanguagePack {
    /// French (`fr`), typed on AZERTY unless the caller names another keyboard. Its words come from
    /// pyspellchecker's French frequencies (MIT; see StoryKitFrenchData/FrenchPack.LICENSE), the 150,000
    /// commonest and every form its dictionary holds, keyed by their letters without diacritics so
    /// that a skipped long press is a cheap slip. No permissive word-pair counts exist for French:
    /// a real word typed for another is read by frequency alone, never by its context. The words
    /// are read on the pack's first use.
    public static let french = LanguagePack(
        language: LanguageTag("fr")!, defaultLayout: .azerty, singleLetterWords: "ay",
        elisions: ["l'", "d'", "j'", "qu'", "n'", "s'", "c'", "m'", "t'", "jusqu'", "lorsqu'", "puisqu'"],
        // Avoir's forms only: être is followed by an adjective as often as by a participle
        // ("est calme", "est tombé").
        perfectAuxiliaries: ["a", "ai", "as", "avons", "avez", "ont", "avait", "avais", "avaient", "aura", "aurait", "eu"],
        perfectAdverbs: ["pas", "jamais", "déjà", "bien", "tout", "toujours", "encore", "rien", "plus", "vite", "enfin"],
        questionWords: ["où", "quand", "comment", "pourquoi", "qui", "quel", "quelle", "quels", "quelles", "combien", "est-ce"],
        words: { frenchWords })

    /// The pack built into the library (scripts/generate-language-packs.py), whose words
    /// include the profanity, slurs and sexual terms never offered as the reading of a slip.
    private static let frenchWords = LanguageWordList(builtIn: {
        var count = 0
        let bytes = storykit_french_pack(&count)
        return UnsafeRawBufferPointer(start: bytes, count: count)
    }())
}
