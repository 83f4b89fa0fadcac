/// The check a model's story passes before anyone sees or saves it. Each page is checked as
/// it arrives (``pageIssues(_:index:earlier:)``): not empty, within the age group's words
/// (``AgeGroup/pageWords``), in the language asked for, free of markup, links, code fences,
/// JSON and prompt tags, not only a repeat of the inputs or of an earlier page, free of the
/// avoided words, the hero's name spelled as given. The whole story then
/// (``issues(title:pages:)``): the page count asked for and the hero present.
///
/// Every rule reads each page once, so the check costs time linear in the story (the
/// repeat rule compares a page with the earlier ones, and the pages are at most a few more
/// than asked for).
public struct StoryCheck: Sendable {
    /// The fewest words a page needs before its language is judged on its own; shorter pages
    /// are judged with the whole story.
    static let minimumWordsToTellLanguage = 25
    /// The longest title, in words.
    static let maxTitleWords = 12
    /// The fewest words of a sentence that may not be said twice.
    static let minimumRepeatedSentenceWords = 5
    /// The most times a run of three words may stand in one page.
    static let maxTimesOfAThreeWordRun = 2

    /// The brief the story was written for.
    public let brief: StoryBrief
    /// Tells a text's language (a primary subtag such as `"en"`), or `nil` when it cannot.
    private let languageOf: (@Sendable (String) -> String?)?
    private let inputKeys: Set<[UInt8]>
    private let avoidKeys: [[UInt8]: String]
    private let nameWords: [String]

    /// Creates a check for stories written for `brief`; `languageOf` tells a text's language
    /// (the offline corrector's teller), and without it the language rule is not applied.
    public init(brief: StoryBrief, languageOf: (@Sendable (String) -> String?)? = nil) {
        self.brief = brief
        self.languageOf = languageOf
        var inputs = [brief.hero.name, brief.hero.appearance, brief.theme] + brief.hero.traits
        if let event = brief.event { inputs += [event.title, event.description, event.promptSeed] }
        inputKeys = Set(inputs.flatMap { Self.words(in: $0).compactMap { FoldedWord.key($0) } })
        var avoid: [[UInt8]: String] = [:]
        for word in brief.avoidWords {
            if let key = FoldedWord.key(word) { avoid[key] = word }
        }
        avoidKeys = avoid
        nameWords = Self.words(in: brief.hero.name).map(String.init)
    }

    /// What is wrong with the title.
    public func titleIssues(_ title: String) -> [StoryIssue] {
        let words = Self.words(in: title)
        guard !words.isEmpty else { return [StoryIssue(.title, "the title is empty")] }
        var issues: [StoryIssue] = []
        if words.count > Self.maxTitleWords || title.unicodeScalars.count > 300 {
            issues.append(StoryIssue(.title, "the title has \(words.count) words, over \(Self.maxTitleWords)"))
        }
        issues += Self.syntaxIssues(title, page: nil, place: "the title")
        return issues
    }

    /// What is wrong with page `index` (from 0), given the pages before it.
    public func pageIssues(_ text: String, index: Int, earlier: [String]) -> [StoryIssue] {
        let place = "page \(index + 1)"
        let words = Self.words(in: text)
        guard !words.isEmpty else { return [StoryIssue(.emptyPage, page: index, "\(place) has no words")] }
        var issues = Self.syntaxIssues(text, page: index, place: place)
        let count = Self.wordCount(text, words: words, language: brief.language)
        let bounds = brief.ageGroup.pageWords
        if !bounds.contains(count) {
            issues.append(
                StoryIssue(
                    .pageLength, page: index,
                    "\(place) has \(count) words, not the \(bounds.lowerBound) to \(bounds.upperBound) of a page for ages \(brief.ageGroup)"
                ))
        }
        let keys = words.compactMap { FoldedWord.key($0) }
        let distinct = Set(keys)
        let new = distinct.subtracting(inputKeys).count
        if new < max(3, distinct.count / 5) {
            issues.append(
                StoryIssue(.repeatsInput, page: index, "\(place) only repeats the hero, the theme or the event"))
        }
        let pairs = Self.wordPairs(keys)
        for (earlierIndex, page) in earlier.enumerated() {
            let otherWords = Self.words(in: page)
            let other = Self.wordPairs(otherWords.compactMap { FoldedWord.key($0) })
            let shared = pairs.intersection(other).count
            let union = pairs.union(other).count
            if keys.count < 3 ? otherWords.elementsEqual(words) : union > 0 && shared * 5 >= union * 4 {
                issues.append(StoryIssue(.repeatsPage, page: index, "\(place) repeats page \(earlierIndex + 1)"))
                break
            }
        }
        if !issues.contains(where: { $0.rule == .repeatsItself }), Self.repeatsARun(keys) {
            issues.append(StoryIssue(.repeatsItself, page: index, "\(place) says the same words over and over"))
        }
        if let label = Self.label(in: text) {
            issues.append(StoryIssue(.label, page: index, "\(place) holds the label \"\(label)\""))
        }
        let repeatsWhole = issues.contains { $0.rule == .repeatsPage }
        issues += sentenceRepeats(text, index: index, earlier: earlier, place: place).filter {
            !(repeatsWhole && $0.rule == .repeatsPage)
        }
        for (word, key) in zip(words, words.map { FoldedWord.key($0) }) {
            guard let key else { continue }
            if let avoided = avoidKeys[key] {
                issues.append(StoryIssue(.avoidWord, page: index, "\(place) holds \"\(word)\" (avoided: \(avoided))"))
            }
        }
        issues += nameSpellingIssues(words, page: index, place: place)
        if count >= Self.minimumWordsToTellLanguage, let issue = languageIssue(text, page: index, place: place) {
            issues.append(issue)
        }
        return issues
    }

    /// What is wrong with the story as a whole, every page's issues included.
    public func issues(title: String, pages: [String]) -> [StoryIssue] {
        var issues = titleIssues(title)
        let expected = brief.length.pages
        if pages.count != expected {
            issues.append(StoryIssue(.pageCount, "the story has \(pages.count) pages, not the \(expected) asked for"))
        }
        // A reply of far more pages than asked is refused by its count; its pages are not
        // compared with each other.
        let comparable = pages.count <= expected + 2
        for (index, page) in pages.enumerated() {
            issues += pageIssues(page, index: index, earlier: comparable ? Array(pages[..<index]) : [])
        }
        if let first = nameWords.first, !pages.contains(where: { Self.words(in: $0).contains { $0 == first } }) {
            issues.append(StoryIssue(.heroMissing, "the hero \(brief.hero.name) is not in the story"))
        }
        if !pages.isEmpty, let issue = languageIssue(pages.joined(separator: "\n\n"), page: nil, place: "the story") {
            issues.append(issue)
        }
        return issues
    }

    // MARK: The rules

    /// A word of `words` that is the hero's name by the corrector's folding but spelled
    /// otherwise (`Oisin` for `Oisín`); a change of case alone is allowed.
    private func nameSpellingIssues(_ words: [Substring], page: Int, place: String) -> [StoryIssue] {
        var issues: [StoryIssue] = []
        for name in nameWords {
            guard let nameKey = FoldedWord.key(name) else { continue }
            let lowerName = name.lowercased()
            for word in words where word.lowercased() != lowerName && FoldedWord.key(word) == nameKey {
                issues.append(StoryIssue(.heroNameSpelling, page: page, "\(place) writes \"\(word)\" for \"\(name)\""))
                return issues
            }
        }
        return issues
    }

    /// A sentence of at least ``minimumRepeatedSentenceWords`` words said twice in the page,
    /// or said in an earlier page (the first found of each).
    private func sentenceRepeats(_ text: String, index: Int, earlier: [String], place: String) -> [StoryIssue] {
        var issues: [StoryIssue] = []
        var seen: Set<[UInt8]> = []
        let before = Set(earlier.flatMap(Self.sentenceKeys))
        var foundEarlier = false
        for key in Self.sentenceKeys(text) {
            if !seen.insert(key).inserted, !issues.contains(where: { $0.rule == .repeatsItself }) {
                issues.append(StoryIssue(.repeatsItself, page: index, "\(place) says a sentence twice"))
            }
            if !foundEarlier, before.contains(key) {
                foundEarlier = true
                issues.append(StoryIssue(.repeatsPage, page: index, "\(place) repeats a sentence of an earlier page"))
            }
        }
        return issues
    }

    /// Whether a run of three words stands more than ``maxTimesOfAThreeWordRun`` times.
    private static func repeatsARun(_ keys: [[UInt8]]) -> Bool {
        var counts: [[UInt8]: Int] = [:]
        for index in keys.indices.dropFirst(2) {
            let run = keys[index - 2] + [0x20] + keys[index - 1] + [0x20] + keys[index]
            counts[run, default: 0] += 1
            if counts[run]! > maxTimesOfAThreeWordRun { return true }
        }
        return false
    }

    /// A line that starts with a label of a reply's form (`Title:`, `Page 2:`, `Chapter 1`
    /// alone on its line), as the label.
    private static func label(in text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let start = line.drop { $0.isWhitespace || $0 == "*" || $0 == "#" }
            for name in ["Title", "Page", "Chapter"] where start.hasPrefix(name) {
                let rest = start.dropFirst(name.count).drop { $0 == " " }
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                let after = rest.dropFirst(digits.count).drop { $0 == "*" }
                if after.first == ":" || (!digits.isEmpty && (after.isEmpty || after.first == ".")) {
                    return digits.isEmpty ? name + ":" : "\(name) \(digits)"
                }
            }
        }
        return nil
    }

    /// Each sentence of `text` long enough to count as repeated, as its folded words.
    private static func sentenceKeys(_ text: String) -> [[UInt8]] {
        text.split { ".!?…\n".contains($0) }.compactMap { sentence in
            let keys = words(in: String(sentence)).compactMap { FoldedWord.key($0) }
            guard keys.count >= minimumRepeatedSentenceWords else { return nil }
            return Array(keys.joined(separator: [0x20]))
        }
    }

    private func languageIssue(_ text: String, page: Int?, place: String) -> StoryIssue? {
        guard let languageOf, let found = languageOf(text) else { return nil }
        let asked = brief.language.language
        guard found != asked else { return nil }
        return StoryIssue(.language, page: page, "\(place) reads as \"\(found)\", not the \"\(asked)\" asked for")
    }

    /// Markup, links, code fences, JSON and prompt tags, in one pass over the scalars.
    static func syntaxIssues(_ text: String, page: Int?, place: String) -> [StoryIssue] {
        var found: [StoryIssue.Rule: String] = [:]
        let scalars = Array(text.unicodeScalars)
        var lineStart = true
        var index = 0
        func starts(_ literal: String, at position: Int) -> Bool {
            var offset = position
            for scalar in literal.unicodeScalars {
                guard offset < scalars.count, scalars[offset] == scalar else { return false }
                offset += 1
            }
            return true
        }
        while index < scalars.count {
            let scalar = scalars[index]
            defer {
                lineStart = scalar == "\n" || (lineStart && scalar.properties.isWhitespace)
                index += 1
            }
            switch scalar {
            case "<", "\u{FF1C}":
                if let tag = tagName(scalars, after: index + 1) {
                    if PromptText.blockNames.contains(tag.lowercased()) {
                        found[.promptTag] = found[.promptTag] ?? "the prompt tag <\(tag)>"
                    } else {
                        found[.markup] = found[.markup] ?? "the tag <\(tag)>"
                    }
                }
            case "{", "}":
                found[.jsonFragment] = found[.jsonFragment] ?? "a brace"
            case "\"" where index + 1 < scalars.count && (scalars[index + 1] == ":" || scalars[index + 1] == "]"):
                found[.jsonFragment] = found[.jsonFragment] ?? "JSON syntax"
            case "[" where index + 1 < scalars.count && scalars[index + 1] == "\"":
                found[.jsonFragment] = found[.jsonFragment] ?? "JSON syntax"
            case "\\":
                found[.jsonFragment] = found[.jsonFragment] ?? "a backslash escape"
            case "`" where starts("```", at: index), "~" where starts("~~~", at: index):
                found[.codeFence] = found[.codeFence] ?? "a code fence"
            case "h" where starts("http://", at: index) || starts("https://", at: index),
                "w" where starts("www.", at: index) && (index == 0 || !scalars[index - 1].properties.isAlphabetic):
                found[.link] = found[.link] ?? "a web address"
            case "]" where starts("](", at: index):
                found[.link] = found[.link] ?? "a Markdown link"
            case "*" where starts("**", at: index), "_" where starts("__", at: index):
                found[.markup] = found[.markup] ?? "Markdown emphasis"
            case "#" where lineStart:
                found[.markup] = found[.markup] ?? "a Markdown heading"
            default:
                break
            }
        }
        return StoryIssue.Rule.allCases.compactMap { rule in
            found[rule].map { StoryIssue(rule, page: page, "\(place) holds \($0)") }
        }
    }

    /// The name of a tag starting after a `<` at `start` (`/`, letters, digits, `_` or `-`,
    /// then space, `/` or `>`), or `nil` when the scalars there are no tag.
    private static func tagName(_ scalars: [Unicode.Scalar], after start: Int) -> String? {
        var index = start
        if index < scalars.count, scalars[index] == "/" { index += 1 }
        var name = String.UnicodeScalarView()
        while index < scalars.count, name.count <= 32 {
            let scalar = scalars[index]
            guard scalar.isASCII,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
            else { break }
            name.append(scalar)
            index += 1
        }
        guard let first = name.first, first.properties.isAlphabetic, index < scalars.count else { return nil }
        let next = scalars[index]
        guard next == ">" || next == "/" || next == " " else { return nil }
        return String(name)
    }

    /// The words of `text`: runs of letters, digits and marks.
    static func words(in text: String) -> [Substring] {
        var words: [Substring] = []
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let isWordCharacter = character.isLetter || character.isNumber
            if isWordCharacter, start == nil { start = index }
            if !isWordCharacter, let begin = start {
                words.append(text[begin..<index])
                start = nil
            }
            index = text.index(after: index)
        }
        if let begin = start { words.append(text[begin...]) }
        return words
    }

    /// The words a page holds, as the bounds count them: in a language written without
    /// spaces (Chinese, Japanese, Thai, Lao, Khmer, Burmese) two characters count as a word.
    static func wordCount(_ text: String, words: [Substring], language: LanguageTag) -> Int {
        let unspaced: Set<String> = ["zh", "ja", "th", "lo", "km", "my"]
        guard unspaced.contains(language.language) else { return words.count }
        return (words.reduce(0) { $0 + $1.count } + 1) / 2
    }

    /// The pairs of neighbouring words, for telling a page that repeats another.
    private static func wordPairs(_ keys: [[UInt8]]) -> Set<[UInt8]> {
        var pairs: Set<[UInt8]> = []
        for index in keys.indices.dropFirst() {
            pairs.insert(keys[index - 1] + [0x20] + keys[index])
        }
        return pairs
    }
}
