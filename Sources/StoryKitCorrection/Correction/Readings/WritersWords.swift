/// The writer's own words in a text, marked before its words are read: the words and phrases
/// of a `Vocabulary`, and, with no list at all, the words the text itself shows are the
/// writer's. A word so marked is kept as typed (`isWritersWord`): never split, joined or
/// recased, read in context as a name is. A slip of one is mended to it first, keeping what was
/// typed in `asTyped`.
struct WritersWords {
    /// The most words written earlier a text keeps for reading later slips.
    static let textWordCapacity = 256

    let lexicon: WordLexicon
    let model: TypoCostModel

    /// Marks and mends the writer's words of `tokens`.
    func mark(_ tokens: inout [CorrectionToken], vocabulary: Vocabulary) {
        let positions = tokens.indices.filter { tokens[$0].kind == .word }
        guard !positions.isEmpty else { return }
        if !vocabulary.isEmpty {
            markEntries(&tokens, positions, vocabulary)
            mendSlips(&tokens, positions, vocabulary)
        }
        markTextWords(&tokens, positions)
    }

    // MARK: The vocabulary

    /// Marks each word and phrase of `vocabulary` typed as it is (letters folded, case aside);
    /// a known one is written as the writer writes it when typed without its capitals or
    /// diacritics (`zorbax`, `Oisin`).
    private func markEntries(_ tokens: inout [CorrectionToken], _ positions: [Int], _ vocabulary: Vocabulary) {
        var position = 0
        while position < positions.count {
            let first = positions[position]
            var matched = 1
            if !tokens[first].isWritersWord {
                for candidate in vocabulary.entries(startingWith: tokens[first].lowered) {
                    let entry = vocabulary.entries[candidate]
                    guard
                        let span = phraseSpan(tokens, positions, from: position, vocabulary.foldedWords(at: candidate))
                    else { continue }
                    let parts = entry.text.split(whereSeparator: { $0 == " " || $0 == "-" })
                    for (offset, part) in parts.enumerated() {
                        let index = positions[position + offset]
                        tokens[index].markAsWritersWord()
                        // A word the writer writes in lower case keeps a typed capital (a
                        // sentence's first word); one with capitals or diacritics is written so.
                        if entry.use == .known,
                            part.unicodeScalars.contains(where: { $0.properties.isUppercase || !$0.isASCII })
                        {
                            tokens[index].respell(as: String(part))
                        }
                    }
                    matched = span
                    break
                }
            }
            position += matched
        }
    }

    /// How many words from `position` spell `words`, each after the one before with a single
    /// space or hyphen between; `nil` when they do not.
    private func phraseSpan(
        _ tokens: [CorrectionToken], _ positions: [Int], from position: Int, _ words: [ArraySlice<UInt8>]
    ) -> Int? {
        guard position + words.count <= positions.count else { return nil }
        for offset in words.indices {
            let index = positions[position + offset]
            guard tokens[index].lowered.elementsEqual(words[offset]) else { return nil }
            if offset > 0 {
                let previous = positions[position + offset - 1]
                guard index == previous + 2, tokens[previous + 1].text == " " || tokens[previous + 1].text == "-"
                else { return nil }
            }
        }
        return words.count
    }

    /// Mends each word outside the pack's list that is a slip of a known one-word entry and
    /// no likelier a slip of a listed word: the writer's words are likely in the writer's
    /// text, so a known word is read up to `CorrectorTuning.writersWordPrior` dearer than the
    /// nearest listed word.
    private func mendSlips(_ tokens: inout [CorrectionToken], _ positions: [Int], _ vocabulary: Vocabulary) {
        for index in positions where isReadableSlip(tokens[index]) {
            let typed = tokens[index].lowered
            guard
                let (best, cost) = nearest(
                    to: typed, among: vocabulary.slipTargets(), limit: CorrectorTuning.writersWordMaxCost),
                cost <= nearestListedCost(typed) + CorrectorTuning.writersWordPrior
            else { continue }
            tokens[index].markAsWritersWord()
            tokens[index].respell(as: Self.writtenAs(vocabulary.entries[best].text, typed: tokens[index].text))
        }
    }

    // MARK: The text's own words

    /// Marks the words the text shows are the writer's: a word outside the list, no slip of a
    /// listed word, typed the same way twice or more. Then reads a later slip, outside the
    /// list, as a word of the writer's written earlier when no listed word is nearer: such a
    /// word is one typed twice, a capitalised word (a name), a word far from every listed word
    /// (a coined word), or a listed word capitalised inside a sentence (a name the list also
    /// holds, whose later slip keeps its capital). `Zorbax … Zorbxa` reads `Zorbax … Zorbax`.
    private func markTextWords(_ tokens: inout [CorrectionToken], _ positions: [Int]) {
        var counts: [[UInt8]: Int] = [:]
        for index in positions where isReadableSlip(tokens[index]) { counts[tokens[index].lowered, default: 0] += 1 }
        // The words written so far that may be the writer's; whether one is, which takes a
        // search of the list, is asked only once a later word is a slip away from it.
        var earlier: [Earlier] = []
        var listedCosts: [[UInt8]: TypoCostModel.Cost] = [:]
        func listedCost(_ letters: [UInt8]) -> TypoCostModel.Cost {
            if let cost = listedCosts[letters] { return cost }
            let cost = nearestListedCost(letters)
            listedCosts[letters] = cost
            return cost
        }
        func isOwn(_ word: Earlier) -> Bool {
            if word.listed { return true }
            let cost = listedCost(word.letters)
            return cost > CorrectorTuning.singleSlipCost
                && (word.repeated || word.capitalised || cost > 2 * CorrectorTuning.singleSlipCost)
        }
        for index in positions {
            let token = tokens[index]
            let letters = token.lowered
            let capitalised = token.startsWithCapital
            if isReadableSlip(token) {
                let repeated = counts[letters, default: 0] >= 2
                if repeated {
                    if listedCost(letters) > CorrectorTuning.singleSlipCost { tokens[index].markAsWritersWord() }
                } else if letters.count >= 4,
                    let (best, cost) = nearest(
                        to: letters,
                        among: earlier.indices.lazy.map { ($0, earlier[$0].letters[...], earlier[$0].letterSet) },
                        limit: CorrectorTuning.singleSlipCost),
                    !earlier[best].listed || capitalised, isOwn(earlier[best]), cost <= listedCost(letters)
                {
                    tokens[index].markAsWritersWord()
                    tokens[index].respell(as: Self.writtenAs(earlier[best].text, typed: token.text))
                    continue
                }
                remember(
                    Earlier(
                        letters: letters, text: token.text, listed: false, repeated: repeated, capitalised: capitalised),
                    in: &earlier)
            } else if capitalised, !token.startsSentence, !token.keepsItsCase, letters.count >= 4,
                !letters.contains(0x27), lexicon.index(of: letters) != nil
            {
                remember(
                    Earlier(letters: letters, text: token.text, listed: true, repeated: false, capitalised: true),
                    in: &earlier)
            }
        }
    }

    /// A word written earlier in the text that a later slip may be read as.
    private struct Earlier {
        var letters: [UInt8]
        var text: String
        /// A listed word capitalised inside a sentence: a name the list holds.
        var listed: Bool
        var repeated: Bool
        var capitalised: Bool
        /// The bits of `letters`, for `nearest(to:among:limit:)`.
        var letterSet: UInt32

        init(letters: [UInt8], text: String, listed: Bool, repeated: Bool, capitalised: Bool) {
            self.letters = letters
            self.text = text
            self.listed = listed
            self.repeated = repeated
            self.capitalised = capitalised
            letterSet = Vocabulary.letterSet(letters)
        }
    }

    /// Adds a word written earlier, once, up to `textWordCapacity`.
    private func remember(_ word: Earlier, in earlier: inout [Earlier]) {
        guard earlier.count < Self.textWordCapacity, !earlier.contains(where: { $0.letters == word.letters }) else {
            return
        }
        earlier.append(word)
    }

    // MARK: Shared

    /// A word the pass may read: outside the list, no apostrophe, three letters or more, not
    /// already marked.
    private func isReadableSlip(_ token: CorrectionToken) -> Bool {
        !token.isWritersWord && !token.keepsItsCase && token.lowered.count >= 3 && !token.lowered.contains(0x27)
            && lexicon.index(of: token.lowered) == nil
    }

    /// The candidate typing which as `typed` costs least, when one alone does, within `limit`;
    /// each candidate is its index, its letters and the bits of its letters.
    private func nearest(
        to typed: [UInt8], among candidates: some Sequence<(index: Int, letters: ArraySlice<UInt8>, letterSet: UInt32)>,
        limit: TypoCostModel.Cost
    ) -> (index: Int, cost: TypoCostModel.Cost)? {
        let typedLetters = Vocabulary.letterSet(typed)
        var cheapest = CheapestReading<Int>()
        for candidate in candidates where abs(candidate.letters.count - typed.count) <= 2 {
            // Words sharing few letters are never a slip away: skip them before the full count.
            guard (candidate.letterSet ^ typedLetters).nonzeroBitCount <= 4,
                let cost = model.cost(typing: Array(candidate.letters), as: typed, limit: limit)
            else { continue }
            cheapest.offer(candidate.index, cost: cost)
        }
        return cheapest.winner.map { ($0.reading, $0.cost) }
    }

    /// What reading `typed` as the nearest listed word within two slips costs (more than
    /// `singleSlipCost` twice over when none is).
    private func nearestListedCost(_ typed: [UInt8]) -> TypoCostModel.Cost {
        let limit = 2 * CorrectorTuning.singleSlipCost
        return lexicon.candidates(for: typed, maxCost: limit, model: model).map(\.cost).min() ?? limit + 1
    }

    /// `word` as written for a slip typed `typed`: with its own capitals, or, written in
    /// lower case, with a typed first capital.
    static func writtenAs(_ word: String, typed: String) -> String {
        guard !word.unicodeScalars.contains(where: \.properties.isUppercase),
            typed.first?.isUppercase == true, let first = word.first
        else { return word }
        return first.uppercased() + word.dropFirst()
    }
}
