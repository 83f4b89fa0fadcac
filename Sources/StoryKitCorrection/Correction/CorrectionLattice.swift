/// Every reading of every typed word, and the best ways through them: a Viterbi search over
/// the readings that scores each by its slips and by how likely its words are after the
/// words before them (`WordPairModel`).
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
        var end: Int { start + span }

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
    /// The number of positions between words, from before the first to after the last.
    private let boundaries: Int
    /// `breaksContext[i]`: no word before position i counts as context (sentence start,
    /// punctuation, a kept token).
    private let breaksContext: [Bool]
    private let model: WordPairModel
    /// Best score of a path from the start through each option, and its previous option.
    private var forward: [Float] = []
    private var forwardLink: [Int] = []
    /// Best score of a path from after each option to the end, and its next option.
    private var backward: [Float] = []
    private var backwardLink: [Int] = []

    init(positions: Int, options: [Option], breaksContext: [Bool], model: WordPairModel) {
        self.options = options
        self.breaksContext = breaksContext
        self.model = model
        boundaries = positions + 1
        (startingList, startingOffsets) = Self.grouped(options.indices, count: positions + 1) { options[$0].start }
        (endingList, endingOffsets) = Self.grouped(options.indices, count: positions + 1) { options[$0].end }
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

    /// The options that end at `position`.
    private func options(endingAt position: Int) -> ArraySlice<Int> { endingList[endingRange(position)] }

    /// The option's own score: its slips and its words after one another.
    private func ownScore(_ option: Option) -> Float {
        var score = option.channel
        for index in option.words.indices.dropFirst() {
            score += wordScore(option.words[index], after: option.words[index - 1], option)
        }
        return score
    }

    private func wordScore(_ word: Int32, after previous: Int32, _ option: Option) -> Float {
        word >= 0 ? model.logProbability(of: word, after: previous) : option.outsideScore
    }

    /// The score of `option`'s first word after `previous` (an option index, or -1).
    private func transition(from previous: Int, to option: Option) -> Float {
        let context: Int32 = previous >= 0 && !breaksContext[option.start] ? options[previous].words.last ?? -1 : -1
        return wordScore(option.words[0], after: context, option)
    }

    /// Where the options starting and ending at `position` are in `startingList` and
    /// `endingList`. The passes below loop over these ranges rather than over slices, which
    /// would retain the lists once per slice.
    private func startingRange(_ position: Int) -> Range<Int> {
        startingOffsets[position]..<startingOffsets[position + 1]
    }
    private func endingRange(_ position: Int) -> Range<Int> { endingOffsets[position]..<endingOffsets[position + 1] }

    private mutating func decode() {
        let own = options.map(ownScore)
        // The transitions at each position, from every option ending there to every option
        // starting there: both passes use each once.
        var transitionStart = [Int](repeating: 0, count: boundaries + 1)
        for position in 0..<boundaries {
            transitionStart[position + 1] =
                transitionStart[position] + endingRange(position).count * startingRange(position).count
        }
        var transitions = [Float](repeating: 0, count: transitionStart[boundaries])
        for position in 1..<boundaries {
            var slot = transitionStart[position]
            for row in endingRange(position) {
                for column in startingRange(position) {
                    transitions[slot] = transition(from: endingList[row], to: options[startingList[column]])
                    slot += 1
                }
            }
        }
        forward = [Float](repeating: -.infinity, count: options.count)
        forwardLink = [Int](repeating: -1, count: options.count)
        for position in 0..<boundaries {
            let starting = startingRange(position), ending = endingRange(position)
            for column in starting.indices {
                let index = startingList[column]
                if position == 0 {
                    forward[index] = own[index] + transition(from: -1, to: options[index])
                    continue
                }
                for row in ending.indices {
                    let previous = endingList[row]
                    guard forward[previous] > -.infinity else { continue }
                    let score =
                        forward[previous]
                        + transitions[
                            transitionStart[position] + (row - ending.lowerBound) * starting.count
                                + (column - starting.lowerBound)] + own[index]
                    if score > forward[index] {
                        forward[index] = score
                        forwardLink[index] = previous
                    }
                }
            }
        }
        backward = [Float](repeating: -.infinity, count: options.count)
        backwardLink = [Int](repeating: -1, count: options.count)
        for position in (0..<boundaries).reversed() {
            let starting = startingRange(position), ending = endingRange(position)
            for row in ending.indices {
                let index = endingList[row]
                if position == boundaries - 1 {
                    backward[index] = 0
                    continue
                }
                for column in starting.indices {
                    let next = startingList[column]
                    guard backward[next] > -.infinity else { continue }
                    let score =
                        transitions[
                            transitionStart[position] + (row - ending.lowerBound) * starting.count
                                + (column - starting.lowerBound)] + own[next] + backward[next]
                    if score > backward[index] {
                        backward[index] = score
                        backwardLink[index] = next
                    }
                }
            }
        }
    }

    /// The number of typed words.
    var positions: Int { boundaries - 1 }

    /// The score of the best path that goes through `option`.
    func bestScore(through option: Int) -> Float { forward[option] + backward[option] }

    /// The best path through `option` (all options' best path when `nil`), in order.
    func path(through option: Int? = nil) -> [Int] {
        guard let through = option ?? options(endingAt: boundaries - 1).max(by: { forward[$0] < forward[$1] }) else {
            return []
        }
        var path: [Int] = []
        path.reserveCapacity(boundaries)
        var link = through
        while link >= 0 {
            path.append(link)
            link = forwardLink[link]
        }
        path.reverse()
        link = backwardLink[through]
        while link >= 0 {
            path.append(link)
            link = backwardLink[link]
        }
        return path
    }

}
