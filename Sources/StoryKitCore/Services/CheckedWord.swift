/// A word of a text as the version check compares words: its letters and digits in lower
/// case with apostrophes dropped (`don't` is `dont`, as typed without one), where it stands,
/// and what its capitals and place say.
struct CheckedWord: Sendable {
    /// The word folded for comparing.
    let folded: String
    /// Where the word stands in its text.
    let range: Range<String.Index>
    /// Whether its first letter is a capital.
    let isCapitalised: Bool
    /// Whether a capital follows its first letter (`saiLed`).
    let hasInnerCapital: Bool
    /// Whether it begins the text, a line or a sentence (after `.`, `!`, `?` or `:`).
    let startsSentence: Bool
    /// Whether it holds a digit (`10`, `2pm`).
    let hasDigits: Bool

    /// The words of `text`: runs of letters, digits, marks and the apostrophes inside them.
    static func words(of text: String) -> [CheckedWord] {
        var words: [CheckedWord] = []
        var start: String.Index?
        var folded = ""
        var capitalised = false, innerCapital = false, digits = false
        var sentenceStart = true
        var index = text.startIndex
        func finish(at end: String.Index) {
            guard let begin = start else { return }
            if !folded.isEmpty {
                words.append(
                    CheckedWord(
                        folded: folded, range: begin..<end, isCapitalised: capitalised, hasInnerCapital: innerCapital,
                        startsSentence: sentenceStart, hasDigits: digits))
                sentenceStart = false
            }
            start = nil
            folded = ""
            capitalised = false
            innerCapital = false
            digits = false
        }
        while index < text.endIndex {
            let character = text[index]
            if character.isLetter || character.isNumber {
                if start == nil {
                    start = index
                    capitalised = character.isUppercase
                } else if character.isUppercase {
                    innerCapital = true
                }
                if character.isNumber { digits = true }
                folded += character.lowercased()
            } else if start != nil, character == "'" || character == "\u{2019}" {
                // Inside a word: dropped from the folded form, the word goes on.
            } else {
                finish(at: index)
                if ".!?:".contains(character) || character.isNewline { sentenceStart = true }
            }
            index = text.index(after: index)
        }
        finish(at: text.endIndex)
        return words
    }
}
