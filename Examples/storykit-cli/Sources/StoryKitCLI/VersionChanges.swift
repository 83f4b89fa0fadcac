/// The words a version changes in the typed text, as runs (`wnat → want`) with the line each
/// starts on: what `correct --changes` prints instead of a long text twice over.
struct VersionChanges {
    /// One run of typed words replaced by the version's words (either side may be empty).
    struct Change: Equatable {
        var line: Int
        var typed: [Substring]
        var written: [Substring]
    }

    let changes: [Change]

    /// The changes that turn `typed` into `version`, word by word (words split at whitespace).
    init(typed: String, version: String) {
        let (typedWords, lines) = Self.words(of: typed)
        let writtenWords = Self.words(of: version).words
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in writtenWords.difference(from: typedWords) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var changes: [Change] = []
        var (typedIndex, writtenIndex) = (0, 0)
        while typedIndex < typedWords.count || writtenIndex < writtenWords.count {
            guard removed.contains(typedIndex) || inserted.contains(writtenIndex) else {
                typedIndex += 1
                writtenIndex += 1
                continue
            }
            let line = typedIndex < lines.count ? lines[typedIndex] : (lines.last ?? 1)
            var change = Change(line: line, typed: [], written: [])
            while removed.contains(typedIndex) {
                change.typed.append(typedWords[typedIndex])
                typedIndex += 1
            }
            while inserted.contains(writtenIndex) {
                change.written.append(writtenWords[writtenIndex])
                writtenIndex += 1
            }
            changes.append(change)
        }
        self.changes = changes
    }

    /// The lines `correct --changes` prints under a version's label.
    var lines: [String] {
        changes.map { change in
            let typed = change.typed.isEmpty ? "(nothing)" : change.typed.joined(separator: " ")
            let written = change.written.isEmpty ? "(nothing)" : change.written.joined(separator: " ")
            return "line \(change.line): \(typed) → \(written)"
        }
    }

    /// The words of `text` and the line (from 1) each is on.
    private static func words(of text: String) -> (words: [Substring], lines: [Int]) {
        var words: [Substring] = []
        var lines: [Int] = []
        var line = 1
        var start: String.Index?
        for index in text.indices {
            let character = text[index]
            if character.isWhitespace {
                if let wordStart = start {
                    words.append(text[wordStart..<index])
                    lines.append(line)
                    start = nil
                }
                if character.isNewline { line += 1 }
            } else if start == nil {
                start = index
            }
        }
        if let wordStart = start {
            words.append(text[wordStart...])
            lines.append(line)
        }
        return (words, lines)
    }
}
