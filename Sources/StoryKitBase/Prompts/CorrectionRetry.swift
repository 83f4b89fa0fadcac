/// What was wrong with a model's previous correction reply, for a retry prompt.
public struct CorrectionRetry: Sendable, Hashable {
    /// The problem with the previous reply.
    public enum Problem: String, Sendable, Hashable, CaseIterable {
        /// It did not have the number of versions asked for.
        case count
        /// Some versions were the same, or differed only in punctuation or spacing.
        case duplicates
        /// It was not a list or JSON object that could be read.
        case unparseable
        /// It stopped at the output limit, before its end.
        case truncated
        /// Its direct version changed what the writer wrote (words invented or lost, markup),
        /// so it could not be shown.
        case unfaithful
    }

    /// The previous reply, as the model gave it.
    public var previousReply: String
    /// What was wrong with it.
    public var problem: Problem

    /// Creates a retry description.
    public init(previousReply: String, problem: Problem) {
        self.previousReply = previousReply
        self.problem = problem
    }

    /// The retry for a parsed reply: `nil` when it has no count or duplicate issue.
    public init?(previousReply: String, issues: [VariationIssue]) {
        for issue in issues {
            switch issue {
            case .count: self.init(previousReply: previousReply, problem: .count)
            case .duplicate: self.init(previousReply: previousReply, problem: .duplicates)
            case .language, .split, .keptAsTyped, .unfaithful, .mended: continue
            }
            return
        }
        return nil
    }

    func explanation(count: Int, form: CorrectionPromptBuilder.Form) -> String {
        switch problem {
        case .count:
            "it did not have exactly \(count) version\(count == 1 ? "" : "s")."
        case .duplicates:
            "some versions were the same, or differed only in punctuation, capitalisation or spacing."
        case .unparseable:
            form == .numbered ? "it was not a numbered list." : "it was not the JSON object the schema describes."
        case .truncated:
            "it was cut off before its end. Give only the versions, nothing else."
        case .unfaithful:
            "its direct correction changed the writer's words. Fix only typing mistakes; keep every word the writer meant, and add none."
        }
    }
}
