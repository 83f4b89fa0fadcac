/// What a variation reply is checked against.
///
/// JSON (the `options_json` of `storykit_parse_variations`): `{"expected":3,"distinct":true}`.
public struct VariationOptions: Sendable, Hashable {
    /// The largest `expected` count accepted.
    public static let maxExpected = 100

    /// The most variations a reply may hold: ten times the largest count that can be asked
    /// for. A reply with more is no correction reply, and reading it would cost memory in
    /// proportion to a result nobody can use; it is refused with `.limit`.
    public static let maxVariations = 1000

    /// How many variations were asked for; another count is reported as a `count` issue.
    public var expected: Int
    /// Whether variations that differ only in case, punctuation or white space are reported
    /// as `duplicate` issues.
    public var distinct: Bool

    /// Creates options; the defaults are the corrector's: exactly 3, all distinct.
    public init(expected: Int = 3, distinct: Bool = true) {
        self.expected = expected
        self.distinct = distinct
    }
}
