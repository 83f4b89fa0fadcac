/// Contractions typed with a slip at their ending, mended before the words are read, for a
/// language whose pack lists contractions: the ending's letter pressed beside the key meant
/// (`don'y`, `I'k`, `It'z`, `wasn'f`) and the apostrophe typed after the word instead of inside
/// it (`Thats'`, `dont'`), or after a possessive's `s` (`Jessicas'`, `womens'`). A contraction
/// written with its apostrophe is no word of the list, so no slip has a reading of its own;
/// each is read only where one ending alone fits.
enum ContractionMending {
    /// `tokens` with such slips mended; a mended word keeps what was typed in `asTyped`.
    static func mend(
        _ tokens: inout [CorrectionToken], rules: LanguagePack.Rules, model: TypoCostModel, lexicon: WordLexicon
    ) {
        guard !rules.contractions.isEmpty else { return }
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            guard tokens[index].kind == .word, !tokens[index].keepsItsCase else { continue }
            if tokens[index].lowered.contains(0x27) {
                mendStem(&tokens[index], rules: rules, model: model, lexicon: lexicon)
                mendEnding(&tokens[index], rules: rules, model: model)
                splitPossessive(&tokens, at: index, rules: rules, lexicon: lexicon)
            } else if let apostrophe = apostropheFollowing(tokens, at: index) {
                let typed = tokens[index].text + String(apostrophe)
                if rules.contraction(of: tokens[index].lowered) != nil {
                    tokens[index].asTyped = typed
                } else if let cut = apostropheInside(tokens[index], rules: rules) {
                    // `shed'` is `she'd`, `its'` is `it's`: the letters are a word, the form a contraction.
                    tokens[index].insertApostrophe(apostrophe, after: cut)
                    tokens[index].asTyped = typed
                } else if let (stem, _) = possessiveStem(of: tokens[index].lowered, lexicon: lexicon) {
                    // `Jessicas'` is `Jessica's`: the plural it would be the possessive of is no word.
                    tokens[index].respell(as: String(tokens[index].text.dropLast()) + String(apostrophe) + "s")
                    tokens[index].asTyped = typed
                    tokens[index].lowered = stem + [0x27, UInt8(ascii: "s")]
                } else {
                    continue
                }
                tokens[index + 1].text.removeFirst()
                if tokens[index + 1].text.isEmpty { tokens.remove(at: index + 1) }
            }
        }
    }

    /// Puts back the apostrophe of a contraction of the pack's `capitalisedContractions` typed
    /// with a capital and without it, where the capital is the contraction's own (`Ill` is
    /// `I'll`: `I`'s) or the sentence's (`Lets go` is `Let's go`). A writer's own word stays.
    static func mendCapitalised(_ tokens: inout [CorrectionToken], rules: LanguagePack.Rules) {
        guard !rules.capitalisedContractions.isEmpty else { return }
        lazy var apostrophe = CorrectionToken.apostrophe(for: tokens)
        for index in tokens.indices {
            guard let cut = capitalisedContraction(tokens[index], rules: rules) else { continue }
            tokens[index].insertApostrophe(apostrophe, after: cut)
        }
    }

    /// Writes a contraction typed with the ending beside the one meant (`d` and `s` are side
    /// by side: `it'd not` is `it's not`, `he's be` `he'd be`) as the one meant,
    /// where the next word, after one space and as typed, is one the pack's
    /// `swappedEndingsBefore` lists for it (read before the words are, as the typed
    /// contraction is no word of the list to read). A writer's own word, and a word before a
    /// hyphened one, stay.
    static func mendSwappedEndings(_ tokens: inout [CorrectionToken], rules: LanguagePack.Rules) {
        guard !rules.swappedEndingsBefore.isEmpty else { return }
        for index in tokens.indices where index + 2 < tokens.count && tokens[index].lowered.contains(0x27) {
            let token = tokens[index]
            guard token.kind == .word, !token.keepsItsCase, !token.isWritersWord, token.asTyped == nil,
                tokens[index + 1].isPlainSpace, tokens[index + 2].kind == .word,
                !CorrectionToken.isFollowedByHyphen(tokens, at: index + 2),
                let written = rules.swappedEndingsBefore[String(decoding: token.lowered, as: UTF8.self)]?[
                    String(decoding: tokens[index + 2].lowered, as: UTF8.self)],
                // One scalar a letter or apostrophe (`’` is one), so the ending's scalars are its letters.
                token.text.unicodeScalars.count == token.lowered.count,
                let typedEnding = token.text.unicodeScalars.split(whereSeparator: LetterFolding.isApostrophe).last,
                let meantEnding = written.split(separator: "'").last
            else { continue }
            let shouted = typedEnding.allSatisfy(\.properties.isUppercase)
            tokens[index].respell(
                as: String(token.text.unicodeScalars.dropLast(typedEnding.count))
                    + (shouted ? meantEnding.uppercased() : String(meantEnding)))
            tokens[index].lowered = Array(written.utf8)
        }
    }

    /// Where the apostrophe goes in `token` when `mendCapitalised` mends it; nil otherwise.
    private static func capitalisedContraction(_ token: CorrectionToken, rules: LanguagePack.Rules) -> Int? {
        guard token.kind == .word, !token.keepsItsCase, !token.isWritersWord, token.asTyped == nil,
            token.text.utf8.count == token.lowered.count,
            token.text.utf8.first?.isASCIIUppercase == true, token.text.utf8.dropFirst().allSatisfy(\.isASCIILowercase),
            let cut = rules.capitalisedContractions[token.lowered]
        else { return nil }
        return token.startsSentence || rules.capitalisedWords.contains(Array(token.lowered[..<cut])) ? cut : nil
    }

    /// Puts back the apostrophe of a possessive typed without one (`childrens toys`, `Marys
    /// nephew`), in a language whose pack lists contractions: a word the list lacks whose
    /// letters but a last `s` are a common listed word, other than a word that never ends a
    /// phrase (`thes`), before another word, where no likelier word is a slip away (`sems`)
    /// and it is no family's name (`the Jacksons`). A writer's own word stays as typed. The
    /// text's apostrophe is used (`’` when the text has one).
    static func mendPossessives(
        _ tokens: inout [CorrectionToken], rules: LanguagePack.Rules, model: TypoCostModel, lexicon: WordLexicon
    ) {
        guard !rules.contractions.isEmpty else { return }
        lazy var apostrophe = CorrectionToken.apostrophe(for: tokens)
        for index in tokens.indices where index + 2 < tokens.count {
            let token = tokens[index]
            guard token.kind == .word, !token.keepsItsCase, !token.isWritersWord, token.asTyped == nil,
                token.lowered.count >= 4, token.text.utf8.count == token.lowered.count,
                tokens[index + 1].kind == .space, tokens[index + 2].kind == .word,
                let (stem, stemIndex) = possessiveStem(of: token.lowered, lexicon: lexicon),
                stem.last != UInt8(ascii: "s"),
                lexicon.logProbability[stemIndex] >= CorrectorTuning.minPossessiveStemLogProbability,
                !rules.neverLast.contains(String(decoding: stem, as: UTF8.self)),
                !hasLikelierSlipReading(token.lowered, than: stemIndex, lexicon: lexicon, model: model),
                !isFamilyName(tokens, at: index, rules: rules)
            else { continue }
            tokens[index].respell(as: String(token.text.dropLast()) + String(apostrophe) + "s")
            tokens[index].lowered = stem + [0x27, UInt8(ascii: "s")]
        }
    }

    /// Whether the word at `index` is capitalised after a word that never ends a phrase (`the
    /// Jacksons`, `our Smiths`): a family's name, where a name's possessive has no article.
    private static func isFamilyName(_ tokens: [CorrectionToken], at index: Int, rules: LanguagePack.Rules) -> Bool {
        guard tokens[index].text.utf8.first?.isASCIIUppercase == true, index >= 2, tokens[index - 1].kind == .space,
            tokens[index - 2].kind == .word
        else { return false }
        return rules.neverLast.contains(String(decoding: tokens[index - 2].lowered, as: UTF8.self))
    }

    /// Whether a word one slip from `letters` is likelier than the word at `stem`: `sems` is
    /// `seems` typed with a slip, not `sem's`.
    private static func hasLikelierSlipReading(
        _ letters: [UInt8], than stem: Int, lexicon: WordLexicon, model: TypoCostModel
    ) -> Bool {
        let stemLogProbability = lexicon.logProbability[stem]
        return lexicon.candidates(for: letters, maxCost: CorrectorTuning.singleSlipCost, model: model).contains {
            $0.word != stem && lexicon.logProbability[$0.word] > stemLogProbability
        }
    }

    /// Splits a lower-case possessive whose word is no word of the list (`dgo's`, `techer’s`)
    /// into the word, read like any other, and its `'s`, kept as typed: the `'s` does not hide
    /// the slip before it. A contraction of the pack (`it's`), a capitalised word, mostly a
    /// name (`Yanni's`), and a possessive whose ending was mended (`walonriv'e`: the mend
    /// must stay reported with its word) stay whole.
    private static func splitPossessive(
        _ tokens: inout [CorrectionToken], at index: Int, rules: LanguagePack.Rules, lexicon: WordLexicon
    ) {
        let letters = tokens[index].lowered
        guard tokens[index].asTyped == nil, letters.count >= 4,
            letters.suffix(2).elementsEqual([0x27, UInt8(ascii: "s")]),
            letters.firstIndex(of: 0x27) == letters.count - 2,
            tokens[index].text.utf8.first?.isASCIILowercase == true,
            !rules.contractionForms.contains(String(decoding: letters, as: UTF8.self)),
            lexicon.index(of: letters.dropLast(2)) == nil
        else { return }
        let text = tokens[index].text
        guard let mark = text.unicodeScalars.lastIndex(where: LetterFolding.isApostrophe) else { return }
        var word = tokens[index]
        word.text = String(text[..<mark])
        word.lowered.removeLast(2)
        tokens[index] = word
        tokens.insert(CorrectionToken(kind: .kept, text: String(text[mark...])), at: index + 1)
    }

    /// Where an apostrophe put into `token` (ASCII letters) one or two letters from its end
    /// makes a contraction of the pack (`shed` → `she'd`, `well` → `we'll`), or nil.
    private static func apostropheInside(_ token: CorrectionToken, rules: LanguagePack.Rules) -> Int? {
        let letters = token.lowered
        guard token.text.utf8.count == letters.count else { return nil }
        for ending in 1...2 where letters.count > ending {
            let cut = letters.count - ending
            let form = String(decoding: letters[..<cut] + [0x27] + letters[cut...], as: UTF8.self)
            if rules.contractionForms.contains(form) { return cut }
        }
        return nil
    }

    /// The letters before the final `s` of `letters`, and their word's index, when they are a
    /// word of the list and `letters` is none (`jessicas`, `womens`; not `ministers`, a plural
    /// whose possessive `ministers'` is written so).
    private static func possessiveStem(of letters: [UInt8], lexicon: WordLexicon) -> (letters: [UInt8], word: Int)? {
        guard letters.count >= 3, letters.last == UInt8(ascii: "s"), lexicon.index(of: letters) == nil else {
            return nil
        }
        let stem = Array(letters.dropLast())
        return lexicon.index(of: stem).map { (stem, $0) }
    }

    /// Mends `token` when the letters before its apostrophe hold a slip (`whp'd`, `u'm`,
    /// `coulden't`): they are no word of the list, and exactly one contraction of the pack
    /// with the same ending is cheapest within a slip of them.
    private static func mendStem(
        _ token: inout CorrectionToken, rules: LanguagePack.Rules, model: TypoCostModel, lexicon: WordLexicon
    ) {
        let letters = token.lowered
        guard let mark = letters.firstIndex(of: 0x27), mark >= 1, mark == letters.lastIndex(of: 0x27),
            !rules.contractionForms.contains(String(decoding: letters, as: UTF8.self)),
            lexicon.index(of: letters[..<mark]) == nil
        else { return }
        let typedStem = Array(letters[..<mark])
        let ending = letters[(mark + 1)...]
        var cheapest = CheapestReading<[UInt8]>()
        for (stem, endings) in rules.contractionEndingsByStem where endings.contains(where: { $0[...] == ending }) {
            let stemLetters = Array(stem.dropLast())
            if let cost = model.cost(typing: stemLetters, as: typedStem, limit: TypoCostModel.nearSubstitution) {
                cheapest.offer(stemLetters, cost: cost)
            }
        }
        guard let stem = cheapest.winner?.reading else { return }
        let capitalised = rules.capitalisedWords.contains(stem) || token.text.utf8.first?.isASCIIUppercase == true
        var written = String(decoding: stem, as: UTF8.self)
        if capitalised { written = CorrectionRenderer.capitalized(written) }
        let typedRest = token.text.unicodeScalars.drop { !LetterFolding.isApostrophe($0) }
        token.respell(as: written + String(String.UnicodeScalarView(typedRest)))
        token.lowered = stem + letters[mark...]
    }

    /// Mends `token` (`letters'x`, `letters'xy`) when its ending is no contraction's and
    /// exactly one ending, a slip away, makes a contraction of the pack (`don'y` → `don't`,
    /// `they'de` → `they're`, `I'ce` → `I've`), or `s` does among others (`it'e` → `it's`),
    /// or, for a word without contractions, `s` makes a possessive (`Something'x` →
    /// `Something's`).
    private static func mendEnding(
        _ token: inout CorrectionToken, rules: LanguagePack.Rules, model: TypoCostModel
    ) {
        let letters = token.lowered
        guard let mark = letters.firstIndex(of: 0x27), mark >= 1, mark == letters.lastIndex(of: 0x27),
            (1...2).contains(letters.count - mark - 1)
        else { return }
        var scalars = Array(token.text.unicodeScalars)
        if scalars.count == letters.count, let swapped = swappedApostrophe(letters, at: mark, rules: rules) {
            // `Wer'e`, `Theyr'e`, `do’nt`: the apostrophe typed a letter early or late.
            scalars.swapAt(mark, swapped)
            token.respell(as: String(String.UnicodeScalarView(scalars)))
            token.lowered.swapAt(mark, swapped)
            return
        }
        let typedEnding = Array(letters[(mark + 1)...])
        // An ending a listed contraction has (`t`, `re`, `ll`) is meant (`Let'd`, `Tom'll`).
        guard !rules.contractionEndings.contains(typedEnding) else { return }
        // A word with contractions of the pack takes theirs (`they'`: `re`, `ve`, `ll`, `d`; no
        // `they's`, no `didn's`); any other word a possessive's `s`.
        let possessive = [UInt8(ascii: "s")]
        let endings = rules.contractionEndingsByStem[Array(letters[...mark])] ?? [possessive]
        let costs = endings.compactMap { ending in
            model.cost(typing: ending, as: typedEnding, limit: TypoCostModel.nearSubstitution).map { (ending, $0) }
        }
        guard let least = costs.map(\.1).min() else { return }
        let cheapest = costs.filter { $0.1 == least }.map(\.0)
        // Where `s` ties with another ending (`it'e`: `it's` or `it'd`), `s` is read: `it's`,
        // `she's` and `that's` are far commoner than their other contractions.
        guard let ending = cheapest.count == 1 ? cheapest[0] : cheapest.contains(possessive) ? possessive : nil
        else { return }
        let written = String(decoding: ending, as: UTF8.self)
        let typed = token.text.utf8.suffix(typedEnding.count)
        let shouted = typed.allSatisfy(\.isASCIIUppercase)
        token.respell(as: String(token.text.dropLast(typedEnding.count)) + (shouted ? written.uppercased() : written))
        token.lowered = Array(letters[...mark]) + ending
    }

    /// The position of the letter beside the apostrophe at `mark` in `letters` (lower-case
    /// ASCII, no other apostrophe) whose swap with it makes a contraction of the pack, where
    /// `letters` is none and exactly one swap does.
    private static func swappedApostrophe(_ letters: [UInt8], at mark: Int, rules: LanguagePack.Rules) -> Int? {
        guard !rules.contractionForms.contains(String(decoding: letters, as: UTF8.self)) else { return nil }
        let fits = [mark - 1, mark + 1].filter { letter in
            guard letters.indices.contains(letter), letters[letter].isASCIILetter else { return false }
            var swapped = letters
            swapped.swapAt(mark, letter)
            return swapped.first != 0x27 && rules.contractionForms.contains(String(decoding: swapped, as: UTF8.self))
        }
        return fits.count == 1 ? fits[0] : nil
    }

    /// The apostrophe (`'` or `’`) that follows the word at `index` at once and closes no
    /// quotation: perhaps the apostrophe meant inside it, typed late (`Thats'`, `Jessicas’`).
    private static func apostropheFollowing(_ tokens: [CorrectionToken], at index: Int) -> Character? {
        guard index + 1 < tokens.count, tokens[index + 1].kind == .kept, let mark = tokens[index + 1].text.first,
            mark == "'" || mark == "\u{2019}"
        else { return nil }
        // `'thats'`, `‘I am the bosss’`: an apostrophe before the word, outside any word, may
        // open a quotation that this one closes.
        let opensQuotation = tokens[..<index].contains {
            $0.kind == .kept && $0.text.unicodeScalars.contains { LetterFolding.isApostrophe($0) || $0 == "\u{2018}" }
        }
        return opensQuotation ? nil : mark
    }
}
