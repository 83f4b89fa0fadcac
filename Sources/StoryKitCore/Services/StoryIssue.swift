/// Why a story, or one of its pages, cannot be shown to a child: the rule it broke, the
/// page (from 0) where it did, and what was found.
///
/// JSON: `{"rule":"promptTag","page":1,"detail":"page 2 holds the prompt tag <hero_name>"}`.
public struct StoryIssue: Sendable, Hashable, CustomStringConvertible {
    /// The rules ``StoryCheck`` applies.
    public enum Rule: String, Sendable, Hashable, CaseIterable {
        /// The reply was cut at its output limit.
        case truncated
        /// Nothing in the reply reads as a story (or as a title).
        case unreadable
        /// The title is empty, too long or holds markup.
        case title
        /// More or fewer pages than asked for.
        case pageCount
        /// A page with no words.
        case emptyPage
        /// A page outside the age group's word bounds (``AgeGroup/pageWords``).
        case pageLength
        /// A page (or the story) in another language than asked for.
        case language
        /// A tag of one of StoryKit's prompts (`<hero_name>`).
        case promptTag
        /// HTML or XML tags, Markdown headings or emphasis.
        case markup
        /// A web address.
        case link
        /// A code fence.
        case codeFence
        /// JSON syntax: braces, a quoted key, escapes.
        case jsonFragment
        /// A page that only repeats the hero, the theme or the event given.
        case repeatsInput
        /// A page that repeats an earlier page, or a sentence of one.
        case repeatsPage
        /// A page that says one sentence twice, or the same three words over and over.
        case repeatsItself
        /// A page that holds a label of the reply's form (`Title:`, `Page 2:`) rather than
        /// the story's prose.
        case label
        /// The hero's name is not in the story.
        case heroMissing
        /// The hero's name written with other letters or marks (`Oisin` for `Oisín`).
        case heroNameSpelling
        /// A word the host asked to keep out (`avoidWords`).
        case avoidWord
    }

    /// The rule broken.
    public var rule: Rule
    /// The page, from 0; `nil` for the story as a whole.
    public var page: Int?
    /// What was found, in a sentence.
    public var detail: String

    /// Creates an issue.
    public init(_ rule: Rule, page: Int? = nil, _ detail: String) {
        self.rule = rule
        self.page = page
        self.detail = detail
    }

    public var description: String { detail }

    /// The issue as JSON.
    public var json: JSONValue {
        [
            "rule": .string(rule.rawValue), "page": page.map { .number(JSONNumber($0)) } ?? .null,
            "detail": .string(detail)
        ]
    }
}
