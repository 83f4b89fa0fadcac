/// A child's age group such as `4-6` or `9-12`, from 2 to 12 years.
public struct AgeGroup: Sendable, Hashable, CustomStringConvertible {
    /// The youngest age of the group.
    public let youngest: Int
    /// The oldest age of the group.
    public let oldest: Int

    /// Parses `"4-6"` or a single age `"5"`; `nil` outside 2...12 or for a reversed range.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ (1...2).contains($0.utf8.count) && $0.utf8.allSatisfy(\.isASCIIDigit) }),
            let youngest = Int(parts[0]), let oldest = Int(parts[parts.count - 1]),
            (2...12).contains(youngest), (youngest...12).contains(oldest)
        else { return nil }
        self.youngest = youngest
        self.oldest = oldest
    }

    public var description: String { youngest == oldest ? "\(youngest)" : "\(youngest)-\(oldest)" }

    /// The writing rules for this age, by the youngest child in the group.
    var writingRules: String {
        switch youngest {
        case ..<6: "Use very short sentences and simple everyday words; gentle repetition is welcome."
        case 6..<9: "Use short sentences and simple vocabulary; a few new words are fine when the story explains them."
        default: "Use varied sentences and richer vocabulary; a little suspense is fine, but nothing frightening."
        }
    }

    /// The words a story page for this group may hold, by the youngest child: a picture
    /// book's page for the under-sixes (5 to 160 words), an early reader's (10 to 250), a
    /// chapter book's (15 to 400). A page outside them is refused by ``StoryCheck``.
    public var pageWords: ClosedRange<Int> {
        switch youngest {
        case ..<6: 5...160
        case 6..<9: 10...250
        default: 15...400
        }
    }
}
