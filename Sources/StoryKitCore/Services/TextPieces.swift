/// A text cut into pieces that each fit a correction prompt whole, so that a model corrects
/// all of a long text rather than the start the prompt had room for.
///
/// Cuts fall after a sentence's end (`.`, `!`, `?` or `…` followed by white space) or at a
/// line break, and only where a piece would not fit otherwise; a sentence too long for a
/// prompt on its own is cut at the last space that fits. A single word too long for any
/// prompt (a pasted `data:` URL) is a piece of its own, kept as typed. White space before the
/// first piece and after each is kept, so that corrected pieces join with the text's own
/// spacing.
///
/// Cutting is linear in the text and independent of the prompt's size: each sentence and
/// word is measured once, and token estimates of pieces cut after white space add up.
struct TextPieces {
    /// The white space before the first piece.
    private(set) var leading = ""
    /// The pieces' text, without the white space that followed each.
    private(set) var texts: [String] = []
    /// The white space after each piece in the text.
    private(set) var separators: [String] = []
    /// Whether each piece is kept as typed: one word longer than a prompt holds.
    private(set) var keptAsTyped: [Bool] = []
    /// Where each piece starts in the text, in UTF-8 bytes.
    private(set) var offsets: [Int] = []

    /// Cuts `text` into pieces of at most `budget` tokens as `tokens` estimates them.
    init(_ text: String, budget: Int, tokens: (Substring) -> Int) {
        let body = text.drop { $0.isWhitespace }
        leading = String(text[..<body.startIndex])
        guard !body.isEmpty else { return }
        // Most texts fit whole: one look instead of one per sentence.
        if tokens(body) <= budget {
            append(body, in: text, kept: false)
            return
        }
        var current = body.startIndex..<body.startIndex, currentTokens = 0
        func flush() {
            if !current.isEmpty { append(text[current], in: text, kept: false) }
            current = current.upperBound..<current.upperBound
            currentTokens = 0
        }
        /// Adds `chunk` (ending after its white space) to the current piece, or starts a new one.
        func add(_ chunk: Range<String.Index>, _ chunkTokens: Int) -> Bool {
            if currentTokens + chunkTokens <= budget {
                current = current.lowerBound..<chunk.upperBound
                currentTokens += chunkTokens
                return true
            }
            flush()
            guard chunkTokens <= budget else { return false }
            current = chunk
            currentTokens = chunkTokens
            return true
        }
        for sentence in Self.sentences(of: body) {
            if add(sentence, tokens(text[sentence])) { continue }
            for word in Self.words(of: text[sentence]) {
                if add(word, tokens(text[word])) { continue }
                append(text[word], in: text, kept: true)
                current = word.upperBound..<word.upperBound
            }
        }
        flush()
    }

    /// The corrected pieces joined with the text's own spacing.
    func join(_ corrected: [String]) -> String {
        leading + zip(corrected, separators).map { $0 + $1 }.joined()
    }

    private mutating func append(_ piece: Substring, in text: String, kept: Bool) {
        var end = piece.endIndex
        while end > piece.startIndex, text[text.index(before: end)].isWhitespace { end = text.index(before: end) }
        texts.append(String(text[piece.startIndex..<end]))
        separators.append(String(text[end..<piece.endIndex]))
        keptAsTyped.append(kept)
        offsets.append(text.utf8.distance(from: text.startIndex, to: piece.startIndex))
    }

    /// The text's sentences and lines, each with the white space after it.
    static func sentences(of text: Substring) -> [Range<String.Index>] {
        var sentences: [Range<String.Index>] = []
        var start = text.startIndex, ended = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if ended, !character.isWhitespace {
                sentences.append(start..<index)
                start = index
                ended = false
            }
            if character.isNewline || ".!?…".contains(character) {
                ended = true
            } else if !character.isWhitespace, !"\"'”’)]".contains(character) {
                // A closing quote or bracket belongs to the sentence it ends.
                ended = false
            }
            index = text.index(after: index)
        }
        if start < text.endIndex { sentences.append(start..<text.endIndex) }
        return sentences
    }

    /// The words of `text`, each with the white space after it.
    static func words(of text: Substring) -> [Range<String.Index>] {
        var words: [Range<String.Index>] = []
        var start = text.startIndex, index = text.startIndex, inSpace = false
        while index < text.endIndex {
            let isSpace = text[index].isWhitespace
            if inSpace, !isSpace {
                words.append(start..<index)
                start = index
            }
            inSpace = isSpace
            index = text.index(after: index)
        }
        if start < text.endIndex { words.append(start..<text.endIndex) }
        return words
    }
}
