/// Checks a model's versions against what was typed: a version that changes what the writer
/// meant, holds markup or prompt tags, or is empty is dropped with an
/// ``VariationIssue/unfaithful(kind:reason:words:)`` issue, since a tremor user taps what they
/// are shown. Versions are trimmed of the white space around them.
///
/// Under ``VersionStrictness/faithful`` a version's words are aligned with the typed words in
/// order (``VersionAlignment``) and each change is priced by the keyboard's slip model, as the
/// offline corrector prices its own readings: a changed word must be a slip's reading of the
/// typed letters (`seimming` → `swimming`, not `seeking`), no dearer than the corrector's own
/// reading by more than ``margin(for:)``. Once the offline readings are known
/// (``reading(_:)``), a word that fails only on its letters, and a slip the model copied, are
/// mended from them, and the mended version is checked again before it is shown.
package struct VersionCheck: Sendable {
    let typed: String
    let strictness: VersionStrictness
    /// The text's language (a primary subtag).
    let language: String
    /// The function words, negations and inflections of the text's language.
    let refinement: RefinementWords
    private let offline: OfflineCorrector
    /// The typed text trimmed as versions are: the text `typedWords`' ranges index.
    let trimmedTyped: String
    private let typedWords: [CheckedWord]
    /// Each typed word's folded form → its number, for anchors and for words said elsewhere.
    private let typedNumbers: [String: Int]
    private let typedCharacters: VersionCharacters
    /// Typed positions of listed words capitalised inside a sentence: names, kept as typed.
    private let names: Set<Int>
    /// The writer's words, and those of them the text holds, which every version must keep.
    private let vocabulary: Vocabulary
    private let writersWords: [Int]
    private var readings: TypedReadings?
    /// What the offline corrector's direct version scores (``score(_:of:aligned:)``), once
    /// its readings are known: a model's direct version may score worse by at most
    /// ``wholeMargin``.
    private var offlineScore: Float?
    /// The folded words of the offline corrector's direct version, beside `offlineScore`.
    private var offlineWords: Set<String> = []

    /// The most a changed word may cost (log10 units), by its typed length: a far key's slip
    /// in a short word, two or three in a longer one. Fitted (scripts/fit-version-check.py).
    static func limit(forLetters count: Int) -> Float {
        count <= 3 ? shortWordLimit : count <= 7 ? wordLimit : longWordLimit
    }
    static let shortWordLimit = CorrectorTuning.fitted("versionShortWordLimit", Float(1.5))
    static let wordLimit = CorrectorTuning.fitted("versionWordLimit", Float(2.5))
    static let longWordLimit = CorrectorTuning.fitted("versionLongWordLimit", Float(3))

    /// How much dearer than the offline corrector's reading a model's word may be: `direct`
    /// keeps to the keyboard; `refined` and `alternative` read ambiguous words more freely.
    /// Fitted (scripts/fit-version-check.py).
    static func margin(for kind: TextVariation.Kind?) -> Float { kind == .direct ? directMargin : rewordedMargin }
    static let directMargin = CorrectorTuning.fitted("versionDirectMargin", Float(1.5))
    static let rewordedMargin = CorrectorTuning.fitted("versionRewordedMargin", Float(2))

    /// How much worse than the offline corrector's direct version a model's may score as a
    /// whole, its slips and its words in context together (log10 units). Fitted
    /// (scripts/fit-version-check.py) on SmolLM2's replies to 88 train sentences in both
    /// forms: 0 to 0.5 refused the model's 3 content-changing versions (`Saam` as `Saaam`)
    /// and cost no exact one, 1 and more kept them; development tied; of the tied values the
    /// one nearest the unfitted 1.
    static let wholeMargin = CorrectorTuning.fitted("versionWholeMargin", Float(0.5))

    /// What a function word added, dropped or swapped, or an inflection, costs.
    static let rewordingCost: Float = 1

    /// A version far longer than the text is dropped before anything is compared: bytes.
    static func maxVersionBytes(forTyped bytes: Int) -> Int { 3 * bytes + 64 }

    package init(
        typed: String, strictness: VersionStrictness, language: String = "en", vocabulary: Vocabulary = Vocabulary(),
        offline: OfflineCorrector = OfflineCorrector()
    ) {
        self.typed = typed
        self.strictness = strictness
        self.language = language
        self.offline = offline
        refinement = RefinementWords(language: language)
        // Trimmed as versions are (``tidied(_:)``), so an echo reads into the same words even
        // where trimming joins a mark to the letters after it.
        trimmedTyped = VariationText.trimmed(typed)
        typedWords = CheckedWord.words(of: trimmedTyped)
        var numbers: [String: Int] = [:]
        for word in typedWords where numbers[word.folded] == nil { numbers[word.folded] = numbers.count }
        typedNumbers = numbers
        typedCharacters = VersionCharacters(of: typed)
        // German capitalises every noun: a capital there says nothing of a name.
        let words = typedWords
        names =
            language == "de"
            ? []
            : Set(
                words.indices.filter { index in
                    let word = words[index]
                    return word.isCapitalised && !word.startsSentence && word.folded != "i"
                        && offline.knows(word.folded, language: language)
                })
        self.vocabulary = vocabulary
        writersWords = vocabulary.entries(typedIn: typed)
    }

    /// This check, pricing against and mending from the offline corrector's `readings`.
    func reading(_ readings: TypedReadings) -> VersionCheck {
        var check = self
        check.readings = readings
        guard let direct = readings.direct else { return check }
        let text = tidied(direct), words = CheckedWord.words(of: text)
        var alignment = VersionAlignment(
            typed: typedWords, typedNumbers: typedNumbers, version: words, versionText: text, kind: .direct,
            check: check)
        guard alignment.run(mending: false) else { return check }
        check.offlineScore = check.score(text, of: words, aligned: alignment)
        check.offlineWords = Set(words.map(\.folded))
        return check
    }

    /// What a version scores as a reading of the typed text, in log10 units (less is
    /// likelier): what its words cost as slips of the typed ones (`alignment`), and what they
    /// cost in context, as the offline corrector scores its readings.
    private func score(_ text: String, of words: [CheckedWord], aligned alignment: VersionAlignment) -> Float {
        alignment.cost + Float(alignment.listedWordsChanged) * OfflineCorrector.listedWordReadingCost
            + offline.contextCost(of: words.map { (String(text[$0.range]), $0.startsSentence) }, language: language)
    }

    /// `text` shown, unless as a direct version it holds a word neither typed nor the offline
    /// corrector's, and scores worse than the corrector's version by more than
    /// ``wholeMargin`` (`Thereee is` as `Thee is` where the corrector reads `There is`): its
    /// words each pass, and together they read worse. An echo of the typed text, however
    /// mended, is never refused so.
    private func scored(
        _ text: String, of words: [CheckedWord], aligned alignment: VersionAlignment, kind: TextVariation.Kind?
    ) -> Verdict {
        guard kind == .direct, let offlineScore else { return .shown(text: text, mended: []) }
        let own = words.filter { typedNumbers[$0.folded] == nil && !offlineWords.contains($0.folded) }
        guard !own.isEmpty, score(text, of: words, aligned: alignment) > offlineScore + Self.wholeMargin else {
            return .shown(text: text, mended: [])
        }
        return .fault("reads worse than the offline version", Array(Set(own.map { String(text[$0.range]) })).sorted())
    }

    /// `set` with the versions that pass, each with its ``TextVariation/origin``, and an issue
    /// for each dropped or mended.
    package func check(_ set: VariationSet) -> VariationSet {
        guard strictness != .off else { return set }
        var checked = set
        checked.variations = []
        for var version in set.variations {
            version.text = tidied(version.text)
            switch verdict(on: version, mending: true) {
            case .fault(let reason, let words):
                checked.issues.append(.unfaithful(kind: version.kind, reason: reason, words: words))
            case .shown(let text, let mended):
                version.text = text
                version.origin = mended.isEmpty ? .model : .mended
                if !mended.isEmpty { checked.issues.append(.mended(kind: version.kind, words: mended)) }
                checked.variations.append(version)
            }
        }
        return checked
    }

    /// Why `version` (trimmed) may not be shown, as an issue; `nil` when it may.
    func issue(for version: TextVariation) -> VariationIssue? {
        guard strictness != .off else { return nil }
        var tidiedVersion = version
        tidiedVersion.text = tidied(version.text)
        guard case .fault(let reason, let words) = verdict(on: tidiedVersion, mending: false) else { return nil }
        return .unfaithful(kind: version.kind, reason: reason, words: words)
    }

    /// What the check says of one version.
    private enum Verdict {
        /// Not shown, with why and the words at fault.
        case fault(String, [String])
        /// Shown as `text`; `mended` lists each word read by the offline corrector.
        case shown(text: String, mended: [String])
    }

    private func verdict(on version: TextVariation, mending: Bool) -> Verdict {
        let text = version.text
        if text.isEmpty { return .fault("is empty", []) }
        if text.utf8.count > Self.maxVersionBytes(forTyped: typed.utf8.count) {
            return .fault("is too long", [])
        }
        if let markup = Self.markup(in: text, absentFrom: typed) { return .fault("holds markup", [markup]) }
        if !writersWords.isEmpty {
            let kept = Set(vocabulary.entries(typedIn: text))
            let changed = writersWords.filter { !kept.contains($0) }.map { vocabulary.entries[$0].text }
            if !changed.isEmpty { return .fault("changes the writer's words", changed) }
        }
        guard strictness == .faithful else { return .shown(text: text, mended: []) }
        let versionWords = CheckedWord.words(of: text)
        if versionWords.count > 2 * typedWords.count + 8 { return .fault("is too long", []) }
        if let foreign = typedCharacters.firstForeign(in: text) {
            return .fault("holds characters the text lacks", [foreign])
        }
        let hyphenated = Self.hyphenatedWords(in: text).filter { !typed.contains($0) }
        if !hyphenated.isEmpty { return .fault("invents words", hyphenated) }
        var alignment = VersionAlignment(
            typed: typedWords, typedNumbers: typedNumbers, version: versionWords, versionText: text,
            kind: version.kind, check: self)
        guard alignment.run(mending: mending && readings != nil) else {
            return .fault(alignment.faultReason, alignment.faultWords)
        }
        if version.kind == .direct, !alignment.recapitalised.isEmpty {
            return .fault("changes capitals", alignment.recapitalised)
        }
        var mendings = alignment.mendings
        if mending, version.kind == .direct, let mark = droppedFinalMark(in: text) {
            mendings.append(VersionAlignment.Mending(range: text.endIndex..<text.endIndex, reading: mark))
        }
        guard !mendings.isEmpty else {
            return scored(text, of: versionWords, aligned: alignment, kind: version.kind)
        }
        var mended = text
        for mending in mendings.reversed() { mended.replaceSubrange(mending.range, with: mending.reading) }
        var recheck = version
        recheck.text = mended
        // What is shown is what was checked.
        let rechecked = verdict(on: recheck, mending: false)
        if case .shown = rechecked {
            // A mark put back replaces nothing: `→ .`.
            let said = mendings.map { $0.range.isEmpty ? "→ \($0.reading)" : "\(text[$0.range]) → \($0.reading)" }
            return .shown(text: mended, mended: said)
        }
        guard alignment.neededMending else {
            return scored(text, of: versionWords, aligned: alignment, kind: version.kind)
        }
        // The version passed only as mended, and the mended text fails: its reason is the one.
        return rechecked
    }

    /// The marks that end the typed text (`.`, `?!`) when a direct version ends on a letter or
    /// digit without them: a model drops a full stop that no slip explains.
    private func droppedFinalMark(in version: String) -> String? {
        let marks: Set<Character> = [".", "!", "?"]
        let typedMarks = trimmedTyped.reversed().prefix { marks.contains($0) }
        guard !typedMarks.isEmpty, let last = version.last, last.isLetter || last.isNumber else { return nil }
        return String(typedMarks.reversed())
    }

    // MARK: Prices

    /// Why a typed word may not be read as a version word, whatever its letters.
    enum PairFault: Error {
        case number, negation, name, letters
    }

    /// What reading the typed words `typed` (one, or two the typing split) as the version
    /// words `version` (one, or two or three typed run together) costs, in log10 units; a
    /// fault when the alignment may not pair them.
    func price(typedAt positions: Range<Int>, as version: ArraySlice<CheckedWord>, kind: TextVariation.Kind?)
        -> Result<Float, PairFault>
    {
        let typed = typedWords[positions]
        let typedLetters = typed.map(\.folded).joined(), versionLetters = version.map(\.folded).joined()
        let typedNegates = typed.contains { refinement.negations.contains($0.folded) }
        let versionNegates = version.contains { refinement.negations.contains($0.folded) }
        if typedLetters == versionLetters {
            return .success(Float(typed.count + version.count - 2) * Self.spaceCost)
        }
        if typed.contains(where: \.hasDigits) || version.contains(where: \.hasDigits) { return .failure(.number) }
        let single = typed.count == 1 && version.count == 1
        let reading = typed.count == 1 ? readings?[typed[typed.startIndex].folded] : nil
        if typedNegates != versionNegates {
            // A slip of a negation (`cnat` → `can't`) is no change: a typed word no list holds,
            // read as the corrector reads it once its reading is known.
            guard single, !typedNegates, !offline.knows(typedLetters, language: language) else {
                return .failure(.negation)
            }
            if let reading, TypedReadings.folded(reading.text) != versionLetters { return .failure(.negation) }
        }
        if positions.contains(where: names.contains) { return .failure(.name) }
        // The offline corrector's own reading is within any margin of itself, however dear its
        // slips (`ov` as `of`: a far key in a short word).
        let versionSpelling = version.map(\.folded).joined(separator: " ")
        if let reading, TypedReadings.folded(reading.text) == versionSpelling { return .success(max(reading.cost, 0)) }
        if single, kind != .direct {
            let typedWord = typedLetters, versionWord = versionLetters
            let functionWords = refinement.functionWords
            if functionWords.contains(typedWord), functionWords.contains(versionWord) {
                return .success(Self.rewordingCost)
            }
            if kind == .refined, refinement.areInflections(versionWord, typedWord) {
                return .success(Self.rewordingCost)
            }
        }
        var limit = Self.limit(forLetters: typedLetters.count) + Float(typed.count - 1) * Self.spaceCost
        if let reading { limit = min(limit, max(reading.cost, 0) + Self.margin(for: kind)) }
        guard
            let cost = offline.slipCost(typing: versionSpelling, as: typedLetters, language: language, limit: limit)
        else { return .failure(.letters) }
        return .success(cost + Float(typed.count - 1) * Self.spaceCost)
    }

    /// What adding `word` costs; `nil` when the version may not add it.
    func insertionCost(of word: CheckedWord, kind: TextVariation.Kind?) -> Float? {
        guard kind != .direct, !word.hasDigits, refinement.functionWords.contains(word.folded),
            !refinement.negations.contains(word.folded)
        else { return nil }
        return Self.rewordingCost
    }

    /// What leaving out the typed word at `index` costs; `nil` when the version may not.
    /// Any version may drop a word typed twice in a row and a stray one or two letters no
    /// list holds; `refined` and `alternative` a function word.
    func deletionCost(ofTypedAt index: Int, kind: TextVariation.Kind?) -> Float? {
        let word = typedWords[index]
        guard !word.hasDigits, !refinement.negations.contains(word.folded), !names.contains(index) else { return nil }
        let doubled = index > 0 && typedWords[index - 1].folded == word.folded
        let stray =
            word.folded.count < 3 && !offline.knows(word.folded, language: language) && !joinsNeighbour(index)
        let reworded = kind != .direct && refinement.functionWords.contains(word.folded)
        return doubled || stray || reworded ? Self.rewordingCost : nil
    }

    /// Whether the typed word at `index` and the one before or after it are one listed word
    /// the typing split (`ve ry`): a part of a word, not a stray.
    private func joinsNeighbour(_ index: Int) -> Bool {
        let word = typedWords[index].folded
        return (index > 0 && offline.knows(typedWords[index - 1].folded + word, language: language))
            || (index + 1 < typedWords.count && offline.knows(word + typedWords[index + 1].folded, language: language))
    }

    /// The offline corrector's reading of the typed word `word` when it may mend a model's
    /// word in a version of `kind`: a confident change of a word the pack does not list (a
    /// slip), or, but in an alternative version, a near-certain one of a listed word.
    func mendingReading(of word: CheckedWord, kind: TextVariation.Kind?) -> TypedReadings.Reading? {
        guard let reading = readings?[word.folded],
            reading.mends || (kind != .alternative && reading.mendsListedWord)
        else { return nil }
        return reading
    }

    /// The one word the offline corrector reads the typed words `first` and `second` as, which
    /// mends a model's copy of both (`stay ed` as `stayed`).
    func joiningReading(of first: CheckedWord, _ second: CheckedWord) -> String? {
        readings?.joining(first.folded, second.folded)
    }

    /// Whether `word` of a version is a word the pack or the writer's vocabulary lists.
    func isListed(_ word: CheckedWord) -> Bool {
        offline.knows(word.folded, language: language) || !vocabulary.entries(typedIn: word.folded).isEmpty
    }

    func isFunctionWord(_ word: CheckedWord) -> Bool { refinement.functionWords.contains(word.folded) }
    func isNegation(_ word: CheckedWord) -> Bool { refinement.negations.contains(word.folded) }
    func isName(typedAt index: Int) -> Bool { names.contains(index) }

    /// A slipped or missing space, in log10 units, as the corrector prices one.
    static let spaceCost: Float = 0.6

    // MARK: Text

    /// `text` trimmed, without a lone quotation mark at its start or end that the typed text
    /// lacks (`"The children sang…`, what is left of a list item's quotes).
    package func tidied(_ text: String) -> String {
        var tidied = VariationText.trimmed(text)
        let quotes: Set<Character> = ["\"", "\u{201C}", "\u{201D}"]
        guard !typed.contains(where: { quotes.contains($0) }), tidied.count(where: { quotes.contains($0) }) == 1 else {
            return tidied
        }
        if let first = tidied.first, quotes.contains(first) { tidied.removeFirst() }
        if let last = tidied.last, quotes.contains(last) { tidied.removeLast() }
        return VariationText.trimmed(tidied)
    }

    /// The words of `text` with a hyphen between letters (`op-ened`).
    private static func hyphenatedWords(in text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).map { token in
            String(
                token.drop { !$0.isLetter && !$0.isNumber }.reversed().drop { !$0.isLetter && !$0.isNumber }.reversed())
        }.filter { token in
            let characters = Array(token)
            return characters.indices.dropFirst().dropLast().contains { index in
                characters[index] == "-" && characters[index - 1].isLetter && characters[index + 1].isLetter
            }
        }
    }

    /// The first markup, prompt tag or link in `text` that `typed` does not hold.
    private static func markup(in text: String, absentFrom typed: String) -> String? {
        for pattern in ["http:", "https:", "www.", "```"] where text.contains(pattern) && !typed.contains(pattern) {
            return pattern
        }
        guard !typed.contains("<"), !typed.contains("\u{2039}") else { return nil }
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "<" || scalar == "\u{2039}" {
            guard index + 1 < scalars.count else { continue }
            let next = scalars[index + 1]
            if next == "/" || next == "!" || next.properties.isAlphabetic {
                return String(String.UnicodeScalarView(scalars[index..<min(index + 16, scalars.count)]))
            }
        }
        return nil
    }
}
