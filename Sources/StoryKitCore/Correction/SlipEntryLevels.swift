/// The word letters that one slip lets a typed key (or pair of keys) stand for, sorted by the
/// slip's cost and kept as cumulative letter sets per key, so that "which word letters can this
/// be, within this budget" takes a few steps instead of 26. The candidate search asks it which
/// children of a trie node can still get a row within reach (`TypoCostModel` builds the tables).
struct SlipEntryLevels: Sendable {
    /// By key, up to 26 levels: each level's cost, and the letters (bit 0: `a`) at or below it.
    private let costs: [Float]
    private let letterSets: [UInt32]
    private let levelCounts: [UInt8]

    /// Levels for `keys` keys, where `cost(key, letter)` is what standing for word letter
    /// `letter` (0 for `a`) costs, infinite when it cannot.
    init(keys: Int, cost: (_ key: Int, _ letter: Int) -> Float) {
        var costs = [Float](repeating: .infinity, count: keys * 26)
        var letterSets = [UInt32](repeating: 0, count: keys * 26)
        var levelCounts = [UInt8](repeating: 0, count: keys)
        for key in 0..<keys {
            let base = key * 26
            var count = 0
            for letter in 0..<26 {
                let value = cost(key, letter)
                guard value.isFinite else { continue }
                // Insert in cost order, one level per distinct cost.
                var index = 0
                while index < count, costs[base + index] < value { index += 1 }
                if index == count || costs[base + index] != value {
                    for move in stride(from: count, to: index, by: -1) {
                        costs[base + move] = costs[base + move - 1]
                        letterSets[base + move] = letterSets[base + move - 1]
                    }
                    costs[base + index] = value
                    letterSets[base + index] = 0
                    count += 1
                }
                letterSets[base + index] |= 1 << UInt32(letter)
            }
            for index in stride(from: 1, to: count, by: 1) { letterSets[base + index] |= letterSets[base + index - 1] }
            levelCounts[key] = UInt8(count)
        }
        self.costs = costs
        self.letterSets = letterSets
        self.levelCounts = levelCounts
    }

    /// The letters that `key` can stand for at a cost of at most `budget`.
    @inline(__always)
    func letters(for key: Int, within budget: Float) -> UInt32 {
        let base = key * 26, end = base + Int(levelCounts[key])
        var index = base, letters: UInt32 = 0
        while index < end, costs[index] <= budget {
            letters = letterSets[index]
            index += 1
        }
        return letters
    }
}
