/// Which English spelling the refined version writes where British and American spellings
/// differ ("colour"/"color", "organise"/"organize", "theatre"/"theater"). The direct and
/// alternative versions always keep the writer's spelling; both systems' words are correct.
public enum SpellingSystem: String, Sendable, CaseIterable {
    /// The writer's own spelling (the default).
    case keep
    /// American spelling in the refined version (`"us"` in JSON).
    case american = "us"
    /// British spelling in the refined version (`"uk"` in JSON).
    case british = "uk"
}
