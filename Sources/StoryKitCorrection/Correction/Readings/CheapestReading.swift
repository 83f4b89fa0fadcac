/// The cheapest of the readings offered, when one alone is cheapest: a reading made before
/// the lattice weighs the words around it is made only where nothing else is as near.
struct CheapestReading<Reading> {
    private var best: (reading: Reading, cost: TypoCostModel.Cost)?
    private var tied = false

    /// Offers `reading` at `cost`.
    mutating func offer(_ reading: Reading, cost: TypoCostModel.Cost) {
        if let current = best, current.cost <= cost {
            tied = tied || current.cost == cost
            return
        }
        best = (reading, cost)
        tied = false
    }

    /// The cheapest reading and its cost; `nil` when none was offered or two tie.
    var winner: (reading: Reading, cost: TypoCostModel.Cost)? { tied ? nil : best }
}
