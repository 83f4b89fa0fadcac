/// The writer's own words in a text, marked before its words are read: the words and phrases
/// of a `Vocabulary`, and, with no list at all, the words the text itself shows are the
/// writer's. A word so marked is kept as typed (`isWritersWord`): never split, joined or
/// recased, read in context as a name is. A slip of one is mended to it first, keeping what was
/// typed in `asTyped`.
struct WritersWords {
    /// The most words of its own a text keeps for reading later slips.
    static let textWordCapacity = 64

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
                    guard let span = phraseSpan(tokens, positions, from: position, entry.folded) else { continue }
                    let parts = entry.text.split(whereSeparator: { $0 == " " || $0 == "-" })
                    for (offset, part) in parts.enumerated() {
                        let index = positions[position + offset]
                        tokens[index].isWritersWord = true
                        tokens[index].keepsItsCase = true
                        if entry.use == .known { write(String(part), into: &tokens[index]) }
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
    private func phraseSpan(_ tokens: [CorrectionToken], _ positions: [Int], from position: Int, _ words: [[UInt8]])
        -> Int?
    {
        guard position + words.count <= positions.count else { return nil }
        for offset in words.indices {
            let index = positions[position + offset]
            guard tokens[index].lowered == words[offset] else { return nil }
            if offset > 0 {
                let previous = positions[position + offset - 1]
                guard index == previous + 2, tokens[previous + 1].text == " " || tokens[previous + 1].text == "-"
                else { return nil }
            }
        }
        return words.count
    }

    /// Writes the known `word` for what was typed, unless typed exactly so; a word the writer
    /// writes in lower case keeps a typed capital (a sentence's first word).
    private func write(_ word: String, into token: inout CorrectionToken) {
        guard token.text != word else { return }
        let hasOwnForm = word.unicodeScalars.contains { $0.properties.isUppercase || !$0.isASCII }
        guard hasOwnForm else { return }
        token.asTyped = token.asTyped ?? token.text
        token.text = word
    }

    /// Mends each word outside the pack's list that is a slip of a known one-word entry and
    /// no likelier a slip of a listed word: the writer's words are likely in the writer's
    /// text, so a known word is read up to `CorrectorTuning.writersWordPrior` dearer than the
    /// nearest listed word.
    private func mendSlips(_ tokens: inout [CorrectionToken], _ positions: [Int], _ vocabulary: Vocabulary) {
        let known = vocabulary.entries.indices.filter {
            vocabulary.entries[$0].use == .known && vocabulary.entries[$0].folded.count == 1
        }
        guard !known.isEmpty else { return }
        let words = known.map { vocabulary.entries[$0].folded[0] }
        for index in positions where isReadableSlip(tokens[index]) {
            let typed = tokens[index].lowered
            guard let (best, cost) = nearest(to: typed, among: words, limit: CorrectorTuning.writersWordMaxCost),
                cost <= nearestListedCost(typed) + CorrectorTuning.writersWordPrior
            else { continue }
            tokens[index].isWritersWord = true
            tokens[index].keepsItsCase = true
            tokens[index].asTyped = tokens[index].text
            tokens[index].text = Self.writtenAs(vocabulary.entries[known[best]].text, typed: tokens[index].text)
        }
    }

    // MARK: The text's own words

    /// Marks the words the text shows are the writer's: a word outside the list, no slip of a
    /// listed word, typed the same way twice or more; and mends a later slip of such a word or
    /// of a name written earlier (`Zorbax … Zorbxa`), when no listed word is as near.
    private func markTextWords(_ tokens: inout [CorrectionToken], _ positions: [Int]) {
        var counts: [[UInt8]: Int] = [:]
        for index in positions where isReadableSlip(tokens[index]) { counts[tokens[index].lowered, default: 0] += 1 }
        guard !counts.isEmpty else { return }
        var ownWords: [(letters: [UInt8], text: String)] = []
        var notOwn: Set<[UInt8]> = []
        func isOwn(_ letters: [UInt8]) -> Bool {
            if notOwn.contains(letters) { return false }
            let own = nearestListedCost(letters) > CorrectorTuning.singleSlipCost
            if !own { notOwn.insert(letters) }
            return own
        }
        for index in positions where isReadableSlip(tokens[index]) {
            let letters = tokens[index].lowered
            let repeated = counts[letters, default: 0] >= 2
            if repeated, isOwn(letters) {
                tokens[index].isWritersWord = true
                tokens[index].keepsItsCase = true
            } else if !repeated, letters.count >= 4,
                let (best, cost) = nearest(
                    to: letters, among: ownWords.map(\.letters), limit: CorrectorTuning.singleSlipCost),
                cost < nearestListedCost(letters)
            {
                tokens[index].isWritersWord = true
                tokens[index].keepsItsCase = true
                tokens[index].asTyped = tokens[index].text
                tokens[index].text = Self.writtenAs(ownWords[best].text, typed: tokens[index].text)
                continue
            }
            // A word of its own: typed twice, or a name written mid-sentence.
            let isName = !tokens[index].startsSentence && tokens[index].text.first?.isUppercase == true
            if (repeated || isName), ownWords.count < Self.textWordCapacity,
                !ownWords.contains(where: { $0.letters == letters }), isOwn(letters)
            {
                ownWords.append((letters, tokens[index].text))
            }
        }
    }

    // MARK: Shared

    /// A word the pass may read: outside the list, no apostrophe, three letters or more, not
    /// already marked.
    private func isReadableSlip(_ token: CorrectionToken) -> Bool {
        !token.isWritersWord && !token.keepsItsCase && token.lowered.count >= 3 && !token.lowered.contains(0x27)
            && lexicon.index(of: token.lowered) == nil
    }

    /// The word of `words` typing which as `typed` costs least, when one alone does, within
    /// `limit`.
    private func nearest(to typed: [UInt8], among words: [[UInt8]], limit: TypoCostModel.Cost)
        -> (index: Int, cost: TypoCostModel.Cost)?
    {
        let typedLetters = Self.letterSet(typed)
        var cheapest = CheapestReading<Int>()
        for (index, word) in words.enumerated() where abs(word.count - typed.count) <= 2 {
            // Words sharing few letters are never a slip away: skip them before the full count.
            guard (Self.letterSet(word) ^ typedLetters).nonzeroBitCount <= 4,
                let cost = model.cost(typing: word, as: typed, limit: limit)
            else { continue }
            cheapest.offer(index, cost: cost)
        }
        return cheapest.winner.map { ($0.reading, $0.cost) }
    }

    /// What reading `typed` as the nearest listed word within two slips costs (more than
    /// `singleSlipCost` twice over when none is).
    private func nearestListedCost(_ typed: [UInt8]) -> TypoCostModel.Cost {
        let limit = 2 * CorrectorTuning.singleSlipCost
        return lexicon.candidates(for: typed, maxCost: limit, model: model).map(\.cost).min() ?? limit + 1
    }

    /// The letters a-z of `word` as bits.
    private static func letterSet(_ word: [UInt8]) -> UInt32 {
        word.reduce(0) { $1.isASCIILowercase ? $0 | 1 << UInt32($1 - UInt8(ascii: "a")) : $0 }
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
