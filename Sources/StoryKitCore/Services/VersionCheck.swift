/// How strictly a model's versions are checked against the typed text before a writer sees
/// them (``CorrectionService/strictness``).
public enum VersionStrictness: String, Sendable, Hashable, CaseIterable {
    /// Every version's words must be the typed words or readings of their slips (a letter or
    /// two away, typed words joined or one split), each read once (a sentence said twice is
    /// dropped); `refined` and `alternative` may also add, drop or change the function words
    /// of the text's language (closed lists for English, Spanish, French, German, Italian,
    /// Portuguese and Dutch), and `refined` may inflect a typed word
    /// (`go` → `went`). Empty versions and versions with markup or links the text lacks are
    /// dropped. A slip the model left as typed, which the offline corrector reads with
    /// confidence, is mended from its reading.
    case faithful
    /// Only empty versions and versions with markup or links the text lacks are dropped.
    case loose
    /// Every parsed version is shown.
    case off
}

/// Checks a model's versions against what was typed: a version that invents or drops words,
/// holds markup or prompt tags, or is empty is dropped with an ``VariationIssue/unfaithful(kind:reason:words:)``
/// issue, since a tremor user taps what they are shown. Versions are trimmed of the white
/// space around them.
struct VersionCheck {
    let typed: String
    let strictness: VersionStrictness
    /// The function words and inflections of the text's language.
    let refinement: RefinementWords
    /// The typed text's words, as ``words(of:)`` reads them.
    private let typedWords: [String]
    /// The writer's words, and those of them the text holds, which every version must keep.
    private let vocabulary: Vocabulary
    private let writersWords: [Int]

    init(typed: String, strictness: VersionStrictness, language: String = "en", vocabulary: Vocabulary = Vocabulary()) {
        self.typed = typed
        self.strictness = strictness
        refinement = RefinementWords(language: language)
        typedWords = Self.words(of: typed)
        self.vocabulary = vocabulary
        writersWords = vocabulary.entries(typedIn: typed)
    }

    /// `set` with the versions that pass, and an issue for each dropped.
    func check(_ set: VariationSet) -> VariationSet {
        guard strictness != .off else { return set }
        var checked = set
        checked.variations = []
        for var version in set.variations {
            version.text = tidied(version.text)
            if let issue = issue(forTidied: version) {
                checked.issues.append(issue)
            } else {
                checked.variations.append(version)
            }
        }
        return checked
    }

    /// Why `version` (trimmed) may not be shown, as an issue; `nil` when it may.
    func issue(for version: TextVariation) -> VariationIssue? {
        var tidiedVersion = version
        tidiedVersion.text = tidied(version.text)
        return issue(forTidied: tidiedVersion)
    }

    private func issue(forTidied version: TextVariation) -> VariationIssue? {
        guard strictness != .off, let (reason, words) = fault(of: version) else { return nil }
        return .unfaithful(kind: version.kind, reason: reason, words: words)
    }

    /// Why `version` may not be shown, and the words at fault; nil when it may.
    private func fault(of version: TextVariation) -> (String, [String])? {
        if version.text.isEmpty { return ("is empty", []) }
        if let markup = Self.markup(in: version.text, absentFrom: typed) { return ("holds markup", [markup]) }
        let changed = writersWords.filter { !vocabulary.holds(entryAt: $0, in: version.text) }.map {
            vocabulary.entries[$0].text
        }
        if !changed.isEmpty { return ("changes the writer's words", changed) }
        guard strictness == .faithful else { return nil }
        let versionWords = Self.words(of: version.text)
        let mayChangeFunctionWords = version.kind != .direct
        let mayInflect = version.kind == .refined
        let functionWords = refinement.functionWords
        let invented = versionWords.filter { word in
            !Self.explains(word, by: typedWords) && !(mayChangeFunctionWords && functionWords.contains(word))
                && !(mayInflect && typedWords.contains { refinement.areInflections(word, $0) })
        }
        if !invented.isEmpty { return ("invents words", Array(Set(invented)).sorted()) }
        let dropped = typedWords.filter { word in
            word.count >= 3 && !Self.explains(word, by: versionWords)
                && !(mayChangeFunctionWords && functionWords.contains(word))
                && !(mayInflect && versionWords.contains { refinement.areInflections(word, $0) })
        }
        if !dropped.isEmpty { return ("drops words", Array(Set(dropped)).sorted()) }
        // A sentence said twice, or a word, holds only typed words, yet it is not what was typed.
        let repeated = Set(versionWords).filter { word in
            !functionWords.contains(word)
                && versionWords.count { $0 == word }
                    > typedWords.indices.count { index in
                        // Each typed word read once: as itself or a slip of it, run together with
                        // the next, or split into parts.
                        let typedWord = Array(typedWords[index].utf8), letters = Array(word.utf8)
                        return Self.isReading(letters, of: typedWord)
                            || (index + 1 < typedWords.count
                                && Self.isReading(letters, of: typedWord + Array(typedWords[index + 1].utf8)))
                            || Self.isPart(letters, of: typedWord)
                            || (mayInflect && refinement.areInflections(word, typedWords[index]))
                    }
        }
        if !repeated.isEmpty { return ("repeats words", repeated.sorted()) }
        let hyphenated = Self.hyphenatedWords(in: version.text).filter { !typed.contains($0) }
        if !hyphenated.isEmpty { return ("invents words", hyphenated) }
        if version.kind == .direct {
            let recapitalised = Self.recapitalisedWords(in: version.text, typed: typed)
            if !recapitalised.isEmpty { return ("changes capitals", recapitalised) }
        }
        return nil
    }

    /// `text` trimmed, without a lone quotation mark at its start or end that the typed text
    /// lacks (`"The children sang…`, what is left of a list item's quotes).
    func tidied(_ text: String) -> String {
        var tidied = VariationText.trimmed(text)
        let quotes: Set<Character> = ["\"", "\u{201C}", "\u{201D}"]
        guard !typed.contains(where: { quotes.contains($0) }), tidied.count(where: { quotes.contains($0) }) == 1 else {
            return tidied
        }
        if let first = tidied.first, quotes.contains(first) { tidied.removeFirst() }
        if let last = tidied.last, quotes.contains(last) { tidied.removeLast() }
        return VariationText.trimmed(tidied)
    }

    /// Words a direct version capitalises that were typed in lower case, past a sentence's
    /// first word: a direct correction fixes slips, not capitals (`The Bakery Smelled of…`).
    /// `I` and its contractions are English's and may be capitalised anywhere.
    private static func recapitalisedWords(in version: String, typed: String) -> [String] {
        let typedLower = Set(
            typed.split(whereSeparator: \.isWhitespace).map { $0.trimmingPunctuation }.filter {
                $0.first?.isLowercase == true
            })
        var words: [String] = []
        var sentenceStart = true
        for token in version.split(whereSeparator: \.isWhitespace) {
            let word = token.trimmingPunctuation
            defer { sentenceStart = token.last.map { ".!?:".contains($0) } ?? false }
            guard !sentenceStart, let first = word.first, first.isUppercase, word.dropFirst().allSatisfy(\.isLowercase)
            else { continue }
            let lowered = word.lowercased()
            if lowered == "i" || lowered.hasPrefix("i'") || lowered.hasPrefix("i\u{2019}") { continue }
            if typedLower.contains(lowered) { words.append(word) }
        }
        return words
    }

    /// The words of `text` with a hyphen between letters (`op-ened`).
    private static func hyphenatedWords(in text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).map { $0.trimmingPunctuation }.filter { token in
            let characters = Array(token)
            return characters.indices.dropFirst().dropLast().contains { index in
                characters[index] == "-" && characters[index - 1].isLetter && characters[index + 1].isLetter
            }
        }
    }

    /// Whether `word` is one of `others`, a slip's reading of one (a few letters away), or
    /// two adjacent ones joined (`to morrow`, `tomorrow`) or one of them split.
    private static func explains(_ word: String, by others: [String]) -> Bool {
        let letters = Array(word.utf8)
        for (index, other) in others.enumerated() {
            let candidate = Array(other.utf8)
            if isReading(letters, of: candidate) || isPart(letters, of: candidate) { return true }
            // Two or three words of the other text run together (`hid the ball`, `hidtheball`).
            var joined = candidate
            for next in others[(index + 1)..<min(index + 3, others.count)] {
                joined += Array(next.utf8)
                if editDistance(letters, joined, bound: slipBound(joined.count)) != nil { return true }
            }
        }
        return false
    }

    /// Whether `word` is `other` or a slip's reading of it.
    private static func isReading(_ word: [UInt8], of other: [UInt8]) -> Bool {
        editDistance(word, other, bound: slipBound(max(word.count, other.count))) != nil
    }

    /// Whether `word` begins or ends `other`, as a part of a word split in the other text.
    private static func isPart(_ word: [UInt8], of other: [UInt8]) -> Bool {
        word.count >= 2 && other.count > word.count
            && (other.starts(with: word) || other.reversed().starts(with: word.reversed()))
    }

    /// How many slips a word of `length` letters may hold and still read as itself.
    private static func slipBound(_ length: Int) -> Int { length <= 3 ? 1 : length <= 7 ? 2 : 3 }

    /// The edit distance (swaps of neighbours count one) of `a` and `b` when at most `bound`.
    private static func editDistance(_ a: [UInt8], _ b: [UInt8], bound: Int) -> Int? {
        guard abs(a.count - b.count) <= bound else { return nil }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            previous2 = previous
            previous = current
        }
        let distance = a.isEmpty ? b.count : previous[b.count]
        return distance <= bound ? distance : nil
    }

    /// The words of `text`: runs of letters and digits, in lower case, apostrophes dropped
    /// (`don't` is `dont`, as typed without one).
    static func words(of text: String) -> [String] {
        var words: [String] = [], current = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if character != "'" && character != "\u{2019}" {
                if !current.isEmpty { words.append(current) }
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The first markup, prompt tag or link in `text` that `typed` does not hold.
    private static func markup(in text: String, absentFrom typed: String) -> String? {
        for pattern in ["http:", "https:", "www.", "```"] where text.contains(pattern) && !typed.contains(pattern) {
            return pattern
        }
        guard !typed.contains("<") else { return nil }
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

extension Substring {
    /// The token without the punctuation around it.
    fileprivate var trimmingPunctuation: String {
        String(drop { !$0.isLetter && !$0.isNumber }.reversed().drop { !$0.isLetter && !$0.isNumber }.reversed())
    }
}
