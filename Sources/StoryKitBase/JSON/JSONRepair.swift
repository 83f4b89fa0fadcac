/// A repair the tolerant parser made, with where it first made it and how many times.
///
/// JSON: `{"kind":"trailingComma","line":1,"column":9,"count":2}`.
public struct JSONRepair: Sendable, Hashable, Codable {
    /// What was repaired.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A Markdown code fence around the value was skipped.
        case codeFence
        /// Prose before or after the value was skipped.
        case surroundingText
        /// A comma before `]` or `}` was dropped.
        case trailingComma
        /// A 'single-quoted' string was read as a string.
        case singleQuotes
        /// A “curly-quoted” string was read as a string.
        case curlyQuotes
        /// An unquoted key (identifier characters) was read as a string.
        case unquotedKey
        /// A `//` or `/* */` comment was skipped.
        case comment
        /// `True`, `False` or `None` was read as `true`, `false` or `null`.
        case pythonLiteral
        /// A raw newline, carriage return or tab inside a string was kept as that character.
        case rawControlCharacter
        /// The input ended early: open strings, arrays and objects were closed.
        case truncated
        /// A member whose value never came (`"b"`, `"b":`) was dropped.
        case droppedIncompleteMember
        /// An incomplete literal (`tr`) was dropped, not completed.
        case droppedIncompleteLiteral
        /// An incomplete escape (`\`, `\u00`, half a surrogate pair) was dropped.
        case droppedIncompleteEscape
        /// A number cut short (`1.`, `2e`) was kept as far as it was valid.
        case truncatedNumber
        /// A string quoted with backticks was read as a string.
        case backtickQuotes
        /// A comma missing between two members or elements was supplied.
        case missingComma
        /// A `"` inside a string value that did not end it (`"She said "hi" to me"`) was
        /// kept as text.
        case unescapedQuote
    }

    /// What was repaired.
    public var kind: Kind
    /// Line of the first repair of this kind, from 1.
    public var line: Int
    /// Column of the first repair of this kind, from 1, in Unicode scalars.
    public var column: Int
    /// How many times this kind of repair was made.
    public var count: Int

    /// Creates a repair record.
    public init(kind: Kind, line: Int, column: Int, count: Int = 1) {
        self.kind = kind
        self.line = line
        self.column = column
        self.count = count
    }

    /// A list of repairs as JSON: `[{"kind","line","column","count"}, ...]`.
    static func json(_ repairs: [JSONRepair]) -> JSONValue {
        .array(
            repairs.map { repair in
                [
                    "kind": .string(repair.kind.rawValue), "line": .number(JSONNumber(repair.line)),
                    "column": .number(JSONNumber(repair.column)), "count": .number(JSONNumber(repair.count))
                ]
            })
    }
}
