/// The words of one reading of the typed text, as lexicon indices (-1 for a word outside the
/// lexicon), held inline: a reading is one word, or two or three when spaces were missed
/// ("iwant"), and the corrector makes hundreds of readings per call.
struct ReadingWords: RandomAccessCollection, Equatable, Sendable {
    /// The most words a reading has.
    static let capacity = 3
    private var first: Int32, second: Int32 = -1, third: Int32 = -1
    let count: Int

    /// A reading of one word.
    init(_ word: Int32) {
        first = word
        count = 1
    }

    /// A reading of one to `capacity` words.
    init(_ words: [Int]) {
        precondition((1...Self.capacity).contains(words.count), "a reading has 1 to \(Self.capacity) words")
        first = Int32(words[0])
        if words.count > 1 { second = Int32(words[1]) }
        if words.count > 2 { third = Int32(words[2]) }
        count = words.count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Int32 {
        precondition(position >= 0 && position < count, "word \(position) of a reading of \(count)")
        switch position {
        case 0: return first
        case 1: return second
        default: return third
        }
    }
}
