import StoryKitCore

extension LanguagePack {
    /// Portuguese (`pt`), typed on QWERTY unless the caller names another keyboard. Its words come
    /// from pyspellchecker's Portuguese frequencies (MIT; see PortugueseWordFrequencies.LICENSE),
    /// the 150,000 commonest and every form its dictionary holds, keyed by their letters without
    /// diacritics so that a skipped long press is a cheap slip. No permissive word-pair counts
    /// exist for Portuguese: a real word typed for another is read by frequency alone, never by its
    /// context. The words are read on the pack's first use.
    public static let portuguese = LanguagePack(
        language: LanguageTag("pt")!, defaultLayout: .qwerty, singleLetterWords: "aeo",
        questionWords: ["onde", "quando", "como", "porque", "quem", "qual", "quais", "quanto", "quantos", "quanta"],
        words: { portugueseWords })

    /// Profanity, slurs and sexual terms are never offered as the reading of a slip.
    private static let portugueseWords = LanguageWordList(
        generated: PortugueseWordFrequencies.text, count: PortugueseWordFrequencies.count,
        neverSuggested: ["merda", "porra", "caralho", "puta", "foda", "foder", "buceta", "cu", "cacete", "piroca", "viado", "bosta", "fodido"])
}
