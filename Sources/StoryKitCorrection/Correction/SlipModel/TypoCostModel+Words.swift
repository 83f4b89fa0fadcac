extension TypoCostModel {
    /// What typing `intended` as `typed` costs at least (both folded lower-case letters): the
    /// cheapest way through substitutions, extra and dropped letters and swaps, or `nil` when
    /// every way costs more than `limit`. For a short list of words (a writer's own), where
    /// the lexicon's automaton is not at hand.
    func cost(typing intended: [UInt8], as typed: [UInt8], limit: Cost) -> Cost? {
        let width = typed.count + 1
        guard abs(intended.count - typed.count) * Int(Self.droppedDoubleLetter) <= Int(limit) else { return nil }
        let unreachable = limit + 1
        // rows[i * width + j]: the cost of typing intended[..<i] as typed[..<j].
        var rows = [Cost](repeating: unreachable, count: (intended.count + 1) * width)
        rows[0] = 0
        for i in 0...intended.count {
            var rowBest = unreachable
            for j in 0...typed.count {
                var best = rows[i * width + j]
                if i > 0, j > 0 {
                    let step = intended[i - 1] == typed[j - 1] ? 0 : substitute(intended[i - 1], with: typed[j - 1])
                    best = min(best, rows[(i - 1) * width + j - 1] + step)
                }
                if j > 0 {
                    let previous = j > 1 ? typed[j - 2] : 0
                    let aimed = i < intended.count ? intended[i] : 0
                    let press =
                        typed[j - 1] == previous
                        ? Self.doubledPress : extra(typed[j - 1], after: previous, intended: aimed)
                    best = min(best, rows[i * width + j - 1] + press)
                }
                if i > 0 {
                    let before: UInt8 = i > 1 ? intended[i - 2] : 0
                    best = min(best, rows[(i - 1) * width + j] + Self.dropped(intended[i - 1], after: before))
                }
                if i > 1, j > 1, intended[i - 1] == typed[j - 2], intended[i - 2] == typed[j - 1] {
                    best = min(best, rows[(i - 2) * width + j - 2] + Self.swappedLetters)
                }
                rows[i * width + j] = min(best, unreachable)
                rowBest = min(rowBest, rows[i * width + j])
            }
            if rowBest > limit { return nil }
        }
        let total = rows[intended.count * width + typed.count]
        return total <= limit ? total : nil
    }
}
