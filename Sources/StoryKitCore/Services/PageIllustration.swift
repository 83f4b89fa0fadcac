/// What became of one picture of a book: a page, or the hero's portrait that every page is
/// drawn from.
public struct PageIllustration: Sendable, Hashable {
    /// What happened to the picture in this call.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Drawn and saved in this call.
        case drawn
        /// Already in the store; not asked for again.
        case kept
        /// Asked for, and the service gave no picture: see ``PageIllustration/issue``.
        case failed
        /// Not asked for: the budget ran out, or the book stopped.
        case skipped
    }

    /// The page, from 0; `nil` for the hero's portrait.
    public var index: Int?
    /// What happened.
    public var status: Status
    /// The stable id of the picture: `<storyID>-page-<n>` (n from 1) or `<heroID>-avatar`.
    public var id: String
    /// The saved picture, for `drawn` and `kept`.
    public var illustration: Illustration?
    /// What the service said, for `failed`.
    public var issue: GenerationError?
    /// Why the picture was not asked for, for `skipped`.
    public var skipReason: String?

    /// Creates a result.
    public init(
        index: Int?, status: Status, id: String, illustration: Illustration? = nil, issue: GenerationError? = nil,
        skipReason: String? = nil
    ) {
        self.index = index
        self.status = status
        self.id = id
        self.illustration = illustration
        self.issue = issue
        self.skipReason = skipReason
    }

    /// `{"index":0,"status":"drawn","id":"s1-page-1","fileName":"s1-page-1.png","issue":null}`;
    /// `index` is null for the portrait, `fileName` null without a picture; the issue of a
    /// failed picture is the service's error (``GenerationError/json``), of a skipped one
    /// `{"kind":"skipped","message":"…"}`.
    public var json: JSONValue {
        let issueJSON: JSONValue =
            issue?.json ?? skipReason.map { ["kind": "skipped", "message": .string($0)] } ?? .null
        return [
            "index": index.map { .number(JSONNumber($0)) } ?? .null,
            "status": .string(status.rawValue),
            "id": .string(id),
            "fileName": illustration.map { .string($0.fileName) } ?? .null,
            "issue": issueJSON
        ]
    }
}
