/// The offline corrector's reading of each typed word: what the version check prices a
/// model's words against, and what mends a word the model got wrong. Read once a reply has
/// parsed, never before the request.
struct TypedReadings: Sendable {
    /// One typed word's reading.
    struct Reading: Sendable {
        /// The reading as the corrector writes it (two words for a word typed run together).
        let text: String
        /// What typing the reading as the typed word costs, in log10 units; a reading that
        /// is not a keyboard slip of it (a sound-alike spelling) is priced at `unpricedCost`.
        let cost: Float
        /// Whether the corrector may replace a model's word with it: a confident change of a
        /// word the pack does not list, or of a stray capital (`saiLed`).
        let mends: Bool
        /// Whether it is a near-certain reading of a listed word (`thee` as `the`, `mad no` as
        /// `made no`), which replaces the word where a model kept it in a direct or refined
        /// version: the model keeps words it should not more often than the corrector errs.
        let mendsListedWord: Bool
    }

    /// The least confidence (``WordCorrection/confidence``) at which a reading mends a
    /// model's word: below it, the corrector itself is unsure.
    static let minimumConfidence = 0.5

    /// The least confidence at which a reading of a listed word mends a model's copy of it.
    /// On the first 3,000 sentences of the English fitting set's train split, the corrector's
    /// readings of listed words at 0.9 or more were right 199 times and changed a word typed
    /// as meant 24 times (at 0.5: 277 and 55); the check keeps the lower ones the model's
    /// (`roar` as `road`, 0.56).
    static let minimumListedWordConfidence = Double(
        CorrectorTuning.fitted("versionListedWordMendingConfidence", Float(0.9)))

    /// What a reading the keyboard model cannot price costs: a far substitution's worth.
    static let unpricedCost: Float = 3

    /// Folded typed word → its reading.
    private let readings: [String: Reading]
    /// Two typed words the corrector reads as one (`stay ed` as `stayed`), folded and
    /// separated by a space → the word, when it may mend a model's copy of them.
    private let joinings: [String: String]
    /// The corrector's direct version of the text, which a model's is scored against; `nil`
    /// when it could not read the text.
    let direct: String?

    /// The readings of `typed`'s words in `language`; none when `offline` cannot read it.
    init(typed: String, language: String, offline: OfflineCorrector) {
        var readings: [String: Reading] = [:], joinings: [String: String] = [:]
        let correction = try? offline.correct(typed)
        direct = correction?.variations.variations.first { $0.kind == .direct }?.text
        for word in correction?.words ?? [] {
            // Words the typing split (`ho me`) are the alignment's to join, or, where a model
            // copied them as typed, mended.
            if word.original.contains(" ") {
                let parts = word.original.split(separator: " ")
                guard parts.count == 2, word.changed, word.confidence >= Self.minimumConfidence,
                    !word.corrected.contains(" ")
                else { continue }
                let key = parts.map { Self.folded(String($0)) }.joined(separator: " ")
                joinings[key] = word.corrected
                continue
            }
            let key = Self.folded(word.original)
            guard readings[key] == nil else { continue }
            let strayCapital = word.original.dropFirst().contains(where: \.isUppercase)
            let mends =
                word.confidence >= Self.minimumConfidence && (word.changed || strayCapital)
                && (strayCapital || !offline.knows(word.original, language: language))
            let cost =
                word.changed
                ? offline.slipCost(typing: word.corrected, as: word.original, language: language, limit: 10)
                    ?? Self.unpricedCost
                : 0
            let mendsListedWord =
                word.changed && word.confidence >= Self.minimumListedWordConfidence
                && TypedReadings.folded(word.corrected) != key
            readings[key] = Reading(text: word.corrected, cost: cost, mends: mends, mendsListedWord: mendsListedWord)
        }
        self.readings = readings
        self.joinings = joinings
    }

    /// The reading of the typed word whose folded form is `folded`.
    subscript(folded: String) -> Reading? { readings[folded] }

    /// The one word two typed words are read as, by their folded forms.
    func joining(_ first: String, _ second: String) -> String? { joinings[first + " " + second] }

    /// `word` as ``CheckedWord/folded`` folds it.
    static func folded(_ word: String) -> String {
        String(word.lowercased().filter { $0 != "'" && $0 != "\u{2019}" })
    }
}
