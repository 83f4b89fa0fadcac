extension Vocabulary {
    /// The entries `text` holds as they are (letters folded, case aside), in the order of the
    /// text, each once: the writer's words a model is asked to keep and checked for.
    package func entries(typedIn text: String) -> [Int] {
        guard !isEmpty else { return [] }
        let words = Self.foldedWords(of: text)
        var found: [Int] = [], seen: Set<Int> = []
        for start in words.indices {
            for index in entries(startingWith: words[start]) where !seen.contains(index) {
                if Self.words(words, from: start, spell: foldedWords(at: index)) {
                    seen.insert(index)
                    found.append(index)
                }
            }
        }
        return found
    }

    /// The entries `text` holds, as the writer writes them: the words a prompt asks a model to keep.
    package func words(typedIn text: String) -> [String] {
        entries(typedIn: text).map { entries[$0].text }
    }

    /// Whether `text` holds the words of entry `index` in a row, as they are (folded, case aside).
    package func holds(entryAt index: Int, in text: String) -> Bool {
        let words = Self.foldedWords(of: text), entry = foldedWords(at: index)
        return words.indices.contains { Self.words(words, from: $0, spell: entry) }
    }

    /// Whether `words` from `start` on begin with `entry`'s words.
    private static func words(_ words: [[UInt8]], from start: Int, spell entry: [ArraySlice<UInt8>]) -> Bool {
        start + entry.count <= words.count && entry.indices.allSatisfy { words[start + $0].elementsEqual(entry[$0]) }
    }

    /// The words of `text` (runs of letters and apostrophes), folded as entries are.
    private static func foldedWords(of text: String) -> [[UInt8]] {
        text.split { !($0.isLetter || $0 == "'" || $0 == "\u{2019}") }.map {
            LetterFolding.spellingKey(String($0)) ?? Array($0.lowercased().utf8)
        }
    }
}
