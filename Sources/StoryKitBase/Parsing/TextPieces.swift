/// A text cut into pieces that each fit a budget whole: a correction prompt, so that a model
/// corrects all of a long text rather than the start the prompt had room for, or the offline
/// corrector's piece size.
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
package struct TextPieces {
    /// The white space before the first piece.
    package private(set) var leading = ""
    /// The pieces' text, without the white space that followed each.
    package private(set) var texts: [String] = []
    /// The white space after each piece in the text.
    package private(set) var separators: [String] = []
    /// Whether each piece is kept as typed: one word longer than a prompt holds.
    package private(set) var keptAsTyped: [Bool] = []
    /// Where each piece starts in the text, in UTF-8 bytes.
    package private(set) var offsets: [Int] = []

    /// Cuts `text` into pieces of at most `budget` as `tokens` measures them (tokens, bytes).
    package init(_ text: String, budget: Int, tokens: (Substring) -> Int) {
        let firstVisible = text.unicodeScalars.firstIndex { !$0.properties.isWhitespace } ?? text.endIndex
        let body = text[firstVisible...]
        leading = String(text[..<firstVisible])
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
    package func join(_ corrected: [String]) -> String {
        leading + zip(corrected, separators).map { $0 + $1 }.joined()
    }

    private mutating func append(_ piece: Substring, in text: String, kept: Bool) {
        let (body, trailing) = VariationText.splitTrailingWhitespace(String(piece))
        texts.append(body)
        separators.append(trailing)
        keptAsTyped.append(kept)
        offsets.append(text.utf8.distance(from: text.startIndex, to: piece.startIndex))
    }

    /// The text's sentences and lines, each with the white space after it. Read by Unicode
    /// scalar, not by character: a long text is cut in time linear in its bytes.
    package static func sentences(of text: Substring) -> [Range<String.Index>] {
        var sentences: [Range<String.Index>] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex, ended = false
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let isSpace = scalar.properties.isWhitespace
            if ended, !isSpace, !isMark(scalar) {
                sentences.append(start..<index)
                start = index
                ended = false
            }
            if isLineBreak(scalar) || ".!?…".unicodeScalars.contains(scalar) {
                ended = true
            } else if !isSpace, !isMark(scalar), !"\"'”’)]".unicodeScalars.contains(scalar) {
                // A closing quote or bracket belongs to the sentence it ends.
                ended = false
            }
            index = scalars.index(after: index)
        }
        if start < scalars.endIndex { sentences.append(start..<scalars.endIndex) }
        return sentences
    }

    /// The words of `text`, each with the white space after it.
    package static func words(of text: Substring) -> [Range<String.Index>] {
        var words: [Range<String.Index>] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex, index = scalars.startIndex, inSpace = false
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let isSpace = scalar.properties.isWhitespace
            // A mark after white space belongs to it, as one character.
            if inSpace, !isSpace, !isMark(scalar) {
                words.append(start..<index)
                start = index
            }
            if !isMark(scalar) { inSpace = isSpace }
            index = scalars.index(after: index)
        }
        if start < scalars.endIndex { words.append(start..<scalars.endIndex) }
        return words
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// A combining mark or joiner, which stays with the scalar before it.
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value)
        }
    }
}
