/// Every reading of every typed word, for `OfflineCorrector`: the word as typed, the words its
/// slips may hide (neighbouring keys, doubled, dropped, extra and swapped letters, sound-alike
/// spellings, diacritics skipped), correctly spelt words read as their rivals, two typed words
/// read as one and one read as two; then the lattice that weighs them with the words around.
struct ReadingGenerator {
    /// The language read.
    let pack: LanguagePack
    /// The keyboard slips are read on.
    let keyboard: KeyboardLayout
    let model: TypoCostModel
    /// `model` with sound-alike letters, for long words far from every word; built at its
    /// first use, which most texts never reach (it was a third of a first correction's setup).
    private var spellingModel: TypoCostModel { TypoCostModel.model(for: keyboard, withSoundAlikes: true) }
    let wordPairs: WordContextModel
    /// British and American spellings of one word, which are never each other's rivals.
    let variants: SpellingVariants
    /// English's words, for another language: its text borrows them (`web`, `online`,
    /// `team`), and one its list lacks is as likely kept as a word the list has.
    let loanwords: WordLexicon?
    private var rules: LanguagePack.Rules { pack.rules }
    private var lexicon: WordLexicon { wordPairs.lexicon }
    /// The lexicon index an unlisted name counts as for the next word's context; -1 for none.
    private var nameContextWord: Int32 {
        rules.nameContextWord.flatMap { lexicon.index(of: $0) }.map(Int32.init) ?? -1
    }

    /// The readings of the words of `tokens` (whose names, brands and other words written with
    /// their own capitals, and the writer's words of `vocabulary` and of the text, this marks
    /// as kept as typed) in a lattice, and the token index of each word position.
    func lattice(for tokens: inout [CorrectionToken], vocabulary: Vocabulary) -> (
        positions: [Int], lattice: CorrectionLattice
    ) {
        ContractionMending.mend(&tokens, rules: rules, model: model, lexicon: lexicon)
        WritersWords(lexicon: lexicon, model: model).mark(&tokens, vocabulary: vocabulary)
        ContractionMending.mendPossessives(&tokens, rules: rules, model: model, lexicon: lexicon)
        ContractionMending.mendCapitalised(&tokens, rules: rules)
        ContractionMending.mendSwappedEndings(&tokens, rules: rules)
        let positions = tokens.indices.filter { tokens[$0].kind == .word }
        for index in positions where hasDeliberateCapitals(tokens[index]) || isShortHyphenedPart(tokens, at: index) {
            tokens[index].keepsItsCase = true
        }
        var options: [CorrectionLattice.Option] = []
        var breaksContext: [Bool] = []
        var contextAfterBreak: [Int32] = []
        // A typed word has a handful of readings; growing the list from empty would copy it
        // at every doubling.
        options.reserveCapacity(8 * positions.count)
        breaksContext.reserveCapacity(positions.count)
        contextAfterBreak.reserveCapacity(positions.count)
        for (position, tokenIndex) in positions.enumerated() {
            let adjacent = position > 0 && positions[position - 1] + 2 == tokenIndex
            let follows = adjacent && tokens[tokenIndex - 1].isPlainSpace
            breaksContext.append(!follows)
            contextAfterBreak.append(!follows && followsKeptName(tokens, at: tokenIndex) ? nameContextWord : -1)
            let next =
                tokenIndex + 1 < tokens.count && tokens[tokenIndex + 1].kind == .kept ? tokens[tokenIndex + 1] : nil
            let first = options.count
            appendReadings(
                of: tokens[tokenIndex], at: position, beforeFullStop: next?.text.hasPrefix(".") == true,
                beforeApostrophe: next?.text.hasPrefix("'") == true, to: &options)
            if options.count == first + 1, countsAsName(options[first], typed: tokens[tokenIndex]) {
                options[first].contextWord = nameContextWord
            }
            if follows {
                options += merging(tokens[positions[position - 1]], tokens[tokenIndex], at: position - 1)
            } else if adjacent, CorrectionToken.slippedMarks.contains(tokens[tokenIndex - 1].text) {
                options += merging(
                    tokens[positions[position - 1]], tokens[tokenIndex], at: position - 1, acrossMark: true)
            }
        }
        for index in options.indices where leavesSentenceUnfinished(options[index], tokens, positions) {
            options[index].channel -= CorrectorTuning.unfinishedSentencePenalty
        }
        let lattice = CorrectionLattice(
            positions: positions.count, options: options, breaksContext: breaksContext,
            contextAfterBreak: contextAfterBreak, model: wordPairs)
        return (positions, lattice)
    }

    /// Whether `reading`, a capitalised word's only one, is a name the pairs know nothing of
    /// (`Xqzin`, a book's `Oisin`): the next word then takes the context a name gives, not
    /// none. Only a word with no rival reading: the context must not favour a name over a
    /// slip's reading (`Sthe` is `She`).
    private func countsAsName(_ reading: CorrectionLattice.Option, typed token: CorrectionToken) -> Bool {
        guard reading.isIdentity, reading.words.count == 1, Self.isNameShaped(token.text) else { return false }
        return !wordPairs.listsPairs(after: reading.words[0])
    }

    /// A capital, then two or more letters in lower case: a name's shape, not an acronym's,
    /// a brand's (`AstraZeneca`), a contraction's (`Don't`) or a possessive's.
    private static func isNameShaped(_ text: String) -> Bool {
        let bytes = text.utf8
        // In ASCII each byte is a character, and Unicode's tables need not be asked.
        if bytes.allSatisfy({ $0 < 0x80 }) {
            return bytes.count >= 3 && bytes.first!.isASCIIUppercase && bytes.dropFirst().allSatisfy(\.isASCIILowercase)
        }
        guard let first = text.first, first.isUppercase, text.count >= 3 else { return false }
        return text.dropFirst().allSatisfy { $0.isLetter && $0.isLowercase }
    }

    /// Whether the word at `index` follows, after one space, a token kept as typed that is a
    /// capitalised run of letters: a name in letters the list does not read (English `Oisín`).
    private func followsKeptName(_ tokens: [CorrectionToken], at index: Int) -> Bool {
        guard index >= 2, tokens[index - 1].isPlainSpace, tokens[index - 2].kind == .kept else { return false }
        return Self.isNameShaped(tokens[index - 2].text)
    }

    /// Whether the word at `index` is a part of at most three letters of a hyphened word
    /// (`co-op`, `ex-lover`, `sci-fi`, `a-t-il`): a prefix or a syllable, read as typed, never
    /// as a listed word a slip away (`co-top`, `exp-lover`).
    private func isShortHyphenedPart(_ tokens: [CorrectionToken], at index: Int) -> Bool {
        func joins(_ mark: Int, _ word: Int) -> Bool {
            tokens.indices.contains(word) && tokens[mark].kind == .kept && tokens[mark].text == "-"
                && tokens[word].kind == .word
        }
        return tokens[index].lowered.count <= 3 && (joins(index - 1, index - 2) || joins(index + 1, index + 2))
    }

    /// Whether `reading` reads one typed word as several, the last a single letter: a name
    /// is not a word and a letter (`Sami` is not `Sam i`, `Boldi` not `Bold i`; `Iwent` is
    /// `I went`).
    private func splitsOffALetter(_ reading: CorrectionLattice.Option) -> Bool {
        guard reading.words.count > 1, let last = reading.words.last, last >= 0 else { return false }
        return lexicon.words[Int(last)].utf8.count == 1
    }

    /// Prefixes of names written with a capital after them (`McKnight`, `DeShawn`, `VanDyke`).
    private static let namePrefixes: Set<[UInt8]> = Set(
        ["mc", "mac", "o", "de", "di", "da", "du", "la", "le", "van", "von", "fitz"]
            .map { Array($0.utf8) })
    private static let vowels = Array("aeiouy".utf8)

    /// Whether `option` reads a slip as a word that cannot end a sentence just before the `.`,
    /// `!` or `?` that ends it (not at the end of the text: the writer may not have finished).
    private func leavesSentenceUnfinished(
        _ option: CorrectionLattice.Option, _ tokens: [CorrectionToken], _ positions: [Int]
    ) -> Bool {
        let tokenIndex = positions[option.end - 1]
        guard !option.isIdentity, tokenIndex + 1 < tokens.count, tokens[tokenIndex + 1].kind == .kept,
            let next = tokens[tokenIndex + 1].text.utf8.first,
            next == UInt8(ascii: ".") || next == UInt8(ascii: "!") || next == UInt8(ascii: "?"),
            !rules.neverLast.isEmpty, let last = option.words.last, last >= 0
        else { return false }
        return rules.neverLast.contains(lexicon.words[Int(last)])
    }

    /// Appends the readings of one typed word to `options` (no list of its own to copy);
    /// `beforeFullStop` when a `.` follows it (`dr.` is an abbreviation), `beforeApostrophe`
    /// when an apostrophe does (`ministers'`: a plural's possessive, not a rival's slip).
    private func appendReadings(
        of token: CorrectionToken, at position: Int, beforeFullStop: Bool, beforeApostrophe: Bool,
        to options: inout [CorrectionLattice.Option]
    ) {
        let lowered = token.lowered
        // A diacritic takes a long press: a word typed with one is meant.
        let typedDiacritic = rules.foldsLetters && token.text.utf8.contains { $0 >= 0x80 }
        func keep(score: Float, word: Int32 = -1) {
            options.append(
                CorrectionLattice.Option(
                    start: position, span: 1, words: ReadingWords(word), channel: 0, outsideScore: score,
                    isIdentity: true))
        }
        if token.keepsItsCase {
            // A name or a brand written with its own capitals: read as typed, never split,
            // swapped or re-cased; a word of the list keeps its likelihood as context.
            guard let index = lexicon.index(of: lowered) else { return keep(score: CorrectorTuning.nameScore) }
            return keep(score: 0, word: Int32(index))
        }
        if lowered.contains(0x27) {
            let known =
                rules.contractionForms.contains(String(decoding: lowered, as: UTF8.self))
                || rules.apocopes.contains(lowered)
            return keep(score: known ? CorrectorTuning.contractionScore : CorrectorTuning.unknownScore)
        }
        if let index = lexicon.index(of: lowered), beforeFullStop || !isRareAbbreviation(index, lowered) {
            // A diacritic skipped ("manana") where the letters typed are no word as written: a
            // cheap slip, never a reason to read another word; another word is read only as
            // for a word typed as meant ("ra" is "da" more likely than "rã"). A diacritic typed
            // takes a long press, so a word typed with one the list lacks ("aiutò", "vœu") is
            // meant: the list's spelling is only its alternative.
            if rules.foldsLetters,
                !lexicon.isSpelling(token.text.lowercased(), of: index, regionalMarks: rules.regionalMarks)
            {
                // A mark where the list's spelling has another mark on the same letter
                // ("régles", "Mâdchen") is a long press that picked its neighbour.
                let wrongMark =
                    typedDiacritic && lexicon.spelling(of: index, markedWrongAs: token.text.lowercased()) != nil
                keep(
                    score: wrongMark
                        ? CorrectorTuning.wrongAccentKeptScore
                        : typedDiacritic ? lexicon.logProbability[index] : CorrectorTuning.unknownBesideReadingsScore)
                options.append(
                    CorrectionLattice.Option(
                        start: position, span: 1, words: ReadingWords(Int32(index)),
                        channel:
                            -(wrongMark
                            ? CorrectorTuning.wrongAccentCost
                            : typedDiacritic ? CorrectorTuning.realWordPenalty : CorrectorTuning.diacriticSlipCost),
                        isIdentity: false))
                if !typedDiacritic, lowered.count >= 2, token.text.utf8.first?.isASCIILowercase == true {
                    appendRealWordReadings(at: position, known: index, letters: lowered, to: &options)
                }
                return
            }
            keep(score: 0, word: Int32(index))
            // A capitalised word may be a name ("Ben" is not "been"): its rivals are read, at a
            // penalty, only where the capital is the sentence's or a German noun's ("Bow about"
            // is "How about"); letters without a vowel before a full stop are an abbreviation
            // ("dr."); a word typed with a diacritic, a long press, is meant ("comió" is not "como").
            let isAbbreviation = beforeFullStop && rules.foldsLetters && Self.hasNoVowel(lowered)
            guard lowered.count >= 2, !isAbbreviation, !typedDiacritic, !beforeApostrophe else { return }
            if token.text.utf8.first?.isASCIILowercase == true {
                appendRealWordReadings(at: position, known: index, letters: lowered, to: &options)
            } else if token.startsSentence || rules.capitalisesNouns, Self.isCapitalisedOnly(token.text) {
                appendRealWordReadings(
                    at: position, known: index, letters: lowered,
                    extraPenalty: CorrectorTuning.capitalisedRealWordPenalty,
                    limit: CorrectorTuning.maxCapitalisedRealWordReadings, to: &options)
            }
            return
        }
        if rules.titles.contains(token.text) || rules.contraction(of: lowered) != nil {
            return keep(score: CorrectorTuning.contractionScore)
        }
        let isAcronym = token.text.utf8.count >= 2 && token.text.utf8.allSatisfy { !$0.isASCIILowercase }
        if isAcronym || lowered.count > 24 { return keep(score: CorrectorTuning.unknownScore) }
        let isCapitalised =
            token.text.utf8.first?.isASCIIUppercase == true
            && token.text.utf8.dropFirst().allSatisfy { !$0.isASCIIUppercase }
        let compound = compoundScore(of: token)
        // A sentence's first word: its capital says nothing of a name where measured so.
        let readsAsWord = token.startsSentence && rules.readsSentenceStartAsWord
        if isCapitalised, !readsAsWord, !(rules.capitalisesNouns && !token.startsSentence) {
            // Perhaps a name ("Rao", "Milly", "Mansell"): it is read as a word only a single slip
            // away, and mid-sentence only when long ("Tueday", "Secutity"); any reading, a split
            // included ("Man sell"), must be far likelier than the name in its context.
            guard token.startsSentence || lowered.count >= CorrectorTuning.minCorrectedNameLength else {
                return keep(score: CorrectorTuning.unknownScore)
            }
            // A sentence's first word has its capital whatever it is: a name there is weighed apart.
            keep(score: token.startsSentence ? CorrectorTuning.sentenceStartNameScore : CorrectorTuning.nameScore)
            let fullMargin =
                token.startsSentence
                ? CorrectorTuning.sentenceStartNameReadingMargin : CorrectorTuning.nameReadingMargin
            // The longer the word, and the stranger its letters, the less a reading as one word
            // a near slip away needs to beat a name: inside a sentence, only where that word is a
            // name itself (`Praker` is `Parker`; a book's `Vincenzi` is no slip of `Vincenzo`).
            let lettersBeyondCommonName = Float(max(0, lowered.count - CorrectorTuning.commonNameLength))
            // Looked up only for a reading that needs it: the runs are built on first use.
            lazy var unseenLettersCut =
                CorrectorTuning.unseenLettersNameMarginCut > 0 && lexicon.letterTrigrams.hasUnseenRun(lowered)
                ? CorrectorTuning.unseenLettersNameMarginCut : 0
            func wordMargin(_ word: Int32) -> Float {
                let readsAName = !rules.names.isEmpty && rules.isName(lexicon.words[Int(word)])
                let perLetter =
                    token.startsSentence
                    ? CorrectorTuning.nameReadingMarginPerLetter
                    : readsAName ? CorrectorTuning.midSentenceNameReadingMarginPerLetter : 0
                return max(0, fullMargin - perLetter * lettersBeyondCommonName - unseenLettersCut)
            }
            let reach = token.startsSentence ? CorrectorTuning.sentenceStartSlipCost : CorrectorTuning.singleSlipCost
            for var reading in misspeltReadings(
                of: lowered, at: position, singleSlipOnly: true, singleSlipReach: reach, compound: compound)
            where !isNameVariant(reading, of: lowered) && !splitsOffALetter(reading) {
                // Only a near slip: a far one is as often another spelling of a name (`Mohammad`).
                let isNearSlip = -reading.channel <= TypoCostModel.logProbabilityCost(CorrectorTuning.singleSlipCost)
                reading.channel -=
                    reading.words.count == 1 && reading.words[0] >= 0 && isNearSlip
                    ? wordMargin(reading.words[0]) : fullMargin
                options.append(reading)
            }
            return
        }
        if typedDiacritic {
            // A word typed with a diacritic is meant even when the list lacks it ("pinguïn"):
            // like a name, it is read only as a word one slip away.
            keep(score: CorrectorTuning.nameScore)
            options += misspeltReadings(of: lowered, at: position, singleSlipOnly: true, compound: compound)
                .filter { compound == nil || !isOtherInflection($0, of: lowered) }
            return
        }
        let misspelt = misspeltReadings(of: lowered, at: position, singleSlipOnly: false, compound: compound)
            .filter { compound == nil || !isOtherInflection($0, of: lowered) }
        // Kept as typed beside its readings: a letter on its own is usually meant ("plan b",
        // "x marks the spot"), a compound as likely as its parts ("Papierboot"), and a word
        // missing from the lexicon beats a far-fetched reading.
        keep(
            score: lowered.count == 1
                ? CorrectorTuning.singleLetterScore
                : compound ?? encliticScore(of: lowered) ?? loanwordScore(of: lowered)
                    ?? CorrectorTuning.unknownBesideReadingsScore)
        options += misspelt
    }

    /// Whether a word's capitals are written on purpose, so that it is kept exactly as typed.
    /// A capital word with another capital after its first letter is a name or a brand when:
    /// its letters are no word of the list (`DeShawn`, `GitHub`, `LeBron`); it is an acronym's
    /// plural (`IDs`); a name's prefix comes before the capital (`McKnight`, `MacKenzie`); or,
    /// in a language that does not capitalise nouns, two words of the list run together, each
    /// with its capital (`PayPal`, `YouTube`). Otherwise, and for a word of the list typed with
    /// shift held over two letters (`THe`, `HOme`), the capitals are slips, as they are in a
    /// German noun of the list (`LateRne`, `TerMin`) and inside a lower-case word (`sIster`).
    /// A word in lower case but for a capital second letter after `i` or `e` is a brand when
    /// the rest is a word (`iPhone`, `eBay`) or its letters spell a rare one (`iTunes`), not a
    /// common word (`iNside`); a slip that lands on this shape (`eVery`) is kept as typed. All
    /// capitals is an acronym, read elsewhere.
    private func hasDeliberateCapitals(_ token: CorrectionToken) -> Bool {
        // Most words have no capital after their first letter: no scalars to collect for them.
        guard token.text.utf8.dropFirst().contains(where: { $0.isASCIIUppercase || $0 >= 0x80 }) else { return false }
        let letters = Array(token.text.unicodeScalars.filter(\.properties.isAlphabetic))
        guard letters.count >= 2, letters.dropFirst().contains(where: \.properties.isUppercase),
            !letters.allSatisfy(\.properties.isUppercase)
        else { return false }
        let leadingCapitals = letters.prefix { $0.properties.isUppercase }.count
        let rest = letters.dropFirst(max(leadingCapitals, 1))
        let restIsLowerCase = rest.allSatisfy(\.properties.isLowercase)
        let known = lexicon.index(of: token.lowered) != nil
        if leadingCapitals >= 1 {
            if leadingCapitals >= 2, rest.count == 1, rest.first == "s" { return true }
            if leadingCapitals == 2, restIsLowerCase { return !known }
            guard known else { return true }
            guard letters.allSatisfy(\.isASCII),
                let cut = letters.dropFirst().firstIndex(where: \.properties.isUppercase)
            else {
                return false
            }
            let head = letters[..<cut].map { UInt8($0.value).asciiLowercased }
            let tail = letters[cut...].map { UInt8($0.value).asciiLowercased }
            if Self.namePrefixes.contains(head) { return true }
            // Brand shapes a stray capital does not make: two capitals after a lower-case
            // letter (`NeXT`), or one in a word as rare as brands are (`FedEx`).
            if !rules.capitalisesNouns, letters[cut...].count(where: \.properties.isUppercase) >= 2 { return true }
            if !rules.capitalisesNouns, let index = lexicon.index(of: token.lowered),
                lexicon.logProbability[index] < CorrectorTuning.maxBrandLogProbability
            {
                return true
            }
            guard !rules.capitalisesNouns, head.count >= CorrectorTuning.minRunTogetherWordLength,
                tail.count >= CorrectorTuning.minRunTogetherWordLength
            else { return false }
            return lexicon.index(of: head) != nil && lexicon.index(of: tail) != nil
        }
        guard let first = letters.first, first == "i" || first == "e", letters[1].properties.isUppercase,
            letters.count >= 4, letters.dropFirst(2).allSatisfy(\.properties.isLowercase)
        else { return false }
        // A brand names a thing after the letter (`iPad` is `i` and `pad`, `eBay` `e` and `bay`),
        // or is a word as rare as names are.
        if lexicon.index(of: Array(token.lowered.dropFirst())) != nil { return true }
        let logProbability = lexicon.index(of: token.lowered).map { lexicon.logProbability[$0] } ?? -.infinity
        return logProbability < CorrectorTuning.maxBrandLogProbability
    }

    /// Whether `reading` of a capitalised word the list lacks is another spelling of the same
    /// name: one letter doubled or not (`Mohammed`, `Mohamed`), read as a rare word the pack's
    /// names hold. Names vary so; a writer's spelling of one is kept, at a sentence's start
    /// too. A word the names lack, or any word of a pack without names, is read as a slip
    /// (`Croissaant`, `Cependantt`): a key pressed twice is tremor typing's commonest slip.
    private func isNameVariant(_ reading: CorrectionLattice.Option, of typed: [UInt8]) -> Bool {
        guard reading.words.count == 1, reading.words[0] >= 0 else { return false }
        let index = Int(reading.words[0])
        guard lexicon.logProbability[index] < CorrectorTuning.maxBrandLogProbability, rules.isName(lexicon.words[index])
        else { return false }
        let word = Array(lexicon.words[index].utf8)
        let (longer, shorter) = word.count > typed.count ? (word, typed) : (typed, word)
        guard longer.count == shorter.count + 1 else { return false }
        // Dropping one letter of a double from the longer gives the shorter.
        for cut in 1..<longer.count where longer[cut] == longer[cut - 1] {
            if longer[..<cut].elementsEqual(shorter[..<cut]) && longer[(cut + 1)...].elementsEqual(shorter[cut...]) {
                return true
            }
        }
        return false
    }

    /// Whether word `index` (typed as `lowered`) has no vowel and is rare, in a list from web
    /// or subtitle text: noise (`kn`, `dq`, `tl`), read as a slip like a word outside the list;
    /// common abbreviations (`km`, `bzw`) stand, and so does any before a `.` (`dr.`).
    private func isRareAbbreviation(_ index: Int, _ lowered: [UInt8]) -> Bool {
        rules.foldsLetters && lowered.count >= 2
            && lexicon.logProbability[index] < CorrectorTuning.minAbbreviationLogProbability
            && Self.hasNoVowel(lowered)
    }

    /// Whether the folded `letters` hold no vowel (`km`, `dr`).
    private static func hasNoVowel(_ letters: [UInt8]) -> Bool {
        !letters.contains(where: vowels.contains)
    }

    /// Whether `text` has a capital first and none after it (`Bow`, `Mädchen`; not `BOW`).
    private static func isCapitalisedOnly(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isUppercase else { return false }
        return !text.unicodeScalars.dropFirst().contains(where: \.properties.isUppercase)
    }

    /// The score of `token`, outside the list, read as a compound of two words of the list,
    /// joined by one of the language's links (`Papier|boot`, `lievelings|spreuk` with `s`): as
    /// likely as its parts together. Nil in a language without compounds, when no parts fit,
    /// or when a capital inside starts a word whose space was missed ("gernKuchen"; one at
    /// either end is a stray capital: "lievelingsspreuK").
    private func compoundScore(of token: CorrectionToken) -> Float? {
        let typed = token.lowered
        guard let links = rules.compoundLinks, typed.count >= 2 * CorrectorTuning.minCompoundPartLength else {
            return nil
        }
        let text = Array(token.text.utf8)
        if text.count > 2 * CorrectorTuning.minCompoundPartLength,
            text[CorrectorTuning.minCompoundPartLength...(text.count - CorrectorTuning.minCompoundPartLength)].contains(
                where: \.isASCIIUppercase)
        {
            return nil
        }
        var best: Float?
        for cut in CorrectorTuning.minCompoundPartLength...(typed.count - CorrectorTuning.minCompoundPartLength) {
            guard let head = lexicon.index(of: typed[cut...]), canJoinCompound(head) else { continue }
            for link in links
            where cut - link.count >= CorrectorTuning.minCompoundPartLength
                && typed[(cut - link.count)..<cut].elementsEqual(link)
            {
                guard let modifier = lexicon.index(of: typed[..<(cut - link.count)]), canJoinCompound(modifier) else {
                    continue
                }
                let score = lexicon.logProbability[modifier] + lexicon.logProbability[head]
                best = max(best ?? score, score)
            }
        }
        return best
    }

    /// Whether `reading` reads `typed` as the word with one more or one fewer last letter
    /// (`Nacktschnecke` as `Nacktschnecken`, `Drehkreuze` as `Drehkreuz`): for a compound
    /// of listed parts, another form of the same word rather than a slip. A last letter
    /// typed twice (`kleinee`) is a slip.
    private func isOtherInflection(_ reading: CorrectionLattice.Option, of typed: [UInt8]) -> Bool {
        guard reading.words.count == 1, reading.words[0] >= 0 else { return false }
        // The word's key is its folded letters, as `typed` is.
        let letters = Array(lexicon.pack.automaton.letters(ofWord: Int(reading.words[0])).utf8)
        if letters.count == typed.count + 1 { return letters.starts(with: typed) }
        return typed.count == letters.count + 1 && typed.starts(with: letters) && typed.last != letters.last
    }

    /// The score of `typed`, outside the list, read as a verb of the list with a pronoun
    /// written onto its end (`migliorarlo`: `migliorare` and `lo`): as likely as the verb.
    /// Nil in a language without such pronouns, or when no verb fits.
    private func encliticScore(of typed: [UInt8]) -> Float? {
        var best: Float?
        for pronoun in rules.enclitics where typed.count > pronoun.count && typed.suffix(pronoun.count) == pronoun[...]
        {
            let stem = typed.dropLast(pronoun.count)
            for host in rules.encliticHosts
            where stem.count >= host.written.count + 2 && stem.suffix(host.written.count) == host.written[...] {
                guard let verb = lexicon.index(of: stem.dropLast(host.written.count) + host.listed) else { continue }
                best = max(best ?? lexicon.logProbability[verb], lexicon.logProbability[verb])
            }
        }
        return best
    }

    /// The score of `typed`, outside the list, as an English word borrowed: its English
    /// likelihood less `loanwordPenalty`, when that beats a word outside the list.
    private func loanwordScore(of typed: [UInt8]) -> Float? {
        guard let loanwords, typed.count >= 3, let index = loanwords.index(of: typed) else { return nil }
        let score = loanwords.logProbability[index] - CorrectorTuning.loanwordPenalty
        return score > CorrectorTuning.unknownBesideReadingsScore ? score : nil
    }

    /// Dictionary words within reach of an unknown word, and two words when a space was
    /// missed or hit a neighbouring key; with `singleSlipOnly` (a word that may be a name),
    /// only common words one slip away and splits without a slip. `compound` is the word's
    /// score as a compound (`compoundScore`): its cuts into a compound's parts are then no
    /// space missed.
    private func misspeltReadings(
        of typed: [UInt8], at position: Int, singleSlipOnly: Bool,
        singleSlipReach: TypoCostModel.Cost = CorrectorTuning.singleSlipCost, compound: Float?
    ) -> [CorrectionLattice.Option] {
        if singleSlipOnly {
            let lexicon = lexicon
            let candidates = lexicon.candidates(for: typed, maxCost: singleSlipReach, model: model)
                .filter {
                    typed.count > CorrectorTuning.maxShortNameLength
                        || lexicon.logProbability[$0.word] >= CorrectorTuning.minNameReadingLogProbability
                }
            return strongest(
                candidates.map {
                    CorrectionLattice.Option(
                        start: position, span: 1, words: ReadingWords(Int32($0.word)),
                        channel: -TypoCostModel.logProbabilityCost($0.cost), isIdentity: false)
                } + splitReadings(of: typed, at: position, withSlips: false, compound: compound),
                limit: CorrectorTuning.maxReadings)
        }
        // A letter on its own ("x marks the spot", "plan b") is read as another word only when
        // its key is beside that word's: "o" for "i", "s" for "a".
        if typed.count == 1 {
            return strongest(
                lexicon.candidates(for: typed, maxCost: TypoCostModel.neighbourSubstitution, model: model).map {
                    CorrectionLattice.Option(
                        start: position, span: 1, words: ReadingWords(Int32($0.word)),
                        channel: -TypoCostModel.logProbabilityCost($0.cost), isIdentity: false)
                }, limit: CorrectorTuning.maxReadings)
        }
        // Most slips are single and cheap: search near first, and seek readings that need two
        // slips (far words, splits with a slip) only when no single-slip word fits.
        var candidates = lexicon.candidates(
            for: typed, maxCost: min(CorrectorTuning.nearCost, CorrectorTuning.maxCost(typed.count)), model: model)
        let hasSingleSlipWord = candidates.contains(where: { $0.cost <= CorrectorTuning.singleSlipCost })
        if CorrectorTuning.maxCost(typed.count) > CorrectorTuning.nearCost, !hasSingleSlipWord {
            // A long word no single slip explains may also be misspelt by sound.
            let farModel = typed.count >= CorrectorTuning.minSoundAlikeLength ? spellingModel : model
            candidates = lexicon.candidates(for: typed, maxCost: CorrectorTuning.maxCost(typed.count), model: farModel)
        }
        for respelling in Self.respellings(
            of: typed, stuttered: !hasSingleSlipWord, spokenEndings: rules.readsSpokenEndings)
        {
            for candidate in lexicon.candidates(
                for: respelling.letters, maxCost: CorrectorTuning.singleSlipCost, model: model)
            {
                candidates.append(
                    WordLexicon.Candidate(
                        word: candidate.word, cost: candidate.cost + respelling.cost, lastLetter: candidate.lastLetter))
            }
        }
        let lexicon = lexicon
        var options = candidates.map {
            let endingChanged =
                !rules.inflectionEndings.isEmpty
                && Self.changesEnding(
                    typed, toWordEndingWith: lexicon.lastWrittenByte(of: $0), endings: rules.inflectionEndings)
            return CorrectionLattice.Option(
                start: position, span: 1, words: ReadingWords(Int32($0.word)),
                channel: -TypoCostModel.logProbabilityCost($0.cost)
                    - (endingChanged ? CorrectorTuning.endingPenalty : 0),
                isIdentity: false)
        }
        options += splitReadings(of: typed, at: position, withSlips: !hasSingleSlipWord, compound: compound)
        return strongest(options, limit: CorrectorTuning.maxReadings)
    }

    /// What `typed` may have been meant as besides its slips, with what each costs: a plural
    /// or verb ending spelt as it sounds ("dictionarys", "supportes"), and, when `stuttered`,
    /// one or two syllables typed twice taken out ("documument", "implemememnt").
    static func respellings(of typed: [UInt8], stuttered: Bool, spokenEndings: Bool = true) -> [(
        letters: [UInt8], cost: TypoCostModel.Cost
    )] {
        var found: [(letters: [UInt8], cost: TypoCostModel.Cost)] = []
        let s = UInt8(ascii: "s"), e = UInt8(ascii: "e"), y = UInt8(ascii: "y")
        if spokenEndings, typed.count >= 5, typed.last == s {
            let stem = typed.dropLast(2)
            if typed[typed.count - 2] == y {
                found.append((stem + [UInt8(ascii: "i"), e, s], TypoCostModel.spokenEnding))
            }
            if typed[typed.count - 2] == e { found.append((stem + [s], TypoCostModel.spokenEnding)) }
        }
        guard stuttered, typed.count >= CorrectorTuning.minStutterLength else { return found }
        var round: [[UInt8]] = [typed]
        for repeats in 1...TypoCostModel.Cost(2) {
            var next: [[UInt8]] = []
            for letters in round {
                for length in 2...4 where letters.count >= 2 * length + 2 {
                    for start in 0...(letters.count - 2 * length)
                    where letters[start..<(start + length)].elementsEqual(
                        letters[(start + length)..<(start + 2 * length)])
                    {
                        var shorter = letters
                        shorter.removeSubrange(start..<(start + length))
                        if !next.contains(shorter) { next.append(shorter) }
                    }
                }
            }
            found += next.map { ($0, repeats * TypoCostModel.repeatedSyllable) }
            round = next
        }
        return found
    }

    /// Appends the other words one cheap slip away from a correctly spelt word ("form" for "from").
    private func appendRealWordReadings(
        at position: Int, known: Int, letters: [UInt8], extraPenalty: Float = 0,
        limit: Int = CorrectorTuning.maxRealWordReadings, to options: inout [CorrectionLattice.Option]
    ) {
        let neighbours = lexicon.realWordNeighbours.neighbours(
            of: known, letters: letters, in: lexicon, layout: keyboard, model: model,
            maxCost: CorrectorTuning.realWordMaxCost, limit: CorrectorTuning.maxRealWordReadings)
        for neighbour in neighbours.prefix(limit) where !variants.areVariants(known, neighbour.candidate.word) {
            let candidate = neighbour.candidate
            let penalty =
                extraPenalty
                + (neighbour.isInflection
                    ? CorrectorTuning.realWordPenalty + CorrectorTuning.inflectionPenalty
                    : CorrectorTuning.realWordPenalty)
            options.append(
                CorrectionLattice.Option(
                    start: position, span: 1, words: ReadingWords(Int32(candidate.word)),
                    channel: -TypoCostModel.logProbabilityCost(candidate.cost) - penalty, isIdentity: false))
        }
    }

    /// Whether reading `typed` as `word` changes the ending that makes a plural or a verb form
    /// ("buiilds" as "build", "cacluates" as "calculated").
    private static func changesEnding(_ typed: [UInt8], toWordEndingWith wordLast: UInt8?, endings: [UInt8]) -> Bool {
        guard let typedLast = typed.last, endings.contains(typedLast) || endings.contains(wordLast ?? 0) else {
            return false
        }
        return wordLast != typedLast
    }

    /// Two typed words read as one: an extra space ("ho me" as "home"), also with a slip
    /// ("sumn mer" as "summer") when neither part is a word; `acrossMark`, a punctuation key hit
    /// inside a word instead of a letter or as well ("wou.d" as "would", "treatm,ent" as
    /// "treatment"), when the first part is no word or the second a single letter.
    private func merging(
        _ first: CorrectionToken, _ second: CorrectionToken, at position: Int,
        acrossMark: Bool = false
    ) -> [CorrectionLattice.Option] {
        guard !first.isWritersWord, !second.isWritersWord else { return [] }
        let joined = first.lowered + second.lowered
        if acrossMark {
            guard lexicon.index(of: first.lowered) == nil || second.lowered.count == 1, joined.count <= 24,
                !joined.contains(0x27),
                !second.text.utf8.contains(where: \.isASCIIUppercase)
            else { return [] }
            let candidates = lexicon.candidates(for: joined, maxCost: CorrectorTuning.singleSlipCost, model: model)
            return strongest(
                candidates.map {
                    CorrectionLattice.Option(
                        start: position, span: 2, words: ReadingWords(Int32($0.word)),
                        channel: -TypoCostModel.logProbabilityCost(TypoCostModel.spaceSlip + $0.cost), isIdentity: false
                    )
                }, limit: CorrectorTuning.maxMergeReadings)
        }
        // "I an" is two words, not "Ian"; "pla y" is one.
        guard standalone(first.lowered[...]) == nil || first.lowered.count >= 2,
            standalone(second.lowered[...]) == nil || second.lowered.count >= 2, joined.count <= 24,
            !joined.contains(0x27),
            !first.text.utf8.dropFirst().contains(where: \.isASCIIUppercase)
                && (first.startsSentence || first.text.utf8.first?.isASCIILowercase == true),
            !second.text.utf8.contains(where: \.isASCIIUppercase)
        else { return [] }
        // Two words typed as words ("day to day"), or a lone letter beside a word ("plan b is"),
        // are read as one only with strong support.
        let firstIsWord = lexicon.index(of: first.lowered) != nil,
            secondIsWord = lexicon.index(of: second.lowered) != nil
        let penalty =
            (firstIsWord || first.lowered.count == 1) && (secondIsWord || second.lowered.count == 1)
                && (firstIsWord || secondIsWord)
            ? CorrectorTuning.twoWordsMergePenalty : 0
        func option(_ word: Int, cost: TypoCostModel.Cost) -> CorrectionLattice.Option {
            CorrectionLattice.Option(
                start: position, span: 2, words: ReadingWords(Int32(word)),
                channel: -TypoCostModel.logProbabilityCost(TypoCostModel.spaceSlip + cost) - penalty, isIdentity: false)
        }
        if let index = lexicon.suggestibleIndex(of: joined) { return [option(index, cost: 0)] }
        // Two unknown parts: one word with a slip and a space in it ("favou urite").
        guard lexicon.index(of: first.lowered) == nil, lexicon.index(of: second.lowered) == nil else { return [] }
        let candidates = lexicon.candidates(for: joined, maxCost: CorrectorTuning.singleSlipCost, model: model)
        return strongest(candidates.map { option($0.word, cost: $0.cost) }, limit: CorrectorTuning.maxMergeReadings)
    }

    /// Readings of one typed word as several: a missed space ("iwant"), a space bar slip onto
    /// a bottom-row letter ("iwantbto"), and, when `withSlips`, the readings that need two
    /// slips or more: a missed space with a slip in one of the two words ("fogrow" as "to
    /// grow") or in both ("littkedpg" as "little dog"), and two missed spaces
    /// ("arrivedthismorning"). A word read as a `compound` is not cut into its parts.
    private func splitReadings(of typed: [UInt8], at position: Int, withSlips: Bool, compound: Float?)
        -> [CorrectionLattice.Option]
    {
        guard typed.count >= 3 else { return [] }
        var options: [CorrectionLattice.Option] = []
        let lexicon = lexicon
        func add(_ words: [Int], cost: TypoCostModel.Cost, penalty: Float = 0) {
            let rareParts = words.count { lexicon.logProbability[$0] < CorrectorTuning.rareSplitPartLogProbability }
            options.append(
                CorrectionLattice.Option(
                    start: position, span: 1, words: ReadingWords(words),
                    channel: -TypoCostModel.logProbabilityCost(cost) - penalty
                        - Float(rareParts) * CorrectorTuning.rareSplitPartPenalty, isIdentity: false))
        }
        // One part read with a slip beside a word kept as typed; a part typed as a word is
        // read as another only at a real word's penalty.
        func addSlipReadings(of part: ArraySlice<UInt8>, typedAs typedWord: Int?, beside kept: Int, keptFirst: Bool) {
            let penalty = typedWord == nil ? 0 : CorrectorTuning.realWordPenalty
            for candidate in lexicon.candidates(for: Array(part), maxCost: CorrectorTuning.singleSlipCost, model: model)
            where candidate.word != typedWord {
                add(
                    keptFirst ? [kept, candidate.word] : [candidate.word, kept],
                    cost: TypoCostModel.spaceSlip + candidate.cost, penalty: penalty)
            }
        }
        // A missed space with a slip on each side ("littkedpg" as "little dog"): the dearest
        // split, searched only where neither part is a word, and in English only: the other
        // languages' web word lists hold so many short rare words that it mostly finds noise
        // (Dutch reads "forgot" as "fort tot").
        func addSlipReadingsOfBothParts(cut: Int) {
            let lefts = lexicon.candidates(
                for: Array(typed[..<cut]), maxCost: CorrectorTuning.singleSlipCost, model: model)
            guard !lefts.isEmpty else { return }
            for right in lexicon.candidates(
                for: Array(typed[cut...]), maxCost: CorrectorTuning.singleSlipCost, model: model)
            {
                for left in lefts {
                    add(
                        [left.word, right.word], cost: TypoCostModel.spaceSlip + left.cost + right.cost,
                        penalty: CorrectorTuning.twoSlipSplitPenalty)
                }
            }
        }
        for cut in 1..<typed.count {
            let left = standalone(typed[..<cut]), right = standalone(typed[cut...])
            if let left, let right, compound == nil || !isCompoundCut(cut, of: typed, left, right) {
                add([left, right], cost: TypoCostModel.spaceSlip)
            }
            if cut + 1 < typed.count, keyboard.spaceBarNeighbours.contains(typed[cut]), let left,
                let right = standalone(typed[(cut + 1)...])
            {
                add([left, right], cost: TypoCostModel.spaceSlip + TypoCostModel.neighbourSubstitution)
            }
            if withSlips, typed.count >= 4, cut >= 2, typed.count - cut >= 2 {
                if let left { addSlipReadings(of: typed[cut...], typedAs: right, beside: left, keptFirst: true) }
                if let right { addSlipReadings(of: typed[..<cut], typedAs: left, beside: right, keptFirst: false) }
            }
            if withSlips, rules.splitsWithSlips, left == nil, right == nil,
                cut >= CorrectorTuning.minSlippedSplitPartLength,
                typed.count - cut >= CorrectorTuning.minSlippedSplitPartLength
            {
                addSlipReadingsOfBothParts(cut: cut)
            }
            if withSlips, typed.count >= 7, let left {
                for second in (cut + 1)..<typed.count {
                    if let middle = standalone(typed[cut..<second]), let last = standalone(typed[second...]) {
                        add([left, middle, last], cost: 2 * TypoCostModel.spaceSlip)
                    }
                }
            }
        }
        return options
    }

    /// Whether `cut` leaves in `typed` two parts, the words `left` and `right`, that can be a
    /// compound's (`compoundScore`'s rule for a cut without a link).
    private func isCompoundCut(_ cut: Int, of typed: [UInt8], _ left: Int, _ right: Int) -> Bool {
        cut >= CorrectorTuning.minCompoundPartLength && typed.count - cut >= CorrectorTuning.minCompoundPartLength
            && canJoinCompound(left) && canJoinCompound(right)
    }

    /// Whether `word` can be part of a compound: function words (`den`, `mit`) are not, so
    /// one run together with the next word is a space missed (`denBach`).
    private func canJoinCompound(_ word: Int) -> Bool {
        lexicon.logProbability[word] < CorrectorTuning.maxCompoundPartLogProbability
    }

    /// The index of a part of a typed word that can stand as a word of its own: two letters or
    /// more, or a letter that is a word (`a` or `i` in English).
    private func standalone(_ part: ArraySlice<UInt8>) -> Int? {
        guard part.count >= 2 || part.first.map(rules.singleLetterWords.contains) == true else { return nil }
        return lexicon.index(of: part)
    }

    /// The `limit` options likeliest on their own (slips and single-word frequencies), one per
    /// reading; of two as likely, the one whose text sorts first. The options read lexicon words.
    private func strongest(_ options: [CorrectionLattice.Option], limit: Int) -> [CorrectionLattice.Option] {
        // Closures that capture `self` copy the corrector (and its cost model) on each call.
        let lexicon = lexicon
        let scores = options.map { option in
            option.words.reduce(option.channel) {
                $0 + ($1 >= 0 ? lexicon.logProbability[Int($1)] : option.outsideScore)
            }
        }
        // Ranked by score, then each run of equal scores by text: only a tie needs the texts,
        // each spelt out from the automaton once per tied option, not at every comparison.
        var ranked = options.indices.sorted { scores[$0] > scores[$1] || (scores[$0] == scores[$1] && $0 < $1) }
        var runStart = 0
        while runStart < ranked.count {
            var runEnd = runStart + 1
            while runEnd < ranked.count, scores[ranked[runEnd]] == scores[ranked[runStart]] { runEnd += 1 }
            if runEnd - runStart > 1 {
                let run = ranked[runStart..<runEnd].map { ($0, options[$0].text(in: lexicon) ?? "") }
                let ordered = run.sorted { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }
                ranked.replaceSubrange(runStart..<runEnd, with: ordered.map(\.0))
            }
            runStart = runEnd
        }
        var kept: [CorrectionLattice.Option] = []
        kept.reserveCapacity(min(limit, options.count))
        for index in ranked where !kept.contains(where: { $0.words == options[index].words }) {
            kept.append(options[index])
            if kept.count == limit { break }
        }
        return kept
    }
}
