/// How user text goes into a prompt: as data inside a delimited block that nothing in the
/// text can end, and cut at a word boundary with a visible marker when it is too long.
///
/// A block is `<name>` on a line of its own, the text, and `</name>` on a line of its own.
/// Inside the text, line breaks are normalised to `\n`, control characters other than tab and
/// line feed are dropped, and every `<` or `＜` that would start a tag with the name of one of
/// StoryKit's blocks (`</text>`, `< TEXT`, `<previous_reply`) becomes `‹`, so the only closing
/// tag in the block is the one StoryKit wrote. Quotes, backticks, fences and instructions in
/// the text stay as they are: they are data, and the instructions say so.
public enum PromptText {
    /// What replaces the cut-off end of over-long text.
    public static let truncationMarker = "[…]"

    /// The names of every block StoryKit writes; look-alikes of these are neutralised.
    package static let blockNames: Set<String> = [
        "text", "previous_reply", "hero", "hero_name", "hero_traits", "hero_appearance", "theme",
        "event", "event_title", "event_description", "prompt_seed", "custom_prompt", "page", "style", "keep",
        "story_so_far", "scene", "title"
    ]

    /// `text` as a delimited block named `name`.
    public static func block(_ name: String, _ text: String) -> String {
        "<\(name)>\n\(sanitized(text))\n</\(name)>"
    }

    /// `text` with normalised line breaks, without control characters, and with block-tag
    /// look-alikes neutralised.
    public static func sanitized(_ text: String) -> String {
        needsSanitizing(text) ? rewritten(text) : text
    }

    /// Whether any byte of `text` may need rewriting: a control character other than tab and
    /// line feed, `<`, or a scalar that starts with 0xC2 (C1 controls), 0xE2 (U+2028, U+2029)
    /// or 0xEF (`＜`). Most text has none, and is returned as it is.
    private static func needsSanitizing(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            bytes.contains { byte in
                (byte < 0x20 && byte != 0x09 && byte != 0x0A) || byte == 0x7F || byte == 0x3C
                    || byte == 0xC2 || byte == 0xE2 || byte == 0xEF
            }
        }
    }

    private static func rewritten(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        let input = Array(text.unicodeScalars)
        var index = 0
        while index < input.count {
            let scalar = input[index]
            index += 1
            switch scalar.value {
            case 0x0D:
                scalars.append("\n")
                if index < input.count, input[index] == "\n" { index += 1 }
            case 0x2028, 0x2029:
                scalars.append("\n")
            case 0x09, 0x0A:
                scalars.append(scalar)
            case 0x00...0x1F, 0x7F, 0x80...0x9F:
                continue
            case 0x3C, 0xFF1C:
                scalars.append(startsBlockTag(input, at: index) ? "\u{2039}" : scalar)
            default:
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Whether the scalars from `start` (just after a `<`) read `[ws] [/] [ws] name` followed
    /// by something that is not part of a name.
    private static func startsBlockTag(_ input: [Unicode.Scalar], at start: Int) -> Bool {
        var index = start
        func skipSpace() { while index < input.count, input[index].properties.isWhitespace { index += 1 } }
        skipSpace()
        if index < input.count, input[index] == "/" || input[index] == "\u{FF0F}" { index += 1 }
        skipSpace()
        var name = ""
        while index < input.count, name.unicodeScalars.count <= 20 {
            let scalar = input[index]
            guard scalar.properties.isAlphabetic || scalar == "_" || scalar == "-" || scalar == " " else { break }
            if scalar == " " {
                // `< previous reply>` still looks like the tag to a reader.
                name.unicodeScalars.append("_")
            } else {
                name += scalar == "-" ? "_" : String(scalar).lowercased()
            }
            index += 1
            if blockNames.contains(name) {
                let next = index < input.count ? input[index] : " "
                if !(next.properties.isAlphabetic || next == "_") { return true }
            }
        }
        return false
    }

    /// `text` on one line inside double quotes, for image models that take a single prompt:
    /// line breaks become spaces, control characters go, and double quotes become single
    /// quotes, so that the text cannot close the quotation.
    public static func quoted(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in sanitized(text).unicodeScalars {
            let replacement: Unicode.Scalar
            switch scalar {
            case "\n", "\t": replacement = " "
            case "\"", "\u{201C}", "\u{201D}", "\u{201E}", "\u{FF02}": replacement = "'"
            default: replacement = scalar
            }
            if replacement == " " {
                if lastWasSpace { continue }
                lastWasSpace = true
            } else {
                lastWasSpace = false
            }
            scalars.append(replacement)
        }
        var quoted = String(scalars)
        while quoted.last == " " { quoted.removeLast() }
        while quoted.first == " " { quoted.removeFirst() }
        return "\"\(quoted)\""
    }

    /// `text` cut so that it and the marker take at most `maxTokens`, at the last white space
    /// of the part that fits (or at a character boundary when the text has no spaces, as in
    /// Japanese), with ``truncationMarker`` appended; `nil` when the text already fits.
    public static func truncated(_ text: String, toTokens maxTokens: Int, estimator: TokenEstimator = TokenEstimator())
        -> String?
    {
        guard estimator.tokens(in: text) > maxTokens else { return nil }
        let budget = maxTokens - estimator.tokens(in: truncationMarker) - 1
        let scalars = text.unicodeScalars
        var end = text.utf8.index(
            text.startIndex, offsetBy: estimator.prefixLength(of: text, fittingTokens: max(0, budget)))
        // Never split a character (a letter and its accents, an emoji sequence).
        while end > text.startIndex, end.samePosition(in: text) == nil {
            end = scalars.index(before: end)
        }
        // Prefer the last white space in the second half of what fits.
        let half = text.utf8.distance(from: text.startIndex, to: end) / 2
        var probe = end
        while probe > text.startIndex, text.utf8.distance(from: text.startIndex, to: probe) > half {
            let before = text.index(before: probe)
            if text[before].isWhitespace {
                end = before
                break
            }
            probe = before
        }
        var kept = text[..<end]
        while kept.last?.isWhitespace == true { kept.removeLast() }
        guard let last = kept.unicodeScalars.last else { return truncationMarker }
        let cutAtSpace = end < text.endIndex && text[end].isWhitespace
        return String(kept) + (cutAtSpace || isSpaced(last) ? " " : "") + truncationMarker
    }

    /// Whether a script separates words with spaces, judged by its last scalar.
    private static func isSpaced(_ scalar: Unicode.Scalar) -> Bool {
        !(0x2E80...0x9FFF).contains(scalar.value) && !(0xAC00...0xD7AF).contains(scalar.value)
            && !(0xF900...0xFFEF).contains(scalar.value) && !(0x20000...0x3FFFF).contains(scalar.value)
    }
}
