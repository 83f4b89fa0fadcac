/// One page of a listing, in creation order (then by id).
public struct RecordPage<Record: Sendable>: Sendable {
    /// The records of this page.
    public var items: [Record]
    /// The id to pass as `after` for the next page; `nil` on the last page.
    public var nextAfter: String?
    /// Records of this page's span that could not be read; they do not stop the listing.
    public var problems: [StoreProblem]

    /// Creates a page.
    public init(items: [Record], nextAfter: String?, problems: [StoreProblem] = []) {
        self.items = items
        self.nextAfter = nextAfter
        self.problems = problems
    }
}
