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
/// scripts and correctly typed words are left alone. Profanity, slurs and sexual terms are
/// never offered as the reading of a slip (`NeverSuggestedWords`); typed as they are, they stay.
///
///     let correction = try OfflineCorrector().correct("i wnat to go hmoe")
///     correction.variations.variations.map(\.text)
///     // ["i want to go home", "I want to go home.", "I what to go home."]
public struct OfflineCorrector: Sendable {
    /// The longest input accepted, in UTF-8 bytes (the C ABI's `STORYKIT_MAX_CORRECTION_BYTES`).
    public static let maxInputBytes = 10_000
    /// The keyboard the text was typed on.
    public let layout: KeyboardLayout
    private let model: TypoCostModel
    private let language: WordPairModel
    private var lexicon: WordLexicon { language.lexicon }

    /// Creates a corrector for text typed on `layout`. The word lists are loaded once per
    /// process, on first use.
    public init(layout: KeyboardLayout = .qwerty) {
        self.layout = layout
        self.model = TypoCostModel.model(for: layout)
        self.language = WordPairModel.english
    }

    /// Corrects `text`.
    ///
    /// - Parameter includingWords: Whether to report each word's correction, confidence and
    ///   alternatives (`OfflineCorrection.words`); without them a call does less work.
    /// - Throws: `.invalidArgument` for text with nothing but white space (there is nothing
    ///   to correct: the correction service, the C ABI, Python and the CLI all refuse it);
    ///   `.limit` over `maxInputBytes`.
    public func correct(_ text: String, includingWords: Bool = true) throws(StoryKitError) -> OfflineCorrection {
        guard text.utf8.count <= Self.maxInputBytes else {
            throw StoryKitError(.limit, "the text is \(text.utf8.count) bytes, over the offline corrector's limit of \(Self.maxInputBytes)")
        }
        guard text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
            throw StoryKitError(.invalidArgument, "text must not be empty (it holds nothing but white space)")
        }
        let tokens = CorrectionToken.tokenize(text)
        let positions = tokens.indices.filter { tokens[$0].kind == .word }
        var options: [CorrectionLattice.Option] = []
        var breaksContext: [Bool] = []
        // A typed word has a handful of readings; growing the list from empty would copy it
        // at every doubling.
        options.reserveCapacity(8 * positions.count)
        breaksContext.reserveCapacity(positions.count)
        for (position, tokenIndex) in positions.enumerated() {
            let follows = position > 0 && positions[position - 1] + 2 == tokenIndex && tokens[tokenIndex - 1].isPlainSpace
            breaksContext.append(!follows)
            appendReadings(of: tokens[tokenIndex], at: position, to: &options)
            if follows {
                options += merging(tokens[positions[position - 1]], tokens[tokenIndex], at: position - 1)
            }
        }
        for index in options.indices where leavesSentenceUnfinished(options[index], tokens, positions) {
            options[index].channel -= Self.unfinishedSentencePenalty
        }
        let lattice = CorrectionLattice(positions: positions.count, options: options, breaksContext: breaksContext, model: language)
        return compose(tokens, positions, lattice, includingWords: includingWords)
    }

    // MARK: Readings

    /// The score of a word outside the lexicon left as typed.
    private static let unknownScore: Float = -12
    /// The score of a contraction typed with or without its apostrophe ("dont", "don't").
    private static let contractionScore: Float = -4
    /// What it costs to read a correctly spelt word as another word: most typed words are
    /// meant as typed, so a real-word slip needs strong support from the words around it.
    private static let realWordPenalty: Float = 1.5
    private static let realWordMaxCost: TypoCostModel.Cost = 16
    private static let maxReadings = 12
    /// The first search's reach.
    private static let nearCost: TypoCostModel.Cost = 20
    /// The dearest single slip: a word this close makes the readings that need two slips (far
    /// words, splits with a slip) moot.
    private static let singleSlipCost: TypoCostModel.Cost = 14
    private static let maxRealWordReadings = 4
    private static let maxMergeReadings = 3
    /// What it costs to read a slip as a word that leaves its sentence unfinished ("the.").
    private static let unfinishedSentencePenalty: Float = 4

    /// How far a reading may be from what was typed, by the length typed.
    private static func maxCost(_ length: Int) -> TypoCostModel.Cost {
        switch length {
        case ...2: 20
        case 3...4: 24
        case 5...7: 27
        default: 33
        }
    }

    /// Whether `option` reads a slip as a word that cannot end a sentence just before the `.`,
    /// `!` or `?` that ends it (not at the end of the text: the writer may not have finished).
    private func leavesSentenceUnfinished(_ option: CorrectionLattice.Option, _ tokens: [CorrectionToken], _ positions: [Int]) -> Bool {
        let tokenIndex = positions[option.end - 1]
        guard !option.isIdentity, tokenIndex + 1 < tokens.count, tokens[tokenIndex + 1].kind == .kept,
              let next = tokens[tokenIndex + 1].text.utf8.first,
              next == UInt8(ascii: ".") || next == UInt8(ascii: "!") || next == UInt8(ascii: "?"),
              let last = option.words.last, last >= 0 else { return false }
        return SentenceEndings.englishNeverLast.contains(lexicon.words[Int(last)])
    }

    /// Appends the readings of one typed word to `options` (no list of its own to copy).
    private func appendReadings(of token: CorrectionToken, at position: Int, to options: inout [CorrectionLattice.Option]) {
        let lowered = token.lowered
        func keep(score: Float, word: Int32 = -1) {
            options.append(CorrectionLattice.Option(start: position, span: 1, words: ReadingWords(word), channel: 0, outsideScore: score, isIdentity: true))
        }
        if lowered.contains(0x27) {
            let known = Contractions.english.values.contains(String(decoding: lowered, as: UTF8.self))
            return keep(score: known ? Self.contractionScore : Self.unknownScore)
        }
        if let index = lexicon.index(of: lowered) {
            keep(score: 0, word: Int32(index))
            // A capitalised word may be a name ("Ben" is not "been"), even at a sentence start.
            if lowered.count >= 2, token.text.utf8.first?.isASCIILowercase == true {
                appendRealWordReadings(at: position, known: index, to: &options)
            }
            return
        }
        if Contractions.titles.contains(token.text) { return keep(score: Self.contractionScore) }
        if Contractions.english(spelling: lowered) != nil { return keep(score: Self.contractionScore) }
        let isAcronym = token.text.utf8.count >= 2 && token.text.utf8.allSatisfy { !$0.isASCIILowercase }
        let isName = !token.startsSentence && token.text.utf8.first?.isASCIIUppercase == true
            && token.text.utf8.dropFirst().allSatisfy { !$0.isASCIIUppercase }
        if isAcronym || isName || lowered.count > 24 { return keep(score: Self.unknownScore) }
        let misspelt = misspeltReadings(of: lowered, at: position)
        if misspelt.isEmpty { keep(score: Self.unknownScore) } else { options += misspelt }
    }

    /// Dictionary words within reach of an unknown word, and two words when a space was
    /// missed or hit a neighbouring key.
    private func misspeltReadings(of typed: [UInt8], at position: Int) -> [CorrectionLattice.Option] {
        // Most slips are single and cheap: search near first, and seek readings that need two
        // slips (far words, splits with a slip) only when no single-slip word fits.
        var candidates = lexicon.candidates(for: typed, maxCost: min(Self.nearCost, Self.maxCost(typed.count)), model: model)
        let hasSingleSlipWord = candidates.contains(where: { $0.cost <= Self.singleSlipCost })
        if Self.maxCost(typed.count) > Self.nearCost, !hasSingleSlipWord {
            candidates = lexicon.candidates(for: typed, maxCost: Self.maxCost(typed.count), model: model)
        }
        var options = candidates.map {
            CorrectionLattice.Option(start: position, span: 1, words: ReadingWords(Int32($0.word)),
                                     channel: -TypoCostModel.logProbabilityCost($0.cost), isIdentity: false)
        }
        options += splitReadings(of: typed, at: position, withSlips: !hasSingleSlipWord)
        return strongest(options, limit: Self.maxReadings)
    }

    /// Appends the other words one cheap slip away from a correctly spelt word ("form" for "from").
    private func appendRealWordReadings(at position: Int, known: Int, to options: inout [CorrectionLattice.Option]) {
        let neighbours = RealWordNeighbours.neighbours(of: known, in: lexicon, layout: layout, model: model,
                                                        maxCost: Self.realWordMaxCost, limit: Self.maxRealWordReadings)
        for candidate in neighbours {
            options.append(CorrectionLattice.Option(start: position, span: 1, words: ReadingWords(Int32(candidate.word)),
                                                    channel: -TypoCostModel.logProbabilityCost(candidate.cost) - Self.realWordPenalty, isIdentity: false))
        }
    }

    /// Two typed words read as one: an extra space ("ho me" as "home"), also with a slip
    /// ("sumn mer" as "summer") when neither part is a word.
    private func merging(_ first: CorrectionToken, _ second: CorrectionToken, at position: Int) -> [CorrectionLattice.Option] {
        let joined = first.lowered + second.lowered
        // "I an" is two words, not "Ian"; "pla y" is one.
        guard standalone(first.lowered[...]) == nil || first.lowered.count >= 2,
              standalone(second.lowered[...]) == nil || second.lowered.count >= 2, joined.count <= 24, !joined.contains(0x27),
              !first.text.utf8.dropFirst().contains(where: \.isASCIIUppercase) && (first.startsSentence || first.text.utf8.first?.isASCIILowercase == true),
              !second.text.utf8.contains(where: \.isASCIIUppercase) else { return [] }
        func option(_ word: Int, cost: TypoCostModel.Cost) -> CorrectionLattice.Option {
            CorrectionLattice.Option(start: position, span: 2, words: ReadingWords(Int32(word)),
                                     channel: -TypoCostModel.logProbabilityCost(TypoCostModel.spaceSlip + cost), isIdentity: false)
        }
        if let index = lexicon.suggestibleIndex(of: joined) { return [option(index, cost: 0)] }
        // Two unknown parts: one word with a slip and a space in it ("favou urite").
        guard lexicon.index(of: first.lowered) == nil, lexicon.index(of: second.lowered) == nil else { return [] }
        let candidates = lexicon.candidates(for: joined, maxCost: Self.singleSlipCost, model: model)
        return strongest(candidates.map { option($0.word, cost: $0.cost) }, limit: Self.maxMergeReadings)
    }

    /// Readings of one typed word as several: a missed space ("iwant"), a space bar slip onto
    /// a bottom-row letter ("iwantbto"), and, when `withSlips`, the readings that need two
    /// slips: a missed space with a slip in one of the two words ("fogrow" as "to grow") and
    /// two missed spaces ("arrivedthismorning").
    private func splitReadings(of typed: [UInt8], at position: Int, withSlips: Bool) -> [CorrectionLattice.Option] {
        guard typed.count >= 3 else { return [] }
        var options: [CorrectionLattice.Option] = []
        func add(_ words: [Int], cost: TypoCostModel.Cost, penalty: Float = 0) {
            options.append(CorrectionLattice.Option(start: position, span: 1, words: ReadingWords(words),
                                                    channel: -TypoCostModel.logProbabilityCost(cost) - penalty, isIdentity: false))
        }
        // One part read with a slip beside a word kept as typed; a part typed as a word is
        // read as another only at a real word's penalty.
        func addSlipReadings(of part: ArraySlice<UInt8>, typedAs typedWord: Int?, beside kept: Int, keptFirst: Bool) {
            let penalty = typedWord == nil ? 0 : Self.realWordPenalty
            for candidate in lexicon.candidates(for: Array(part), maxCost: Self.singleSlipCost, model: model) where candidate.word != typedWord {
                add(keptFirst ? [kept, candidate.word] : [candidate.word, kept], cost: TypoCostModel.spaceSlip + candidate.cost, penalty: penalty)
            }
        }
        for cut in 1..<typed.count {
            let left = standalone(typed[..<cut]), right = standalone(typed[cut...])
            if let left, let right { add([left, right], cost: TypoCostModel.spaceSlip) }
            if cut + 1 < typed.count, layout.spaceBarNeighbours.contains(typed[cut]), let left, let right = standalone(typed[(cut + 1)...]) {
                add([left, right], cost: TypoCostModel.spaceSlip + TypoCostModel.neighbourSubstitution)
            }
            if withSlips, typed.count >= 4, cut >= 2, typed.count - cut >= 2 {
                if let left { addSlipReadings(of: typed[cut...], typedAs: right, beside: left, keptFirst: true) }
                if let right { addSlipReadings(of: typed[..<cut], typedAs: left, beside: right, keptFirst: false) }
            }
            if withSlips, typed.count >= 7, let left {
                for second in (cut + 1)..<typed.count {
                    if let middle = standalone(typed[cut..<second]), let last = standalone(typed[second...]) {
                        add([left, middle, last], cost: 2 * TypoCostModel.spaceSlip)
                    }
                }
            }
        }
        return options
    }

    /// The index of a part of a typed word that can stand as a word of its own: two letters or
    /// more, or `a` or `i`.
    private func standalone(_ part: ArraySlice<UInt8>) -> Int? {
        guard part.count >= 2 || part.first == UInt8(ascii: "a") || part.first == UInt8(ascii: "i") else { return nil }
        return lexicon.index(of: part)
    }

    /// The `limit` options likeliest on their own (slips and single-word frequencies), one per
    /// reading; of two as likely, the one whose text sorts first. The options read lexicon words.
    private func strongest(_ options: [CorrectionLattice.Option], limit: Int) -> [CorrectionLattice.Option] {
        // Closures that capture `self` copy the corrector (and its cost model) on each call.
        let lexicon = lexicon
        let scores = options.map { option in
            option.words.reduce(option.channel) { $0 + ($1 >= 0 ? lexicon.logProbability[Int($1)] : option.outsideScore) }
        }
        // Exact ties are rare: only they need the texts.
        let ranked = options.indices.sorted { a, b in
            scores[a] > scores[b] || (scores[a] == scores[b] && (options[a].text(in: lexicon) ?? "") < (options[b].text(in: lexicon) ?? ""))
        }
        var kept: [CorrectionLattice.Option] = []
        kept.reserveCapacity(min(limit, options.count))
        for index in ranked where !kept.contains(where: { $0.words == options[index].words }) {
            kept.append(options[index])
            if kept.count == limit { break }
        }
        return kept
    }

    // MARK: Variations

    private func compose(_ tokens: [CorrectionToken], _ positions: [Int], _ lattice: CorrectionLattice, includingWords: Bool) -> OfflineCorrection {
        let best = lattice.path()
        let bestScore = best.last.map(lattice.bestScore(through:)) ?? 0
        var onBest = [Bool](repeating: false, count: lattice.options.count)
        for option in best { onBest[option] = true }
        // Every other reading, by how much less likely the best path through it is.
        var variants: [(option: Int, loss: Float)] = []
        for option in lattice.options.indices where !onBest[option] {
            let loss = bestScore - lattice.bestScore(through: option)
            if loss.isFinite { variants.append((option, loss)) }
        }
        variants.sort { $0.loss < $1.loss || ($0.loss == $1.loss && $0.option < $1.option) }

        var renderer = CorrectionRenderer(tokens: tokens, positions: positions, lattice: lattice, lexicon: lexicon)
        let direct = renderer.text(along: best, refined: false)
        var texts = [direct]
        // At most three keys: a list compares faster than a set hashes.
        var keys = [CorrectionRenderer.distinctnessKey(direct)]
        var remaining = variants[...]
        func isDistinct(_ text: String) -> Bool {
            let key = CorrectionRenderer.distinctnessKey(text)
            guard !keys.contains(key) else { return false }
            keys.append(key)
            return true
        }
        func nextDistinct(_ candidate: String?) -> String? {
            if let candidate, isDistinct(candidate) { return candidate }
            while let variant = remaining.popFirst() {
                let text = renderer.text(along: lattice.path(through: variant.option), refined: true)
                if isDistinct(text) { return text }
            }
            return nil
        }
        if let refined = nextDistinct(renderer.text(along: best, refined: true)) { texts.append(refined) }
        if let alternative = nextDistinct(nil) { texts.append(alternative) }

        let kinds: [TextVariation.Kind] = [.direct, .refined, .alternative]
        let variations = zip(texts, kinds).map { TextVariation(text: $0, kind: $1) }
        let issues: [VariationIssue] = variations.count == 3 ? [] : [.count(expected: 3, found: variations.count)]
        let set = VariationSet(variations: variations, source: .offline, issues: issues)
        let words = includingWords ? best.map { wordCorrection(renderer, $0) } : nil
        return OfflineCorrection(variations: set, words: words)
    }

    /// What happened to the typed word(s) that option `chosen` reads, with its share of the
    /// probability of all readings starting there.
    private func wordCorrection(_ renderer: CorrectionRenderer, _ chosen: Int) -> WordCorrection {
        let lattice = renderer.lattice
        let option = lattice.options[chosen]
        let original = renderer.typedText(option)
        let corrected = renderer.writtenText(option: chosen)
        var rivals: [(index: Int, score: Float)] = []
        for rival in lattice.options(startingAt: option.start) where rival != chosen {
            let score = lattice.bestScore(through: rival)
            if score.isFinite { rivals.append((rival, score)) }
        }
        rivals.sort { $0.score > $1.score }
        let best = lattice.bestScore(through: chosen)
        var total: Double = 1
        for rival in rivals { total += decimalPower(Double(rival.score - best)) }
        return WordCorrection(original: original, corrected: corrected, confidence: 1 / total,
                              alternatives: rivals.prefix(3).map { CorrectionRenderer.matchCase(renderer.readingText(lattice.options[$0.index]), to: original) })
    }
}
