/// How strictly a model's versions are checked against the typed text before a writer sees
/// them (``CorrectionService/strictness``).
public enum VersionStrictness: String, Sendable, Hashable, CaseIterable {
    /// Every version's words are aligned with the typed words in order, and each change is
    /// priced by the keyboard's slip model as the offline corrector prices its readings: a
    /// changed word must be a slip's reading of what was typed (`seimming` → `swimming`, not
    /// `seeking`; typed words joined or one split). No version shows another word order, an
    /// added or dropped negation, a changed number or listed name, a sentence said twice,
    /// symbols, emoji or scripts the text lacks, or a length far beyond the text's.
    /// `refined` and `alternative` may also add, drop or change the function words of the
    /// text's language (closed lists for English, Spanish, French, German, Italian,
    /// Portuguese and Dutch), and `refined` may inflect a typed word (`go` → `went`). A slip
    /// the model kept, and a word the keyboard does not explain (one in four typed words at
    /// most), are mended from the offline corrector's confident reading, and the mended
    /// version is checked again; it is shown with a ``VariationIssue/mended(kind:words:)``
    /// issue. A version equal to the typed text is always shown.
    case faithful
    /// Only empty versions, versions with markup or links the text lacks, versions far longer
    /// than the text, and versions that change the writer's words are dropped.
    case loose
    /// Every parsed version is shown.
    case off
}
