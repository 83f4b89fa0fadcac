/// A story's plan: its title and one line per page, as ``StoryPagePromptBuilder`` asks a
/// model for it and the page prompts pass it on.
public struct StoryOutline: Sendable, Hashable {
    /// The story's title.
    public var title: String
    /// What happens on each page, at most one line a page; may be fewer than the pages.
    public var scenes: [String]

    /// Creates an outline.
    public init(title: String, scenes: [String]) {
        self.title = title
        self.scenes = scenes
    }

    /// Reads an outline reply: the first line that is not numbered is the title (a `Title:`
    /// label, Markdown emphasis, heading marks and quotes taken off), each numbered line a
    /// scene, the first `pages` kept. `nil` without a title or without a scene. Linear in the
    /// reply.
    public init?(reply: String, pages: Int) {
        var title: String?
        var scenes: [String] = []
        for rawLine in reply.split(whereSeparator: \.isNewline) {
            let line = Self.plain(Substring(rawLine))
            guard !line.isEmpty else { continue }
            if let scene = Self.numberedText(line) {
                if scenes.count < pages, !scene.isEmpty { scenes.append(scene) }
            } else if title == nil, scenes.isEmpty {
                title = Self.withoutLabel(line)
            }
        }
        guard let title, !title.isEmpty, !scenes.isEmpty else { return nil }
        self.init(title: title, scenes: scenes)
    }

    /// `line` without surrounding space, heading marks, emphasis and quotes.
    private static func plain(_ line: Substring) -> String {
        var text = line.drop { $0.isWhitespace || $0 == "#" || $0 == "*" || $0 == "_" }
        while let last = text.last, last.isWhitespace || last == "*" || last == "_" { text = text.dropLast() }
        let quotes: Set<Character> = ["\"", "“", "”", "«", "»", "'"]
        if let first = text.first, let last = text.last, text.count >= 2, quotes.contains(first), quotes.contains(last)
        {
            text = text.dropFirst().dropLast()
        }
        return String(text)
    }

    /// The text after `1.`, `2)` or `Page 3:`, or `nil` when `line` is not numbered.
    private static func numberedText(_ line: String) -> String? {
        var rest = Substring(line)
        for label in ["Page ", "page ", "Scene ", "scene "] where rest.hasPrefix(label) {
            rest = rest.dropFirst(label.count)
        }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 3 else { return nil }
        rest = rest.dropFirst(digits.count)
        guard let mark = rest.first, mark == "." || mark == ")" || mark == ":" else { return nil }
        return plain(rest.dropFirst())
    }

    /// `line` without a leading `Title:` label.
    private static func withoutLabel(_ line: String) -> String {
        for label in ["Title:", "title:", "TITLE:"] where line.hasPrefix(label) {
            return plain(line.dropFirst(label.count))
        }
        return line
    }
}
