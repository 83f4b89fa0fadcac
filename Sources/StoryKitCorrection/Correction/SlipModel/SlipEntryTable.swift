/// The word letters that one slip lets a typed key (or pair of keys) stand for, by budget: for
/// each key and each budget from 0 to the dearest slip's cost, the letters whose slip costs at
/// most that budget, so that "which word letters can this be, within this budget" is one load.
/// The candidate search asks it which children of a trie node a slip can enter within what is
/// left of its budget (`TypoCostModel` builds the tables).
struct SlipEntryTable: Sendable {
    /// By key, `budgets` letter sets (bit 0: `a`); entry `b`: the letters within budget `b`.
    private let letterSets: [UInt32]
    /// The dearest slip's cost plus one: every budget from it up allows the same letters.
    private let budgets: Int

    /// The table for `keys` keys, where `cost(key, letter)` is what standing for word letter
    /// `letter` (0 for `a`) costs.
    init(keys: Int, cost: (_ key: Int, _ letter: Int) -> TypoCostModel.Cost) {
        var dearest: TypoCostModel.Cost = 0
        for key in 0..<keys {
            for letter in 0..<26 { dearest = max(dearest, cost(key, letter)) }
        }
        let budgets = Int(dearest) + 1
        var letterSets = [UInt32](repeating: 0, count: keys * budgets)
        for key in 0..<keys {
            for letter in 0..<26 {
                for budget in Int(cost(key, letter))..<budgets {
                    letterSets[key * budgets + budget] |= 1 << UInt32(letter)
                }
            }
        }
        self.letterSets = letterSets
        self.budgets = budgets
    }

    /// The letters that `key` can stand for at a cost of at most `budget`.
    @inline(__always)
    func letters(for key: Int, within budget: TypoCostModel.Cost) -> UInt32 {
        guard budget >= 0 else { return 0 }
        return letterSets[key &* budgets &+ min(Int(budget), budgets &- 1)]
    }
}
