extension Vocabulary {
    /// The entries `text` holds as they are (letters folded, case aside), in the order of the
    /// text, each once: the writer's words a model is asked to keep and checked for.
    package func entries(typedIn text: String) -> [Entry] {
        guard !isEmpty else { return [] }
        let words = Self.foldedWords(of: text)
        var found: [Entry] = [], seen: Set<Int> = []
        for start in words.indices {
            for index in entries(startingWith: words[start]) where !seen.contains(index) {
                let entry = entries[index]
                if words[start...].starts(with: entry.folded) {
                    seen.insert(index)
                    found.append(entry)
                }
            }
        }
        return found
    }

    /// Whether `text` holds `entry`'s words in a row, as they are (folded, case aside).
    package static func holds(_ entry: Entry, in text: String) -> Bool {
        let words = foldedWords(of: text)
        return words.indices.contains { words[$0...].starts(with: entry.folded) }
    }

    /// The words of `text` (runs of letters and apostrophes), folded as entries are.
    private static func foldedWords(of text: String) -> [[UInt8]] {
        text.split { !($0.isLetter || $0 == "'" || $0 == "\u{2019}") }.map {
            LetterFolding.spellingKey(String($0)) ?? Array($0.lowercased().utf8)
        }
    }
}
