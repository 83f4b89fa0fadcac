/// Every reading of every typed word, and the best ways through them: a second-order Viterbi
/// search over the readings that scores each by its slips and by how likely each of its words
/// is after the two words before it (`WordContextModel`). For a model without triples, where
/// only the word before counts, the search is first-order: the same paths and scores, from
/// one state per reading rather than one per pair of readings.
struct CorrectionLattice {
    /// One reading of one typed word, or of two typed words read as one ("ho me" as "home").
    struct Option {
        /// The first typed word it reads (a word position, not a token index).
        var start: Int
        /// How many typed words it reads: 1, or 2 for an extra space.
        var span: Int
        /// The reading's words as lexicon indices; -1 for a word outside the lexicon. Its text
        /// is worked out only when written (`text(in:)`), so that options stay plain values
        /// that the corrector copies, sorts and drops without reference counting.
        var words: ReadingWords
        /// log10 probability of the slips that turn the reading into what was typed.
        var channel: Float
        /// log10 probability used for a word outside the lexicon.
        var outsideScore: Float = -12
        /// Typed as meant.
        var isIdentity: Bool
        /// The listed word it counts as for the words after it, -1 for its own last word (a
        /// name the pairs know nothing of counts as the language's `nameContextWord`).
        var contextWord: Int32 = -1
        var end: Int { start + span }

        /// The word the next word's context reads after this reading.
        var lastContextWord: Int32 { contextWord >= 0 ? contextWord : words[words.count - 1] }

        /// The reading in lower case, words separated by a space; `nil` for a word outside
        /// the lexicon (left as typed).
        func text(in lexicon: WordLexicon) -> String? {
            guard words.allSatisfy({ $0 >= 0 }) else { return nil }
            return words.count == 1
                ? lexicon.words[Int(words[0])] : words.map { lexicon.words[Int($0)] }.joined(separator: " ")
        }
    }

    let options: [Option]
    /// Options by start position: those starting at `p` are
    /// `startingList[startingOffsets[p] ..< startingOffsets[p + 1]]`, in option order.
    private let startingList: [Int]
    private let startingOffsets: [Int]
    /// Options by end position, likewise.
    private let endingList: [Int]
    private let endingOffsets: [Int]
    /// Where each option is in `startingList` and in `endingList`, relative to its position's
    /// first entry; `endingRow` is 0 in a first-order search, whose states have one row.
    private var startingColumn: [Int]
    private var endingRow: [Int]
    /// The number of positions between words, from before the first to after the last.
    private let boundaries: Int
    /// `breaksContext[i]`: no word before position i counts as context (sentence start,
    /// punctuation, a kept token).
    private let breaksContext: [Bool]
    /// `contextAfterBreak[i]`: where context breaks before position i, the word that counts as
    /// the one before it there (a name kept as typed: the language's `nameContextWord`), or -1.
    private let contextAfterBreak: [Int32]
    private let model: WordContextModel
    /// Whether a state is an option alone: the model has no triples, so a step's score does
    /// not depend on the option two before.
    private let isFirstOrder: Bool
    /// The search runs over states, each an option and the option before it (-1 at the
    /// start), so that a word's score can see the two words before it (`WordContextModel`'s
    /// triples). The states of the options starting at position p begin at `stateStart[p]`:
    /// one row per option ending at p (a single row, for no option, at 0, or in a first-order
    /// search), one column per option starting at p.
    private var stateStart: [Int] = []
    /// The option of each state.
    private var stateOption: [Int] = []
    /// Best score of a path from the start through each state, and its previous state.
    private var forward: [Float] = []
    private var forwardLink: [Int] = []
    /// Best score of a path from after each state to the end, and its next state.
    private var backward: [Float] = []
    private var backwardLink: [Int] = []

    /// A lattice of `options` over `positions` typed words, decoded. `searchesSecondOrder`
    /// asks for the second-order search even where the model has no triples, to check that the
    /// first-order one finds the same.
    init(
        positions: Int, options: [Option], breaksContext: [Bool], contextAfterBreak: [Int32], model: WordContextModel,
        searchesSecondOrder: Bool = false
    ) {
        self.options = options
        self.breaksContext = breaksContext
        self.contextAfterBreak = contextAfterBreak
        self.model = model
        isFirstOrder = !model.hasTriples && !searchesSecondOrder
        boundaries = positions + 1
        (startingList, startingOffsets) = Self.grouped(options.indices, count: positions + 1) { options[$0].start }
        (endingList, endingOffsets) = Self.grouped(options.indices, count: positions + 1) { options[$0].end }
        startingColumn = [Int](repeating: 0, count: options.count)
        endingRow = [Int](repeating: 0, count: options.count)
        for position in 0..<boundaries {
            for column in startingRange(position) {
                startingColumn[startingList[column]] = column - startingOffsets[position]
            }
            for row in endingRange(position) where !isFirstOrder {
                endingRow[endingList[row]] = row - endingOffsets[position]
            }
        }
        decode()
    }

    /// `items` grouped by `key` (below `count`), keeping their order: a counting sort into one
    /// flat list, and where each key's group starts in it (plus its end).
    private static func grouped(_ items: Range<Int>, count: Int, key: (Int) -> Int) -> (list: [Int], offsets: [Int]) {
        var offsets = [Int](repeating: 0, count: count + 1)
        for item in items { offsets[key(item) + 1] += 1 }
        for group in 0..<count { offsets[group + 1] += offsets[group] }
        var next = offsets
        var list = [Int](repeating: 0, count: items.count)
        for item in items {
            let group = key(item)
            list[next[group]] = item
            next[group] += 1
        }
        return (list, offsets)
    }

    /// The options that start at `position`.
    func options(startingAt position: Int) -> ArraySlice<Int> { startingList[startingRange(position)] }

    /// Where the options starting and ending at `position` are in `startingList` and
    /// `endingList`. The passes below loop over these ranges rather than over slices, which
    /// would retain the lists once per slice.
    private func startingRange(_ position: Int) -> Range<Int> {
        startingOffsets[position]..<startingOffsets[position + 1]
    }
    private func endingRange(_ position: Int) -> Range<Int> { endingOffsets[position]..<endingOffsets[position + 1] }

    /// The rows of the states at `position`: the options ending there, or one row for none
    /// or for a first-order search.
    private func rowCount(_ position: Int) -> Int {
        position == 0 || isFirstOrder ? 1 : endingRange(position).count
    }

    /// The state of `option` after `previous` (an option ending where it starts, or -1 at 0).
    private func state(_ previous: Int, _ option: Int) -> Int {
        let position = options[option].start
        return stateStart[position] + (previous >= 0 ? endingRow[previous] : 0) * startingRange(position).count
            + startingColumn[option]
    }

    /// The two words before `position` that count as context, after option `previous` and,
    /// before it, `earlier` (option indices, or -1): -1 for none.
    @inline(__always)
    private func contextWords(at position: Int, after previous: Int, earlier: Int) -> (beforeLast: Int32, last: Int32) {
        guard position < positions else { return (-1, -1) }
        guard previous >= 0, !breaksContext[position] else { return (-1, contextAfterBreak[position]) }
        let words = options[previous].words
        if words.count > 1 { return (words[words.count - 2], words[words.count - 1]) }
        let start = options[previous].start
        let earlierWord =
            breaksContext[start] ? contextAfterBreak[start] : earlier >= 0 ? options[earlier].lastContextWord : -1
        return (earlierWord, options[previous].lastContextWord)
    }

    /// The score of `option`'s words after `previous` and, before it, `earlier` (option
    /// indices, or -1): each word given the two words before it, where they count as context.
    private func wordsScore(_ option: Option, after previous: Int, earlier: Int) -> Float {
        var (beforeLast, last) = contextWords(at: option.start, after: previous, earlier: earlier)
        var score: Float = 0
        for word in option.words {
            score +=
                word >= 0 ? model.logProbability(of: word, after: last, earlier: beforeLast) : option.outsideScore
            (beforeLast, last) = (last, word)
        }
        return score
    }

    private mutating func decode() {
        stateStart = [Int](repeating: 0, count: boundaries + 1)
        for position in 0..<boundaries {
            stateStart[position + 1] = stateStart[position] + rowCount(position) * startingRange(position).count
        }
        let stateCount = stateStart[boundaries]
        // Each state's option and, in a second-order search, its previous option.
        stateOption = [Int](repeating: -1, count: stateCount)
        var statePrevious = [Int](repeating: -1, count: isFirstOrder ? 0 : stateCount)
        for position in 0..<boundaries {
            let starting = startingRange(position)
            for row in 0..<rowCount(position) {
                for column in starting {
                    let index = stateStart[position] + row * starting.count + column - starting.lowerBound
                    stateOption[index] = startingList[column]
                    if position > 0, !isFirstOrder { statePrevious[index] = endingList[endingOffsets[position] + row] }
                }
            }
        }
        // The step from each state to each option starting where its option ends, scored once
        // here: both passes use each.
        var stepStart = [Int](repeating: 0, count: stateCount + 1)
        for index in 0..<stateCount {
            stepStart[index + 1] = stepStart[index] + startingRange(options[stateOption[index]].end).count
        }
        let steps =
            isFirstOrder
            ? firstOrderSteps(stepStart: stepStart)
            : secondOrderSteps(stepStart: stepStart, statePrevious: statePrevious)
        forward = [Float](repeating: -.infinity, count: stateCount)
        forwardLink = [Int](repeating: -1, count: stateCount)
        for option in startingList[startingRange(0)] {
            forward[state(-1, option)] = options[option].channel + wordsScore(options[option], after: -1, earlier: -1)
        }
        if isFirstOrder {
            // By where the options end, in the order of the options ending there: of equal
            // paths into a state, this keeps the one a second-order search would.
            for position in 1..<boundaries {
                for row in endingRange(position) { extendForward(from: state(-1, endingList[row]), steps, stepStart) }
            }
        } else {
            for index in 0..<stateCount { extendForward(from: index, steps, stepStart) }
        }
        backward = [Float](repeating: -.infinity, count: stateCount)
        backwardLink = [Int](repeating: -1, count: stateCount)
        for index in (0..<stateCount).reversed() {
            let option = stateOption[index]
            if options[option].end == boundaries - 1 {
                backward[index] = 0
                continue
            }
            var slot = stepStart[index]
            for next in states(after: option) {
                if backward[next] > -.infinity, steps[slot] + backward[next] > backward[index] {
                    backward[index] = steps[slot] + backward[next]
                    backwardLink[index] = next
                }
                slot += 1
            }
        }
    }

    /// The score of each step of a second-order search (from `stepStart[state]` on, one per
    /// option after the state's): the option's slips and its words after the state's two options.
    private func secondOrderSteps(stepStart: [Int], statePrevious: [Int]) -> [Float] {
        // A one-word option's score after an option depends on the option before that only
        // through a listed triple context: the pair scores, P(word | the word before), are
        // worked out once per pair of options, and each state looks its context up once and
        // backs off to them. (A pair score holds no triple: the state adds its context's.)
        var pairStart = [Int](repeating: 0, count: boundaries + 1)
        for position in 0..<boundaries {
            pairStart[position + 1] = pairStart[position] + endingRange(position).count * startingRange(position).count
        }
        var pairScores = [Float](repeating: 0, count: pairStart[boundaries])
        for position in 1..<boundaries {
            var slot = pairStart[position]
            for row in endingRange(position) {
                for column in startingRange(position) {
                    let next = options[startingList[column]]
                    if next.words.count == 1, next.words[0] >= 0 {
                        let last = contextWords(at: position, after: endingList[row], earlier: -1).last
                        pairScores[slot] = model.logProbability(of: next.words[0], after: last)
                    }
                    slot += 1
                }
            }
        }
        // Appended in slot order, state by state: a zeroed array would be written twice.
        var steps: [Float] = []
        steps.reserveCapacity(stepStart[stateOption.count])
        // The states of a row share the word two before the next: its run of triple contexts
        // is found once for them.
        var runEarlier: Int32 = -1, run = 0..<0
        for index in stateOption.indices {
            let option = stateOption[index], end = options[option].end
            let (earlier, last) = contextWords(at: end, after: option, earlier: statePrevious[index])
            if earlier != runEarlier {
                (runEarlier, run) = (earlier, model.tripleContexts(after: earlier))
            }
            let context = model.tripleContext(among: run, previous: last)
            let pairRow = pairStart[end] + endingRow[option] * startingRange(end).count
            for column in startingRange(end) {
                let next = options[startingList[column]]
                if next.words.count == 1, next.words[0] >= 0 {
                    let pairScore = pairScores[pairRow + column - startingOffsets[end]]
                    steps.append(
                        next.channel
                            + (context.map { model.logProbability(of: next.words[0], in: $0, pairScore: pairScore) }
                                ?? pairScore))
                } else {
                    steps.append(next.channel + wordsScore(next, after: option, earlier: statePrevious[index]))
                }
            }
        }
        return steps
    }

    /// The score of each step of a first-order search, whose states are the options: the next
    /// option's slips and its words after the state's option.
    private func firstOrderSteps(stepStart: [Int]) -> [Float] {
        var steps: [Float] = []
        steps.reserveCapacity(stepStart[stateOption.count])
        for option in stateOption {
            let end = options[option].end, last = contextWords(at: end, after: option, earlier: -1).last
            for column in startingRange(end) {
                let next = options[startingList[column]]
                steps.append(
                    next.channel
                        + (next.words.count == 1 && next.words[0] >= 0
                            ? model.logProbability(of: next.words[0], after: last)
                            : wordsScore(next, after: option, earlier: -1)))
            }
        }
        return steps
    }

    /// Extends the best path into state `index` by each step after it (`steps`, from
    /// `stepStart[index]`).
    @inline(__always)
    private mutating func extendForward(from index: Int, _ steps: [Float], _ stepStart: [Int]) {
        guard forward[index] > -.infinity else { return }
        var slot = stepStart[index]
        for next in states(after: stateOption[index]) {
            let score = forward[index] + steps[slot]
            if score > forward[next] {
                forward[next] = score
                forwardLink[next] = index
            }
            slot += 1
        }
    }

    /// The states that follow `option`, one per option starting where it ends, in the order
    /// of those options: a row of the states at its end.
    @inline(__always)
    private func states(after option: Int) -> Range<Int> {
        let end = options[option].end, columns = startingRange(end).count
        let first = stateStart[end] + endingRow[option] * columns
        return first..<first + columns
    }

    /// The states of `option`: one per option before it.
    private func states(of option: Int) -> StrideTo<Int> {
        let position = options[option].start, columns = startingRange(position).count
        let first = stateStart[position] + startingColumn[option]
        return stride(from: first, to: first + rowCount(position) * columns, by: columns)
    }

    /// The state of `option` on its best path.
    private func bestState(of option: Int) -> Int? {
        states(of: option).max { forward[$0] + backward[$0] < forward[$1] + backward[$1] }
    }

    /// The number of typed words.
    var positions: Int { boundaries - 1 }

    /// The score of the best path that goes through `option`.
    func bestScore(through option: Int) -> Float {
        guard let state = bestState(of: option) else { return -.infinity }
        return forward[state] + backward[state]
    }

    /// The best path through `option` (all options' best path when `nil`), in order.
    func path(through option: Int? = nil) -> [Int] {
        let through: Int?
        if let option {
            through = bestState(of: option)
        } else {
            let last = boundaries - 1
            through = endingList[endingRange(last)].flatMap { states(of: $0) }.max { forward[$0] < forward[$1] }
        }
        guard let through, forward[through] > -.infinity else { return [] }
        var statePath: [Int] = []
        statePath.reserveCapacity(boundaries)
        var link = through
        while link >= 0 {
            statePath.append(link)
            link = forwardLink[link]
        }
        statePath.reverse()
        link = backwardLink[through]
        while link >= 0 {
            statePath.append(link)
            link = backwardLink[link]
        }
        return statePath.map { stateOption[$0] }
    }
}
