extension Vocabulary {
    /// The words of `hero` the writer made: its name (whole, when it has up to
    /// ``maxPhraseWords`` words, and each of its words that no pack lists) and the words of its
    /// traits and appearance that no pack of `packs` lists. All are known words.
    public init(hero: Hero, packs: [LanguagePack] = [.english]) {
        self.init()
        let lists = packs.map(\.words.lexicon)
        addName(hero.name, lists: lists)
        for text in hero.traits + [hero.appearance] { addUnlisted(in: text, lists: lists, namesOnly: false) }
    }

    /// The words of `story` the writer made: those of its title that no pack lists, and the
    /// names in its pages (capitalised words inside a sentence that no pack lists).
    public init(story: Story, packs: [LanguagePack] = [.english]) {
        self.init()
        let lists = packs.map(\.words.lexicon)
        addUnlisted(in: story.title, lists: lists, namesOnly: false)
        for page in story.pages { addUnlisted(in: page, lists: lists, namesOnly: true) }
    }

    /// The words of `customEvent` the writer made: those of its title that no pack lists,
    /// and the names in its description.
    public init(customEvent: CustomEvent, packs: [LanguagePack] = [.english]) {
        self.init()
        let lists = packs.map(\.words.lexicon)
        addUnlisted(in: customEvent.title, lists: lists, namesOnly: false)
        addUnlisted(in: customEvent.description, lists: lists, namesOnly: true)
    }

    /// This vocabulary with the entries of `other` it lacks, up to ``maxEntries``.
    public func merging(_ other: Vocabulary) -> Vocabulary {
        var merged = self
        for entry in other.entries where merged.entries.count < Self.maxEntries {
            try? merged.add(entry.text, as: entry.use)
        }
        return merged
    }

    /// Adds a name whole, and each of its words no list holds.
    private mutating func addName(_ name: String, lists: [WordLexicon]) {
        let words = name.split(whereSeparator: \.isWhitespace)
        if words.count <= Self.maxPhraseWords { try? add(words.joined(separator: " "), as: .known) }
        addUnlisted(in: name, lists: lists, namesOnly: false)
    }

    /// Adds the words of `text` no list holds; with `namesOnly`, only capitalised ones that
    /// do not start a sentence. A word the corrector could not read is left out, as are
    /// words past ``maxEntries``.
    private mutating func addUnlisted(in text: String, lists: [WordLexicon], namesOnly: Bool) {
        var startsSentence = true
        for word in text.split(whereSeparator: \.isWhitespace) {
            defer { startsSentence = word.last.map { ".!?".contains($0) } ?? false }
            let letters = word.trimmingPunctuation
            guard letters.count >= 2, entries.count < Self.maxEntries,
                !namesOnly || (!startsSentence && letters.first?.isUppercase == true),
                let folded = LetterFolding.spellingKey(String(letters)),
                !lists.contains(where: { $0.index(of: folded) != nil })
            else { continue }
            try? add(String(letters), as: .known)
        }
    }
}

extension Substring {
    /// The word without the punctuation around it (`"Zorbax,"` → `Zorbax`).
    fileprivate var trimmingPunctuation: Substring {
        let isWordCharacter: (Character) -> Bool = { $0.isLetter || $0 == "'" || $0 == "-" }
        guard let first = firstIndex(where: isWordCharacter), let last = lastIndex(where: isWordCharacter) else {
            return ""
        }
        return self[first...last]
    }
}
