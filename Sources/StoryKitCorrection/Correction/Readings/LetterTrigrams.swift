/// The runs of three letters that a lexicon's words hold, a word's start and end counting as a
/// letter (`^ca`, `cat`, `at$`). A name follows its language's letters (`Yanni`, `Skura`); a
/// slip often makes a run no word has (`Jqpanese`, `Tpom`, `Frebch`), which says the capital
/// word is a word typed wrong rather than a name.
struct LetterTrigrams: Sendable {
    /// 26 letters and the word's edge.
    private static let symbols = 27
    private static let edge = 26
    /// Per run's last two symbols (`second * 27 + third`), the first symbols seen before them,
    /// one bit each: a state's letters in are or-ed in at once, not run by run.
    private var firstsBefore: [UInt32]

    /// The runs of every word of `automaton`, found from its states without spelling the words
    /// out: a run is a letter into a state, then two steps from it (or one step to a word's end).
    init(_ automaton: WordAutomaton) {
        firstsBefore = Array(repeating: 0, count: Self.symbols * Self.symbols)
        guard automaton.stateCount > 0 else { return }
        // The letters (bits 0-25) on the edges into each state; the root's is the word's start.
        var lettersInto = [UInt32](repeating: 0, count: automaton.stateCount)
        lettersInto[0] = 1 << UInt32(Self.edge)
        for index in 0..<automaton.stateCount {
            Self.forEachEdge(of: automaton.state(index), in: automaton) { letter, target in
                lettersInto[target] |= 1 << UInt32(letter)
            }
        }
        for index in 0..<automaton.stateCount where lettersInto[index] != 0 {
            let firsts = lettersInto[index]
            Self.forEachEdge(of: automaton.state(index), in: automaton) { second, target in
                let next = automaton.state(target)
                if next.isWord { insert(firsts, second, Self.edge) }
                Self.forEachEdge(of: next, in: automaton) { third, _ in insert(firsts, second, third) }
            }
        }
    }

    /// Whether `letters` (lower case, folded) hold a run of three, their start and end counted,
    /// that no word of the lexicon holds. Runs with a byte other than `a`-`z` are not judged.
    func hasUnseenRun(_ letters: [UInt8]) -> Bool {
        var symbols = [Self.edge]
        symbols.reserveCapacity(letters.count + 2)
        for letter in letters {
            symbols.append(letter.isASCIILowercase ? Int(letter - UInt8(ascii: "a")) : -1)
        }
        symbols.append(Self.edge)
        for start in 0..<(symbols.count - 2) {
            let first = symbols[start], second = symbols[start + 1], third = symbols[start + 2]
            guard first >= 0, second >= 0, third >= 0 else { continue }
            if firstsBefore[second * Self.symbols + third] & (1 << UInt32(first)) == 0 { return true }
        }
        return false
    }

    /// Marks the runs `first second third` for each `first` of the bits of `firsts`.
    private mutating func insert(_ firsts: UInt32, _ second: Int, _ third: Int) {
        firstsBefore[second * Self.symbols + third] |= firsts
    }

    /// Calls `body` with the letter (0 for `a`) and target state of each edge of `state`.
    private static func forEachEdge(
        of state: WordAutomaton.State, in automaton: WordAutomaton, _ body: (Int, Int) -> Void
    ) {
        var letters = state.childLetters
        var edge = state.firstEdge
        while letters != 0 {
            body(letters.trailingZeroBitCount, automaton.edge(edge).target)
            letters &= letters - 1
            edge += 1
        }
    }
}
