extension LanguagePack {
    /// The rules that differ between languages, which a pack holds as data (its RULE section,
    /// see `docs/language-pack-format.md`): every language is read by the same code, and what
    /// English does that Spanish does not (contractions, `I`, `it's`) is in English's data.
    struct Rules: Sendable {
        /// Whether words are keyed by folded letters (`LetterFolding`): spellings with
        /// diacritics or capitals are the pack's, and a skipped long press is a cheap slip.
        var foldsLetters = false
        /// The letters with marks the language writes, in lower case (rule `letters`, else
        /// the built-in language's own, ``builtInLetters``): a word with another letter is kept
        /// as typed, though the folding knows it. `nil`: every letter the folding knows.
        var writtenLetters: Set<Character>?
        /// The letters that are words on their own (`a` and `i` in English; `y`, `o`, `e` in Spanish).
        var singleLetterWords: [UInt8] = []
        /// Elided words written with the next one (`l'`, `qu'`), in lower case with the apostrophe.
        var elisions: [[UInt8]] = []
        /// Words cut short and written with an apostrophe after them (Italian `po'`), in lower
        /// case with the apostrophe.
        var apocopes: [[UInt8]] = []
        /// In a language that writes compounds as one word (German `Papierboot`), the letters
        /// that may join their parts (`""`, `"s"`: `Liebesbrief`); nil in other languages.
        var compoundLinks: [[UInt8]]?
        /// The forms of the verb that makes the perfect (French `a`, `ont`), in lower case as
        /// written: a word after one is written as its past participle when it has one
        /// (`a raconte` is `a raconté`: the `é` is a long press skipped).
        var perfectAuxiliaries: Set<String> = []
        /// Words that may stand between an auxiliary and its participle (`pas`, `déjà`), folded.
        var perfectAdverbs: Set<[UInt8]> = []
        /// Words that start a question, for the refined version's final punctuation.
        var questionWords: Set<String> = []
        /// Whether nouns are capitalised (German): a capitalised word mid-sentence is then
        /// more often a noun than a name, and is read like any other word.
        var capitalisesNouns = false
        /// Whether a sentence's first word outside the list is read like any other word, its
        /// capital no sign of a name (``builtInSentenceStartWordLanguages``); otherwise it is
        /// weighed as a possible name.
        var readsSentenceStartAsWord = false
        /// The listed word a name kept as typed counts as for the words after it (English `he`,
        /// so `Oisín lovse` is `loves`, as after `Tom`), from
        /// ``builtInNameContextWords``; nil where a name leaves the next word without context.
        var nameContextWord: [UInt8]?
        /// Contractions typed without their apostrophe, as written (`dont` → `don't`), for
        /// spellings that are not also words; kept, and restored by the refined version.
        var contractions: [String: String] = [:]
        /// The contractions as written, in lower case (`don't`, `i'm`), with those whose letters
        /// are also a word (`won't`, `she'd`: the `written-contractions` rule).
        var contractionForms: Set<String> = []
        /// Every ending after a contraction's apostrophe (`t`, `re`, `ll` in English).
        var contractionEndings: Set<[UInt8]> = []
        /// The endings of the contractions by the letters up to and with their apostrophe, in
        /// lower case (`they'`: `re`, `ve`, `ll`, `d`).
        var contractionEndingsByStem: [[UInt8]: [[UInt8]]] = [:]
        /// Contractions whose letters are also a word, restored where typed with a capital
        /// (`Ill` → `I'll`, `Lets` → `Let's`): by their lower-case letters, the position of their
        /// apostrophe. The word's capital is `I`'s, or the sentence's, where the contraction is far
        /// commoner than the word (`Ill health`).
        var capitalisedContractions: [[UInt8]: Int] = [:]
        /// Abbreviated titles written before a name (`Dr`, `Mrs`), kept as typed.
        var titles: Set<String> = []
        /// Words always written with a capital (`I`), in lower case; also before an apostrophe (`I'm`).
        var capitalisedWords: Set<[UInt8]> = []
        /// The longest of `capitalisedWords`: longer words are never looked up.
        var longestCapitalisedWord = 0
        /// Names written with a capital (`australia`, `october`), in lower case, sorted: a slip
        /// read as one takes its capital. A name typed as it is stays as typed (`lind` may be
        /// `lind`).
        var names = NameList()

        /// Whether `word` (lower case) is one of `names`.
        func isName(_ word: String) -> Bool { names.contains(word) }
        /// A word the refined version writes contracted before certain words: `its` as `it's`
        /// before a verb's complement (`its not`, `its a`).
        var contractedBefore: (typed: String, written: String, followers: Set<String>)?
        /// Words every version writes contracted before certain words, where the contraction is
        /// all but certain (`its a` is `it's a`, `ill tell` `I'll tell`, `wont come` `won't
        /// come`): by the typed word in lower case, its contraction as written and the following
        /// words, in lower case.
        var surelyContractedBefore: [String: (written: String, followers: Set<String>)] = [:]
        /// Contractions typed with the ending beside the one meant, before words after which
        /// only the one meant is written (`it'd not` is `it's not`): by the typed contraction and
        /// the following word, in lower case, the contraction meant.
        var swappedEndingsBefore: [String: [String: String]] = [:]
        /// Words a sentence does not end with (`the`, `of`): a reading ending with one is unlikely.
        var neverLast: Set<String> = []
        /// Whether a plural or verb ending may be spelt as it sounds (`dictionarys`, `supportes`).
        var readsSpokenEndings = false
        /// The last letters of inflections (`s`, `d`, `g`, `e`): a reading that changes one
        /// is a little less likely than one that keeps it.
        var inflectionEndings: [UInt8] = []
        /// Whether two words run together may each hold a slip (`littkedpg`, `little dog`).
        var splitsWithSlips = false
        /// Pronouns written onto the end of a verb (Italian `lo`, `si`: `migliorarlo`,
        /// `allenarsi`), folded.
        var enclitics: [[UInt8]] = []
        /// The verb forms they are written onto: the listed form's ending and the ending it
        /// takes before the pronoun (Italian `are` → `ar`: `migliorare` → `migliorar-lo`; `ndo`).
        var encliticHosts: [(listed: [UInt8], written: [UInt8])] = []
        /// Marks another region writes in place of the list's (Brazilian `tênis` for the
        /// list's `ténis`): a spelling of the word, never a long press gone wrong.
        var regionalMarks: [RegionalMark] = []
        /// The longest spelling of `contractions`: longer text is never looked up.
        private var longestContraction = 0

        /// Whether the refined version rewrites words (contractions, `I`).
        var refinesWords: Bool { !contractions.isEmpty || !capitalisedWords.isEmpty }

        /// The built-in languages whose sentence-initial capitals are read as words: on each
        /// language's generated development split, reading them so fixed more capitalised slips
        /// (de 75.6 → 78.5%, es 59.0 → 67.2%, nl 64.0 → 74.4%, pt 71.5 → 75.6%) for at most 0.03
        /// points more correct words damaged; in English (damage 0.35 → 1.09%: Tatoeba's `Ziri`,
        /// `Yanni`), French (exact 79.6 → 79.0%) and Italian (damage 1.82 → 1.91%) a sentence's
        /// first unlisted word is too often a name.
        static let builtInSentenceStartWordLanguages: Set<String> = ["de", "es", "nl", "pt"]

        /// The word a name the pairs know nothing of counts as for the words after it, per
        /// built-in language: the third person's pronoun, whose verbs a name takes. Chosen on
        /// each language's generated development split: English exact 82.98 → 83.04% (`Ziri
        /// fond` is `found`, `Yumi ame` `came`) for one more word damaged in 37,212; French
        /// 79.64 → 79.44% (`Raoul et` read as `il est`), German 76.54 → 76.52%; the others
        /// unchanged. So English only.
        static let builtInNameContextWords: [String: String] = ["en": "he"]

        /// The letters with marks each built-in language writes, loanwords' common ones
        /// included (Dutch `café`, `façade`), for packs that carry no `letters` rule.
        static let builtInLetters: [String: Set<Character>] = [
            "es": "áéíóúüñ", "fr": "àâæçéèêëîïôœùûüÿ", "de": "äöüßéèàç", "it": "àèéìíîòóùú",
            "pt": "áâãàçéêíóôõúü", "nl": "áàäéèëíïóöúüâêîôûç"
        ].mapValues(Set.init)

        /// The contraction written for `spelling` (lower case), when listed. A spelling is
        /// short, so the string made for the look-up is held inline, with no allocation.
        func contraction(of spelling: some Collection<UInt8>) -> String? {
            spelling.count <= longestContraction ? contractions[String(decoding: spelling, as: UTF8.self)] : nil
        }

        /// The rules in `values` (a pack's RULE section by name), with rule `names` from
        /// `names` when the pack read it apart (`WordPack.ruleNames`, checked and sorted). Names
        /// this version does not know are left alone, so that a newer pack still reads.
        init(values: [String: [String]], names readNames: NameList? = nil) throws(StoryKitError) {
            func refuse(_ name: String) -> StoryKitError {
                StoryKitError(.parse, "language pack: rule \(name) is malformed")
            }
            try Self.checkBounds(values)
            foldsLetters = values["folds-letters"] != nil
            if let letters = values["letters"] {
                writtenLetters = Set(letters.joined().lowercased())
            }
            singleLetterWords = try Self.letters(values["single-letter-words"] ?? [], rule: "single-letter-words")
            elisions = Self.distinct((values["elisions"] ?? []).map { Array($0.utf8) })
            apocopes = Self.distinct((values["apocopes"] ?? []).map { Array($0.utf8) })
            compoundLinks = values["compound-links"].map { $0.map { Array($0.utf8) } }
            perfectAuxiliaries = Set(values["perfect-auxiliaries"] ?? [])
            perfectAdverbs = Set(
                (values["perfect-adverbs"] ?? []).compactMap { LetterFolding.folded($0[...].unicodeScalars) })
            questionWords = Set(values["question-words"] ?? [])
            capitalisesNouns = values["capitalises-nouns"] != nil
            for pair in values["contractions"] ?? [] {
                let parts = Self.fields(of: pair)
                guard parts.count == 2, Self.isContraction(parts[1], of: parts[0]) else { throw refuse("contractions") }
                contractions[String(parts[0])] = String(parts[1])
                addContractionForm(parts[1].lowercased())
                longestContraction = max(longestContraction, parts[0].utf8.count)
            }
            // Contractions whose letters are also a word (`won't`, `it's`, `she'd`): never
            // restored where typed without the apostrophe, but known when typed with one.
            for written in values["written-contractions"] ?? [] {
                guard let mark = written.utf8.firstIndex(of: 0x27), mark != written.utf8.startIndex,
                    written.utf8.index(after: mark) != written.utf8.endIndex
                else { throw refuse("written-contractions") }
                addContractionForm(written.lowercased())
            }
            for written in values["capitalised-contractions"] ?? [] {
                let letters = Array(written.lowercased().utf8)
                guard let mark = letters.firstIndex(of: 0x27), mark > 0, mark < letters.count - 1,
                    letters.lastIndex(of: 0x27) == mark, letters.allSatisfy({ $0 == 0x27 || $0.isASCIILowercase })
                else { throw refuse("capitalised-contractions") }
                addContractionForm(String(decoding: letters, as: UTF8.self))
                capitalisedContractions[letters.filter { $0 != 0x27 }] = mark
            }
            titles = Set(values["abbreviated-titles"] ?? [])
            capitalisedWords = Set((values["capitalised-words"] ?? []).map { Array($0.lowercased().utf8) })
            longestCapitalisedWord = capitalisedWords.map(\.count).max() ?? 0
            if let readNames {
                names = readNames
            } else {
                let listedNames = values["names"] ?? []
                try Self.checkLowerCaseWords(listedNames, rule: "names")
                names = NameList(listedNames)
            }
            if let contracted = values["contracted-before"] {
                guard contracted.count >= 3, Self.isContraction(contracted[1][...], of: contracted[0][...]) else {
                    throw refuse("contracted-before")
                }
                contractedBefore = (contracted[0], contracted[1], Set(contracted[2...]))
            }
            for value in values["surely-contracted-before"] ?? [] {
                let parts = Self.fields(of: value)
                guard parts.count == 3, Self.isContraction(parts[1], of: parts[0]),
                    parts[0].utf8.allSatisfy(\.isASCIILowercase), parts[2].utf8.allSatisfy(\.isASCIILowercase)
                else { throw refuse("surely-contracted-before") }
                let typed = String(parts[0]), written = String(parts[1])
                // One contraction a word: `its` is `it's` before every word it is listed with.
                if let listed = surelyContractedBefore[typed]?.written, listed != written {
                    throw refuse("surely-contracted-before")
                }
                surelyContractedBefore[typed, default: (written, [])].followers.insert(String(parts[2]))
                addContractionForm(parts[1].lowercased())
            }
            for value in values["swapped-endings-before"] ?? [] {
                let parts = Self.fields(of: value)
                guard parts.count == 3, let typedMark = parts[0].utf8.firstIndex(of: 0x27),
                    let writtenMark = parts[1].utf8.firstIndex(of: 0x27),
                    parts[0].utf8[...typedMark].elementsEqual(parts[1].utf8[...writtenMark]), parts[0] != parts[1],
                    parts[0].utf8.allSatisfy({ $0 == 0x27 || $0.isASCIILowercase }),
                    parts[1].utf8.allSatisfy({ $0 == 0x27 || $0.isASCIILowercase }),
                    parts[2].utf8.allSatisfy(\.isASCIILowercase)
                else { throw refuse("swapped-endings-before") }
                swappedEndingsBefore[String(parts[0]), default: [:]][String(parts[2])] = String(parts[1])
                addContractionForm(String(parts[0]))
                addContractionForm(String(parts[1]))
            }
            neverLast = Set(values["never-last"] ?? [])
            readsSpokenEndings = values["spoken-endings"] != nil
            inflectionEndings = try Self.letters(values["inflection-endings"] ?? [], rule: "inflection-endings")
            splitsWithSlips = values["splits-with-slips"] != nil
            enclitics = try Self.lowerCaseWords(values["enclitics"] ?? [], rule: "enclitics")
            for pair in values["enclitic-hosts"] ?? [] {
                let parts = Self.fields(of: pair, omittingEmpty: false)
                guard parts.count == 2,
                    let written = try? Self.lowerCaseWords([String(parts[1])], rule: "enclitic-hosts").first,
                    let listed = try? Self.lowerCaseWords([String(parts[0])], rule: "enclitic-hosts").first
                else { throw refuse("enclitic-hosts") }
                encliticHosts.append((listed, written))
            }
            for value in values["regional-marks"] ?? [] {
                guard let mark = RegionalMark(value) else { throw refuse("regional-marks") }
                regionalMarks.append(mark)
            }
        }

        /// Notes `written` (lower case, an apostrophe inside) as a contraction, with its ending.
        private mutating func addContractionForm(_ written: String) {
            // A form listed again (`it's` before many words) has its ending noted already.
            guard contractionForms.insert(written).inserted else { return }
            let letters = Array(written.utf8)
            guard let mark = letters.firstIndex(of: 0x27) else { return }
            let ending = Array(letters[(mark + 1)...])
            contractionEndings.insert(ending)
            let stem = Array(letters[...mark])
            if contractionEndingsByStem[stem]?.contains(ending) != true {
                contractionEndingsByStem[stem, default: []].append(ending)
            }
        }

        /// The most values a rule may hold, and the longest value in bytes: a pack from
        /// outside cannot make a rule that turns a letter into megabytes or a call into seconds.
        static let maxValues = 4096
        static let maxValueBytes = 64

        /// Checks every rule's size, and that its values hold letters, marks, apostrophes and
        /// hyphens only (a contraction rule also the space between its two forms): no control,
        /// format or direction character can reach a version through a rule.
        private static func checkBounds(_ values: [String: [String]]) throws(StoryKitError) {
            for (name, strings) in values {
                guard strings.count <= maxValues else {
                    throw StoryKitError(
                        .parse,
                        "language pack: rule \(name) has \(strings.count) values, over the limit of \(maxValues)")
                }
                let spaceAllowed =
                    name == "contractions" || name == "enclitic-hosts" || name == "surely-contracted-before"
                    || name == "swapped-endings-before"
                for value in strings {
                    guard value.utf8.count <= maxValueBytes else {
                        throw StoryKitError(
                            .parse,
                            "language pack: a value of rule \(name) is \(value.utf8.count) bytes, over the limit of \(maxValueBytes)"
                        )
                    }
                    // ASCII byte by byte, without the scalars: the built-in packs' rules are
                    // checked at every process's first correction, and are nearly all ASCII.
                    if Self.bytes(of: value, allSatisfy: { isRuleByte($0, spaceAllowed: spaceAllowed) }) { continue }
                    for scalar in value.unicodeScalars where !isRuleScalar(scalar, spaceAllowed: spaceAllowed) {
                        throw StoryKitError(
                            .parse,
                            "language pack: a value of rule \(name) holds U+\(String(scalar.value, radix: 16, uppercase: true)), which no rule may"
                        )
                    }
                }
            }
        }

        /// Whether `byte` is an ASCII byte `isRuleScalar` allows; false for every other byte,
        /// which that check reads as part of its scalar.
        @inline(__always)
        private static func isRuleByte(_ byte: UInt8, spaceAllowed: Bool) -> Bool {
            byte.isASCIILetter || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "'")
                || (spaceAllowed && byte == UInt8(ascii: " "))
        }

        private static func isRuleScalar(_ scalar: Unicode.Scalar, spaceAllowed: Bool) -> Bool {
            if scalar == "-" || LetterFolding.isApostrophe(scalar) || (spaceAllowed && scalar == " ") { return true }
            // ASCII without the Unicode tables: the built-in packs' rules are checked at every
            // process's first correction, and their values are nearly all ASCII.
            if scalar.isASCII { return UInt8(scalar.value).isASCIILetter }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
                .spacingMark:
                return true
            default:
                return false
            }
        }

        /// The values of a rule of single letters, each one ASCII letter in lower case, once each.
        private static func letters(_ strings: [String], rule: String) throws(StoryKitError) -> [UInt8] {
            var letters: [UInt8] = []
            for value in strings {
                guard value.utf8.count == 1, let letter = value.utf8.first, letter.isASCIILetter else {
                    throw StoryKitError(.parse, "language pack: rule \(rule) holds \"\(value)\", not one letter")
                }
                if !letters.contains(letter.asciiLowercased) { letters.append(letter.asciiLowercased) }
            }
            return letters
        }

        /// The values of a rule of words, each one or more ASCII letters in lower case.
        private static func lowerCaseWords(_ strings: [String], rule: String) throws(StoryKitError) -> [[UInt8]] {
            try checkLowerCaseWords(strings, rule: rule)
            return strings.map { Array($0.utf8) }
        }

        /// Checks that each of `strings` is one or more ASCII letters in lower case.
        private static func checkLowerCaseWords(_ strings: [String], rule: String) throws(StoryKitError) {
            for value in strings where value.isEmpty || !Self.bytes(of: value, allSatisfy: { $0.isASCIILowercase }) {
                throw StoryKitError(.parse, "language pack: rule \(rule) holds \"\(value)\", not a lower-case word")
            }
        }

        /// The parts of a rule's value between its spaces, split on the bytes: a value's
        /// spaces are ASCII, and splitting by characters costs the first correction more.
        private static func fields(of value: String, omittingEmpty: Bool = true) -> [Substring] {
            let utf8 = value.utf8
            var parts: [Substring] = []
            var start = utf8.startIndex
            var position = start
            while position != utf8.endIndex {
                if utf8[position] == UInt8(ascii: " ") {
                    if !omittingEmpty || position != start { parts.append(value[start..<position]) }
                    start = utf8.index(after: position)
                }
                position = utf8.index(after: position)
            }
            if !omittingEmpty || position != start { parts.append(value[start..<position]) }
            return parts
        }

        /// Whether every UTF-8 byte of `value` satisfies `predicate`, read from its contiguous
        /// bytes: the built-in packs' thousands of values are checked at every first correction.
        @inline(__always)
        private static func bytes(of value: String, allSatisfy predicate: (UInt8) -> Bool) -> Bool {
            value.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(predicate) }
                ?? value.utf8.allSatisfy(predicate)
        }

        /// `values` once each, in their first order.
        private static func distinct(_ values: [[UInt8]]) -> [[UInt8]] {
            var seen: Set<[UInt8]> = []
            return values.filter { seen.insert($0).inserted }
        }

        /// Whether `written` is `typed` with apostrophes added and letters capitalised
        /// (`dont` → `don't`, `im` → `I'm`): a contraction restores what was typed, it never
        /// writes other words.
        private static func isContraction(_ written: Substring, of typed: Substring) -> Bool {
            // ASCII byte by byte: every process checks the built-in packs' thousands of
            // contractions at its first correction.
            if written.utf8.allSatisfy({ $0 < 0x80 }), typed.utf8.allSatisfy({ $0 < 0x80 }) {
                var typedBytes = typed.utf8.makeIterator()
                for byte in written.utf8 where byte != UInt8(ascii: "'") {
                    guard let typedByte = typedBytes.next(),
                        typedByte == byte || (byte.isASCIILetter && typedByte | 0x20 == byte | 0x20)
                    else { return false }
                }
                let apostrophes = written.utf8.count { $0 == UInt8(ascii: "'") }
                return typedBytes.next() == nil && !typed.isEmpty && apostrophes <= 2
            }
            let apostrophes = written.unicodeScalars.filter(LetterFolding.isApostrophe).count
            let letters = String(
                String.UnicodeScalarView(written.unicodeScalars.filter { !LetterFolding.isApostrophe($0) }))
            return !typed.isEmpty && apostrophes <= 2 && letters.lowercased() == typed.lowercased()
        }

        /// Rules given in code (`LanguagePack.init(language:defaultLayout:...)`).
        init(
            foldsLetters: Bool, singleLetterWords: [UInt8], elisions: [[UInt8]], apocopes: [[UInt8]],
            compoundLinks: [[UInt8]]?,
            perfectAuxiliaries: Set<String>, perfectAdverbs: Set<[UInt8]>, questionWords: Set<String>,
            capitalisesNouns: Bool
        ) {
            self.foldsLetters = foldsLetters
            self.singleLetterWords = singleLetterWords
            self.elisions = elisions
            self.apocopes = apocopes
            self.compoundLinks = compoundLinks
            self.perfectAuxiliaries = perfectAuxiliaries
            self.perfectAdverbs = perfectAdverbs
            self.questionWords = questionWords
            self.capitalisesNouns = capitalisesNouns
        }
    }
}
