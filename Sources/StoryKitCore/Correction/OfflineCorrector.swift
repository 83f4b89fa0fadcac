/// A keyboard-aware corrector for text typed with a tremor: a noisy channel that weighs each
/// reading of a word by how common the word is (an embedded English frequency list) and how
/// likely the slips between it and what was typed are (`TypoCostModel`: neighbouring keys on
/// the chosen layout, doubled presses, dropped, extra and swapped letters, missed or extra
/// spaces, stray capitals). No model, no network, no key.
///
/// It writes the three variations the corrector spec asks for:
/// - `direct`: each word's most likely reading, with the input's spacing and punctuation;
/// - `refined`: the same with sentence capitals, `I`, contractions (`dont` → `don't`), single
///   spaces and final punctuation;
/// - `alternative`: the best reading that differs in meaning, taking the runner-up of the word
///   whose two best readings are closest.
/// The three differ in more than punctuation and white space (a capital counts): when
/// formatting alone would not make `refined` differ, it also takes the next reading. Names (capitalised words mid-sentence
/// that are not English words), acronyms, numbers, URLs, e-mail addresses, words in other
/// scripts and correctly typed words are left alone.
///
///     let correction = try OfflineCorrector().correct("i wnat to go hmoe")
///     correction.variations.variations.map(\.text)
///     // ["i want to go home", "I want to go home.", "I want to go hope."]
public struct OfflineCorrector: Sendable {
    /// The longest input accepted, in UTF-8 bytes (the C ABI's `STORYKIT_MAX_CORRECTION_BYTES`).
    public static let maxInputBytes = 10_000
    /// The keyboard the text was typed on.
    public let layout: KeyboardLayout
    private let model: TypoCostModel
    private let lexicon: WordLexicon

    /// Creates a corrector for text typed on `layout`. The word list is loaded once per
    /// process, on first use.
    public init(layout: KeyboardLayout = .qwerty) {
        self.layout = layout
        self.model = TypoCostModel.model(for: layout)
        self.lexicon = WordLexicon.english
    }

    /// One reading of a word: its text (lower case; two words when split) and its score, the
    /// log10 probability of the word(s) and of the slips.
    private struct Reading {
        var text: String
        var score: Float
    }

    /// A word with its readings, best first.
    private struct Word {
        var tokenIndex: Int
        var original: String
        var readings: [Reading]
        /// Left alone: typed correctly, a name, an acronym.
        var fixed: Bool
    }

    /// Corrects `text`.
    ///
    /// - Throws: `.limit` over `maxInputBytes`.
    public func correct(_ text: String) throws(StoryKitError) -> OfflineCorrection {
        guard text.utf8.count <= Self.maxInputBytes else {
            throw StoryKitError(.limit, "the text is \(text.utf8.count) bytes, over the offline corrector's limit of \(Self.maxInputBytes)")
        }
        var tokens = CorrectionToken.tokenize(text)
        var words = analyse(&tokens)
        mergeSplitWords(&tokens, &words)
        return compose(tokens, words)
    }

    // MARK: Readings

    private func analyse(_ tokens: inout [CorrectionToken]) -> [Word] {
        var words: [Word] = []
        for index in tokens.indices where tokens[index].kind == .word {
            let token = tokens[index]
            words.append(Word(tokenIndex: index, original: token.text, readings: [], fixed: true))
            let lowered = token.lowered
            if let known = knownScore(lowered) {
                words[words.count - 1].readings = [Reading(text: String(decoding: lowered, as: UTF8.self), score: known)]
                // A stray capital inside a known word ("hOme") is a slip: the word is corrected.
                if Self.matchCase(String(decoding: lowered, as: UTF8.self), to: token.text) != token.text, !token.text.contains("'") {
                    words[words.count - 1].fixed = false
                }
                continue
            }
            let isAcronym = token.text.utf8.count >= 2 && token.text.utf8.allSatisfy { !$0.isASCIILowercase }
            let isName = !token.startsSentence && token.text.utf8.first?.isASCIIUppercase == true
                && token.text.utf8.dropFirst().allSatisfy { !$0.isASCIIUppercase }
            if isAcronym || isName || lowered.contains(0x27) || lowered.count > 24 {
                words[words.count - 1].readings = [Reading(text: token.text, score: Self.unknownScore)]
                continue
            }
            words[words.count - 1].fixed = false
            words[words.count - 1].readings = readings(for: lowered)
        }
        return words
    }

    /// The score of a word typed as it is meant, or `nil` when it is not a known word.
    private func knownScore(_ lowered: [UInt8]) -> Float? {
        if let index = lexicon.index(of: lowered) { return lexicon.logProbability[index] }
        let text = String(decoding: lowered, as: UTF8.self)
        if Contractions.english[text] != nil { return Self.contractionScore }
        if lowered.contains(0x27), let index = lexicon.index(of: lowered.filter { $0 != 0x27 }) { return lexicon.logProbability[index] }
        return nil
    }

    private static let unknownScore: Float = -12
    private static let contractionScore: Float = -4
    private static let maxReadings = 4

    /// How far a reading may be from what was typed, by the length typed.
    private static func maxCost(_ length: Int) -> Float {
        switch length {
        case ...2: 1.2
        case 3...4: 2.2
        case 5...7: 2.7
        default: 3.3
        }
    }

    /// The readings of an unknown word: dictionary words within reach, and two words when a
    /// space was missed or hit a neighbouring key.
    private func readings(for typed: [UInt8]) -> [Reading] {
        var readings = lexicon.candidates(for: typed, maxCost: Self.maxCost(typed.count), model: model).map {
            Reading(text: lexicon.words[$0.word], score: lexicon.logProbability[$0.word] - $0.cost)
        }
        if typed.count >= 3 {
            for cut in 1..<typed.count {
                if let pair = twoWords(typed[..<cut], typed[cut...]) {
                    readings.append(Reading(text: pair.text, score: pair.score - TypoCostModel.spaceSlip))
                }
                if cut + 1 < typed.count, layout.spaceBarNeighbours.contains(typed[cut]), let pair = twoWords(typed[..<cut], typed[(cut + 1)...]) {
                    readings.append(Reading(text: pair.text, score: pair.score - TypoCostModel.spaceSlip - TypoCostModel.neighbourSubstitution))
                }
            }
        }
        readings.sort { $0.score > $1.score || ($0.score == $1.score && $0.text < $1.text) }
        var unique: [Reading] = []
        for reading in readings where !unique.contains(where: { $0.text == reading.text }) {
            unique.append(reading)
            if unique.count == Self.maxReadings { break }
        }
        return unique.isEmpty ? [Reading(text: String(decoding: typed, as: UTF8.self), score: Self.unknownScore)] : unique
    }

    private func twoWords(_ left: ArraySlice<UInt8>, _ right: ArraySlice<UInt8>) -> (text: String, score: Float)? {
        func usable(_ part: ArraySlice<UInt8>) -> Int? {
            guard part.count >= 2 || part.first == UInt8(ascii: "a") || part.first == UInt8(ascii: "i") else { return nil }
            return lexicon.index(of: part)
        }
        guard let a = usable(left), let b = usable(right) else { return nil }
        return ("\(lexicon.words[a]) \(lexicon.words[b])", lexicon.logProbability[a] + lexicon.logProbability[b])
    }

    /// Joins `ho me` into `home` when one word explains the pair better than two.
    private func mergeSplitWords(_ tokens: inout [CorrectionToken], _ words: inout [Word]) {
        var index = 0
        while index + 1 < words.count {
            let first = words[index], second = words[index + 1]
            guard second.tokenIndex == first.tokenIndex + 2, tokens[first.tokenIndex + 1].text == " ",
                  !(first.fixed && second.fixed) || (first.readings[0].score < -6 || second.readings[0].score < -6),
                  let merged = lexicon.index(of: tokens[first.tokenIndex].lowered + tokens[second.tokenIndex].lowered) else {
                index += 1
                continue
            }
            let separate = first.readings[0].score + second.readings[0].score
            let joined = lexicon.logProbability[merged] - TypoCostModel.spaceSlip
            guard joined > separate else {
                index += 1
                continue
            }
            let original = first.original + " " + second.original
            words[index] = Word(tokenIndex: first.tokenIndex, original: original,
                                readings: [Reading(text: lexicon.words[merged], score: joined),
                                           Reading(text: first.readings[0].text + " " + second.readings[0].text, score: separate)],
                                fixed: false)
            tokens[first.tokenIndex].text = original
            tokens[first.tokenIndex + 1].kind = .kept
            tokens[first.tokenIndex + 1].text = ""
            tokens[second.tokenIndex].kind = .kept
            tokens[second.tokenIndex].text = ""
            words.remove(at: index + 1)
            index += 1
        }
    }

    // MARK: Variations

    /// A change from the best reading: word `word` takes reading `reading`, losing `loss`.
    private struct Variant {
        var word: Int
        var reading: Reading
        var loss: Float
    }

    private func compose(_ tokens: [CorrectionToken], _ words: [Word]) -> OfflineCorrection {
        var variants: [Variant] = []
        for (position, word) in words.enumerated() where !word.fixed {
            for reading in word.readings.dropFirst() {
                variants.append(Variant(word: position, reading: reading, loss: word.readings[0].score - reading.score))
            }
        }
        if variants.count < 2 { variants += realWordVariants(tokens, words) }
        variants.sort { $0.loss < $1.loss }

        let best = words.map { $0.readings[0].text }
        let direct = render(tokens, words, best, refined: false)
        var texts = [direct]
        var keys: Set<String> = [Self.distinctnessKey(direct)]
        var remaining = variants[...]
        func nextDistinct(_ candidate: String?) -> String? {
            if let candidate, keys.insert(Self.distinctnessKey(candidate)).inserted { return candidate }
            while let variant = remaining.popFirst() {
                var choice = best
                choice[variant.word] = variant.reading.text
                let text = render(tokens, words, choice, refined: true)
                if keys.insert(Self.distinctnessKey(text)).inserted { return text }
            }
            return nil
        }
        if let refined = nextDistinct(render(tokens, words, best, refined: true)) { texts.append(refined) }
        if let alternative = nextDistinct(nil) { texts.append(alternative) }

        let kinds: [TextVariation.Kind] = [.direct, .refined, .alternative]
        let variations = zip(texts, kinds).map { TextVariation(text: $0, kind: $1) }
        let issues: [VariationIssue] = variations.count == 3 ? [] : [.count(expected: 3, found: variations.count)]
        let set = VariationSet(variations: variations, source: .offline, issues: issues)
        return OfflineCorrection(variations: set, words: words.map(wordCorrection))
    }

    /// Readings of correctly typed words that are other common words one slip away
    /// (`hoe` for `home`): only for the alternative, never for the direct correction.
    private func realWordVariants(_ tokens: [CorrectionToken], _ words: [Word]) -> [Variant] {
        var variants: [Variant] = []
        for (position, word) in words.enumerated() where word.fixed {
            let lowered = tokens[word.tokenIndex].lowered
            guard lowered.count >= 2, !lowered.contains(0x27), lexicon.index(of: lowered) != nil else { continue }
            let own = word.readings[0].score
            for candidate in lexicon.candidates(for: lowered, maxCost: 1.3, model: model) where lexicon.words[candidate.word].utf8.elementsEqual(lowered) == false {
                let score = lexicon.logProbability[candidate.word] - candidate.cost
                variants.append(Variant(word: position, reading: Reading(text: lexicon.words[candidate.word], score: score), loss: own - score))
            }
        }
        return variants
    }

    private func wordCorrection(_ word: Word) -> WordCorrection {
        let best = word.readings[0]
        var total: Double = 0
        for reading in word.readings { total += decimalPower(Double(reading.score - best.score)) }
        let corrected = word.fixed ? word.original : Self.matchCase(best.text, to: word.original)
        return WordCorrection(original: word.original, corrected: corrected, confidence: word.fixed ? 1 : 1 / total,
                              alternatives: word.readings.dropFirst().map { Self.matchCase($0.text, to: word.original) })
    }

    // MARK: Rendering

    /// The text with word `i` read as `choice[i]`; `refined` adds capitals, `I`,
    /// contractions, single spaces and final punctuation.
    private func render(_ tokens: [CorrectionToken], _ words: [Word], _ choice: [String], refined: Bool) -> String {
        var pieces: [(kind: CorrectionToken.Kind, text: String)] = tokens.map { ($0.kind, $0.text) }
        for (position, word) in words.enumerated() {
            let token = tokens[word.tokenIndex]
            var text = word.fixed && choice[position] == word.readings[0].text ? token.text : Self.matchCase(choice[position], to: word.original)
            if refined {
                text = text.split(separator: " ").map { Self.refine(String($0)) }.joined(separator: " ")
                if token.startsSentence { text = Self.capitalized(text) }
            }
            pieces[word.tokenIndex].text = text
        }
        guard refined else { return pieces.map(\.text).joined() }
        var output = ""
        for (index, piece) in pieces.enumerated() {
            switch piece.kind {
            case .space:
                let next = pieces[(index + 1)...].first { !$0.text.isEmpty }
                if let first = next?.text.first, ",.!?;:".contains(first), next?.kind == .kept { continue }
                output += piece.text.contains(where: \.isNewline) ? piece.text : " "
            default:
                output += piece.text
            }
        }
        while output.last?.isWhitespace == true { output.removeLast() }
        if let last = output.last, last.isLetter || last.isNumber {
            let lastSentence = output.split(whereSeparator: { ".!?\n".contains($0) }).last ?? ""
            let firstWord = lastSentence.split(separator: " ").first.map { $0.lowercased() } ?? ""
            output += Contractions.questionWords.contains(firstWord) ? "?" : "."
        }
        return output
    }

    /// What must differ between two variations: the letters, their case and apostrophes,
    /// without other punctuation or white space ("i want" and "I want." differ, as do "dont"
    /// and "don't"; "I want" and "I want." do not).
    static func distinctnessKey(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "'" }))
    }

    private static func refine(_ word: String) -> String {
        let lowered = word.lowercased()
        if lowered == "i" { return "I" }
        if let contraction = Contractions.english[lowered] {
            return word.first?.isUppercase == true ? capitalized(contraction) : contraction
        }
        if lowered.hasPrefix("i'") { return "I" + word.dropFirst() }
        return word
    }

    /// `reading` with the case of `original`: capitalised, all capitals (2+ letters), or lower
    /// case (a stray capital inside a word is dropped).
    static func matchCase(_ reading: String, to original: String) -> String {
        let letters = original.filter(\.isLetter)
        if letters.count >= 2, letters.allSatisfy(\.isUppercase) { return reading.uppercased() }
        if original.first?.isUppercase == true { return capitalized(reading) }
        return reading
    }

    static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
