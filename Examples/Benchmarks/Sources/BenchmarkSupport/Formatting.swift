// How a benchmark prints its figures.

extension Double {
    /// The value with three decimals.
    public var formatted3: String {
        let scaled = (self * 1000).rounded()
        let whole = Int(scaled / 1000), fraction = Int(abs(scaled).truncatingRemainder(dividingBy: 1000))
        let digits = String(fraction)
        return "\(whole).\(String(repeating: "0", count: 3 - digits.count))\(digits)"
    }
}
