/// Writes the text read along a path through a `CorrectionLattice`: each reading in the case
/// of the word typed, contractions typed without their apostrophe restored, everything else as
/// typed. The refined form adds sentence capitals, `I`, `it's` where the next word calls for
/// it, the chosen spelling system, single spaces and final punctuation.
///
/// The offline corrector writes several paths per call that share most of their readings, so
/// each reading's text is worked out once per renderer; the text itself is assembled as
/// UTF-8 bytes.
struct CorrectionRenderer {
    let tokens: [CorrectionToken]
    /// The token index of each typed word.
    let positions: [Int]
    let lattice: CorrectionLattice
    /// The lexicon the readings' words come from.
    let lexicon: WordLexicon
    let variants: SpellingVariants
    /// The spelling the refined form writes.
    let spelling: SpellingSystem
    /// The language's rules: its contractions, capitalised words (`I`), names and `it's`, where it has them.
    let rules: LanguagePack.Rules
    /// The lexicon index of "its", which the refined form may write "it's".
    private let its: Int32
    /// The words of the pack's `surelyContractedBefore` by lexicon index.
    private let surelyContracted: [Int32: (written: String, followers: Set<String>)]
    /// Whether the text's apostrophes are typographic (`’`, as a phone's smart punctuation
    /// types them) and none is ASCII: a contraction restored is then written with one.
    private let writesTypographicApostrophes: Bool
    /// Whether a word of the text starts with a capital: its writer writes capitals.
    private let showsCapitals: Bool
    /// The texts of the options written so far, by `2 × option + (refined ? 1 : 0)`.
    private var written: [String?]

    init(
        tokens: [CorrectionToken], positions: [Int], lattice: CorrectionLattice, lexicon: WordLexicon,
        variants: SpellingVariants, spelling: SpellingSystem, rules: LanguagePack.Rules
    ) {
        self.tokens = tokens
        self.positions = positions
        self.lattice = lattice
        self.lexicon = lexicon
        self.variants = variants
        self.spelling = spelling
        self.rules = rules
        its = rules.contractedBefore.flatMap { lexicon.index(of: $0.typed.utf8) }.map(Int32.init) ?? -1
        var surelyContracted: [Int32: (written: String, followers: Set<String>)] = [:]
        for (typed, contraction) in rules.surelyContractedBefore {
            if let index = lexicon.index(of: typed.utf8) { surelyContracted[Int32(index)] = contraction }
        }
        self.surelyContracted = surelyContracted
        writesTypographicApostrophes = CorrectionToken.writeTypographicApostrophes(tokens)
        showsCapitals = tokens.contains { $0.kind == .word && $0.text.utf8.first?.isASCIIUppercase == true }
        written = Array(repeating: nil, count: 2 * lattice.options.count)
    }

    /// The text read along `path` (option indices in order, covering every typed word).
    mutating func text(along path: [Int], refined: Bool) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(tokens.reduce(8) { $0 + $1.text.utf8.count })
        var next = 0, index = 0
        while index < tokens.count {
            if next < path.count, positions[lattice.options[path[next]].start] == index {
                let option = path[next]
                if next + 1 < path.count, let contracted = contraction(option, before: path[next + 1], refined: refined)
                {
                    output.append(contentsOf: contracted.utf8)
                } else {
                    output.append(contentsOf: optionText(option, refined: refined).utf8)
                }
                // A merge swallows the space and the second typed word.
                index = positions[lattice.options[option].end - 1] + 1
                next += 1
                continue
            }
            let token = tokens[index]
            index += 1
            // An elided word starts its sentence with a capital (`l'école` is `L'école`).
            if refined, token.kind == .kept, token.startsSentence, !rules.elisions.isEmpty,
                token.text.unicodeScalars.last.map(LetterFolding.isApostrophe) == true
            {
                output.append(contentsOf: Self.capitalized(token.text).utf8)
                continue
            }
            // White space that carries a mark (a combining mark after a space is one character
            // with it) is kept as typed: tidying it would drop the mark.
            guard refined, token.kind == .space, token.isWhiteSpaceOnly else {
                output.append(contentsOf: token.text.utf8)
                continue
            }
            // No space before punctuation that follows a word ("word ," is "word,"); a line
            // break stays, any other run of white space is one space.
            if index < tokens.count, tokens[index].kind == .kept, Self.startsWithClosingPunctuation(tokens[index].text)
            {
                continue
            }
            if token.text != " ", token.breaksLine {
                output.append(contentsOf: token.text.utf8)
            } else {
                output.append(UInt8(ascii: " "))
            }
        }
        guard refined else { return String(decoding: output, as: UTF8.self) }
        guard output.allSatisfy({ $0 < 0x80 }) else { return finishedSentence(String(decoding: output, as: UTF8.self)) }
        // In ASCII each byte is a character ("\r\n", one character, is two white space bytes).
        while output.last?.isASCIIWhitespace == true { output.removeLast() }
        if let last = output.last, last.isASCIILetter || last.isASCIIDigit {
            output.append(contentsOf: finalMark(output).utf8)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The mark that ends the UTF-8 `text`'s last sentence: `?` after a question word, or
    /// after a Spanish `¿`; `!` after a `¡`; otherwise `.`.
    private func finalMark(_ text: [UInt8]) -> String {
        let first = Self.firstWordOfLastSentence(text)
        if first.hasPrefix("¿") { return "?" }
        if first.hasPrefix("¡") { return "!" }
        return rules.questionWords.contains(first) ? "?" : "."
    }

    /// The contraction option `index` is written as where the word after it (option `next`,
    /// after one space) calls for one, or nil: in every version, a word of the pack's
    /// `surelyContractedBefore` before one of its words (`ill tell` is `I'll tell`, `its a`
    /// `it's a`); in the refined one, also `its` before a word of `contractedBefore` (`its
    /// good`). A word the writer typed with capitals of their own stays, and so does one
    /// before a hyphened word (`its all-time high`).
    func contraction(_ index: Int, before next: Int, refined: Bool) -> String? {
        let option = lattice.options[index], following = lattice.options[next]
        guard option.span == 1, option.words.count == 1, option.words[0] >= 0, following.words[0] >= 0 else {
            return nil
        }
        let surely = surelyContracted[option.words[0]]
        guard surely != nil || (refined && option.words[0] == its), !tokens[positions[option.start]].keepsItsCase,
            positions[following.start] == positions[option.start] + 2, tokens[positions[option.start] + 1].isPlainSpace,
            !CorrectionToken.isFollowedByHyphen(tokens, at: positions[following.start])
        else { return nil }
        let follower = lexicon.words[Int(following.words[0])]
        let written: String
        if let surely, surely.followers.contains(follower) {
            written = surely.written
        } else if refined, option.words[0] == its, let contracted = rules.contractedBefore,
            contracted.followers.contains(follower)
        {
            written = contracted.written
        } else {
            return nil
        }
        let text = Self.matchCase(styled(written), to: typedText(option))
        return refined && tokens[positions[option.start]].startsSentence ? Self.capitalized(text) : text
    }

    /// `text` without white space at the end, and with its `finalMark` after a final letter or digit.
    private func finishedSentence(_ text: String) -> String {
        var text = text
        // White space carrying a mark (" \u{65F}", one character) is kept with its mark.
        while let last = text.last, last.unicodeScalars.allSatisfy(\.properties.isWhitespace) { text.removeLast() }
        if let last = text.last, last.isLetter || last.isNumber {
            text += finalMark(Array(text.utf8))
        }
        return text
    }

    /// The typed text an option reads ("ho me" for a merge); `asTyped`: as typed before a slip
    /// mended before reading (`don'y` for `don't`).
    func typedText(_ option: CorrectionLattice.Option, asTyped: Bool = false) -> String {
        func text(_ token: CorrectionToken) -> String { asTyped ? token.asTyped ?? token.text : token.text }
        return option.span == 1
            ? text(tokens[positions[option.start]])
            : (option.start..<option.end).map { text(tokens[positions[$0]]) }.joined(separator: " ")
    }

    /// The reading in lower case, words separated by a space; for a word left as typed outside
    /// the lexicon, the typed text.
    func readingText(_ option: CorrectionLattice.Option) -> String {
        option.text(in: lexicon) ?? typedText(option)
    }

    /// How an option is written: as typed when typed as meant (unless a stray capital crept
    /// in; a contraction gets its apostrophe back), otherwise the reading in the typed word's
    /// case.
    func writtenText(_ option: CorrectionLattice.Option) -> String {
        let typed = typedText(option)
        if option.isIdentity, tokens[positions[option.start]].keepsItsCase { return typed }
        // Shift held over two letters inside a sentence (`my FRiend`): both capitals are the
        // slip, so the word is written in lower case, not with its first capital left.
        let token = tokens[positions[option.start]]
        if option.span == 1, !token.startsSentence, Self.isShiftHeldOverTwoLetters(token.text) {
            return writtenText(option, typedAs: typed.lowercased())
        }
        let written = writtenText(option, typedAs: typed)
        // A name read from a slip takes its capital where the writer writes capitals.
        let takesNamesCapital = showsCapitals && written.utf8.first?.isASCIILowercase == true && readsAName(option)
        return restoresSkippedCapital(option, written) || takesNamesCapital ? Self.capitalized(written) : written
    }

    /// Whether `option` reads a typed word as one name of the pack (`ustralia` as `australia`),
    /// written with its capital. A part after a hyphen (`jiu-jitsu`) is no name's start.
    private func readsAName(_ option: CorrectionLattice.Option) -> Bool {
        let index = positions[option.start]
        guard !option.isIdentity, option.words.count == 1, option.words[0] >= 0, !rules.names.isEmpty,
            index == 0 || tokens[index - 1].kind != .kept || tokens[index - 1].text.utf8.last != UInt8(ascii: "-")
        else { return false }
        return rules.isName(lexicon.words[Int(option.words[0])])
    }

    /// Whether `written`, a sentence's first word typed in lower case, is read with a first
    /// letter the typed word lacks (`witching` read as `switching`) in a text that starts its
    /// other words' sentences, or its names, with capitals: the letter skipped was the capital.
    private func restoresSkippedCapital(_ option: CorrectionLattice.Option, _ written: String) -> Bool {
        let token = tokens[positions[option.start]]
        guard !option.isIdentity, option.span == 1, token.startsSentence, let first = token.text.utf8.first,
            first.isASCIILowercase, written.utf8.count == token.text.utf8.count + 1,
            written.utf8.dropFirst().elementsEqual(token.text.utf8)
        else { return false }
        return showsCapitals
    }

    /// Whether `typed` is two capitals and then only lower-case letters (`FRiend`, `THe`).
    static func isShiftHeldOverTwoLetters(_ typed: String) -> Bool {
        let bytes = Array(typed.utf8)
        return bytes.count >= 3 && bytes[0].isASCIIUppercase && bytes[1].isASCIIUppercase
            && bytes.dropFirst(2).allSatisfy(\.isASCIILowercase)
    }

    /// `writtenText` for an option whose typed text is taken to be `typed`.
    private func writtenText(_ option: CorrectionLattice.Option, typedAs typed: String) -> String {
        guard option.isIdentity else {
            // A mark pressed wrong is written with the mark meant, of the spelling it was
            // pressed for ("hâtte" is "hätte", not the commoner "hatte").
            let remarked =
                rules.foldsLetters && option.span == 1 && option.words.count == 1 && option.words[0] >= 0
                    && !typed.utf8.allSatisfy({ $0 < 0x80 })
                ? lexicon.spelling(of: Int(option.words[0]), markedWrongAs: typed.lowercased()) : nil
            return Self.matchCase(remarked ?? participle(option) ?? readingText(option), to: typed)
        }
        // With folded letters a word typed as meant is written as typed: its spelling is one
        // of the word's ("si" and "sí" are both words), only a stray capital goes; a word typed
        // without diacritics where the perfect calls for a participle is written as one.
        if rules.foldsLetters {
            if typed.utf8.allSatisfy({ $0 < 0x80 }), let participle = participle(option) {
                return Self.matchCase(participle, to: typed)
            }
            return Self.matchCase(typed.lowercased(), to: typed)
        }
        if let contraction = rules.contraction(of: tokens[positions[option.start]].lowered) {
            return Self.matchCase(styled(contraction), to: typed)
        }
        guard option.words[0] >= 0, !typed.utf8.contains(UInt8(ascii: "'")) else { return typed }
        return Self.matchCase(readingText(option), to: typed)
    }

    /// The past participle spelling (`raconté`) of a one-word reading that follows an
    /// auxiliary of the perfect (`a`, `ont`) as typed, perhaps with an adverb between (`n'a
    /// pas`); nil elsewhere, or when the word has no such spelling.
    private func participle(_ option: CorrectionLattice.Option) -> String? {
        guard !rules.perfectAuxiliaries.isEmpty, option.words.count == 1, option.words[0] >= 0,
            var previous = previousWord(before: positions[option.start])
        else { return nil }
        if rules.perfectAdverbs.contains(tokens[previous].lowered), let before = previousWord(before: previous) {
            previous = before
        }
        // An auxiliary follows its subject: a sentence's first "A" is "À" ("A cause de lui").
        guard !tokens[previous].startsSentence, rules.perfectAuxiliaries.contains(tokens[previous].text.lowercased())
        else { return nil }
        return lexicon.spellings(of: Int(option.words[0])).first { spelling in
            ["é", "ée", "és", "ées"].contains { spelling.hasSuffix($0) }
        }
    }

    /// The index of the word token just before token `index`, past the white space between
    /// them; nil when something else comes between or it starts the text.
    private func previousWord(before index: Int) -> Int? {
        var previous = index - 1
        while previous >= 0, tokens[previous].kind == .space { previous -= 1 }
        return previous >= 0 && previous < index - 1 && tokens[previous].kind == .word ? previous : nil
    }

    /// `writtenText` of option `index`, as already worked out when a path through it was written.
    func writtenText(option index: Int) -> String {
        written[2 * index] ?? writtenText(lattice.options[index])
    }

    /// `writtenText`, refined when asked: `I`, contractions, and a capital to start a sentence.
    private mutating func optionText(_ index: Int, refined: Bool) -> String {
        let slot = 2 * index + (refined ? 1 : 0)
        if let text = written[slot] { return text }
        let option = lattice.options[index]
        // The refined text starts from the direct one: both spell the reading out.
        var text = refined ? optionText(index, refined: false) : writtenText(option)
        if refined, text.utf8.first?.isASCIILowercase == true, readsAName(option) { text = Self.capitalized(text) }
        if refined, spelling != .keep, option.words.allSatisfy({ $0 >= 0 }),
            option.words.contains(where: { variants.spelling(of: Int($0), in: spelling) != Int($0) })
        {
            let respelt = option.words.map { lexicon.words[variants.spelling(of: Int($0), in: spelling)] }.joined(
                separator: " ")
            text = Self.matchCase(respelt, to: typedText(option))
        }
        if refined, rules.refinesWords {
            // Readings and the words typed as meant are ASCII letters, apostrophes and spaces.
            var refinedText: [UInt8] = []
            refinedText.reserveCapacity(text.utf8.count + 2)
            let bytes = text.utf8
            var start = bytes.startIndex
            while start < bytes.endIndex {
                guard bytes[start] != UInt8(ascii: " ") else {
                    start = bytes.index(after: start)
                    continue
                }
                let end = bytes[start...].firstIndex(of: UInt8(ascii: " ")) ?? bytes.endIndex
                if !refinedText.isEmpty { refinedText.append(UInt8(ascii: " ")) }
                refine(bytes[start..<end], into: &refinedText)
                start = end
            }
            text = String(decoding: refinedText, as: UTF8.self)
        }
        // A German noun is written with its capital; a word with capitals of its own
        // (`iPhone`) keeps them even at a sentence's start.
        if refined, !tokens[positions[option.start]].keepsItsCase,
            tokens[positions[option.start]].startsSentence
                || (rules.capitalisesNouns && option.words.count == 1 && option.words[0] >= 0
                    && lexicon.words[Int(option.words[0])].first?.isUppercase == true)
        {
            text = Self.capitalized(text)
        }
        written[slot] = text
        return text
    }

    /// Whether `text` starts with `,`, `.`, `!`, `?`, `;` or `:` as a character of its own.
    private static func startsWithClosingPunctuation(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), ",.!?;:".utf8.contains(first) else { return false }
        // A following non-ASCII scalar may combine with it into another character.
        guard let second = bytes.next(), second >= 0x80 else { return true }
        return text.first.map { ",.!?;:".contains($0) } ?? false
    }

    /// The first word (up to a space) of the UTF-8 text after the last `.`, `!`, `?` or line
    /// break, in lower case.
    private static func firstWordOfLastSentence(_ bytes: [UInt8]) -> String {
        var start = bytes.endIndex
        while start > bytes.startIndex, !".!?\n\r".utf8.contains(bytes[start - 1]) { start -= 1 }
        while start < bytes.endIndex, bytes[start] == UInt8(ascii: " ") { start += 1 }
        var end = start
        while end < bytes.endIndex, bytes[end] != UInt8(ascii: " ") { end += 1 }
        return String(decoding: bytes[start..<end].map(\.asciiLowercased), as: UTF8.self)
    }

    /// Appends one ASCII word of a reading as the refined variation writes it: a word always
    /// capitalised (`I`, also before an apostrophe: `I'm` for `i'm`), a contraction with its
    /// apostrophe (`dont` → `don't`).
    private func refine(_ word: Substring.UTF8View.SubSequence, into output: inout [UInt8]) {
        let first = word[word.startIndex]
        // The letters before an apostrophe, or all of them: `I` and `I'm` both capitalise `i`.
        let stem = word.prefix { $0 != 0x27 }
        let capitalised =
            stem.count <= rules.longestCapitalisedWord
            && rules.capitalisedWords.contains(stem.map { $0.asciiLowercased })
        if capitalised, stem.count == word.count {
            output.append(first.asciiUppercased)
            output.append(contentsOf: word.dropFirst())
            return
        }
        if let contraction = rules.contraction(of: word.lazy.map { $0.asciiLowercased }) {
            output.append(contentsOf: styled(first.isASCIIUppercase ? Self.capitalized(contraction) : contraction).utf8)
            return
        }
        output.append(capitalised ? first.asciiUppercased : first)
        output.append(contentsOf: word.dropFirst())
    }

    /// `contraction` (written with `'`) with the apostrophe the text uses.
    private func styled(_ contraction: String) -> String {
        guard writesTypographicApostrophes else { return contraction }
        return String(contraction.map { $0 == "'" ? "\u{2019}" : $0 })
    }

    /// `reading` with the case of `original`: capitalised, all capitals (2+ letters), or lower
    /// case (a stray capital inside a word is dropped).
    static func matchCase(_ reading: String, to original: String) -> String {
        guard reading.utf8.allSatisfy({ $0 < 0x80 }), original.utf8.allSatisfy({ $0 < 0x80 }) else {
            let letters = original.filter(\.isLetter)
            if letters.count >= 2, letters.allSatisfy(\.isUppercase) { return reading.uppercased() }
            return original.first?.isUppercase == true ? capitalized(reading) : reading
        }
        var letters = 0, capitals = 0
        for byte in original.utf8 where byte.isASCIILetter {
            letters += 1
            if byte.isASCIIUppercase { capitals += 1 }
        }
        if letters >= 2, capitals == letters {
            return String(decoding: reading.utf8.map { $0.isASCIILowercase ? $0 - 0x20 : $0 }, as: UTF8.self)
        }
        if original.utf8.first?.isASCIIUppercase == true { return capitalized(reading) }
        return reading
    }

    static func capitalized(_ text: String) -> String {
        guard let firstByte = text.utf8.first else { return text }
        guard firstByte < 0x80 else { return text.first!.uppercased() + text.dropFirst() }
        // An ASCII first character: a combining mark after it stays as it is.
        guard firstByte.isASCIILowercase else { return text }
        var bytes = Array(text.utf8)
        bytes[0] -= 0x20
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The words of `text` in lower case, one space apart, without punctuation: two versions
    /// with the same key read the same words ("I want to go home." and "i want to go home").
    static func wordKey(_ text: String) -> String {
        // Most text is ASCII: its bytes are its characters ("\r\n", one character, is no word's).
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWordKey(text.utf8) }
        var key = "", pendingSpace = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "'" {
                if pendingSpace, !key.isEmpty { key.append(" ") }
                pendingSpace = false
                key.append(character)
            } else {
                pendingSpace = true
            }
        }
        return key
    }

    /// `wordKey` of ASCII text, byte by byte.
    private static func asciiWordKey(_ text: String.UTF8View) -> String {
        var key: [UInt8] = []
        key.reserveCapacity(text.count)
        var pendingSpace = false
        for byte in text {
            if byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: "'") {
                if pendingSpace, !key.isEmpty { key.append(UInt8(ascii: " ")) }
                pendingSpace = false
                key.append(byte.asciiLowercased)
            } else {
                pendingSpace = true
            }
        }
        return String(decoding: key, as: UTF8.self)
    }
}
