/// A text cut into pieces that each fit a correction prompt whole, so that a model corrects
/// all of a long text rather than the start the prompt had room for.
///
/// Cuts fall after a sentence's end (`.`, `!`, `?` or `…` followed by white space) or at a
/// line break, and only where a piece would not fit otherwise; a sentence too long for a
/// prompt on its own is cut at the last space that fits. Each piece keeps the white space
/// that followed it, so that corrected pieces join with the text's own spacing.
struct TextPieces {
    /// The pieces' text, without the white space that followed each.
    private(set) var texts: [String] = []
    /// The white space after each piece in the text.
    private(set) var separators: [String] = []

    /// Cuts `text` into pieces for which `fits` is true; `nil` when even one word does not fit.
    init?(_ text: String, fits: (String) -> Bool) {
        // Most texts fit whole: one look instead of one per sentence.
        if fits(text) {
            append(text)
            return
        }
        var current = ""
        for sentence in Self.sentences(of: text) {
            if fits(current + sentence) {
                current += sentence
                continue
            }
            if !current.isEmpty { append(current) }
            current = sentence
            while !fits(current) {
                guard let cut = Self.longestFittingPrefix(of: current, fits: fits) else { return nil }
                append(String(current[..<cut]))
                current = String(current[cut...])
            }
        }
        if !current.isEmpty { append(current) }
    }

    /// The corrected pieces joined with the text's own spacing.
    func join(_ corrected: [String]) -> String {
        zip(corrected, separators).map { $0 + $1 }.joined()
    }

    private mutating func append(_ piece: String) {
        let trimmed = piece.reversed().drop { $0.isWhitespace }
        let text = String(trimmed.reversed())
        texts.append(text)
        separators.append(String(piece.dropFirst(text.count)))
    }

    /// The text's sentences and lines, each with the white space after it.
    static func sentences(of text: String) -> [String] {
        var sentences: [String] = []
        var current = ""
        var ended = false
        for character in text {
            if ended, !character.isWhitespace {
                sentences.append(current)
                current = ""
                ended = false
            }
            current.append(character)
            if character.isNewline || ".!?…".contains(character) {
                ended = true
            } else if !character.isWhitespace, !"\"'”’)]".contains(character) {
                // A closing quote or bracket belongs to the sentence it ends.
                ended = false
            }
        }
        if !current.isEmpty { sentences.append(current) }
        return sentences
    }

    /// The end of the longest prefix of `text` that ends before a space and fits.
    private static func longestFittingPrefix(of text: String, fits: (String) -> Bool) -> String.Index? {
        var cuts: [String.Index] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index].isWhitespace, next < text.endIndex, !text[next].isWhitespace { cuts.append(next) }
            index = next
        }
        // Binary search for the last cut whose prefix fits.
        var low = 0, high = cuts.count - 1, best: String.Index?
        while low <= high {
            let middle = (low + high) / 2
            if fits(String(text[..<cuts[middle]])) {
                best = cuts[middle]
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return best
    }
}
