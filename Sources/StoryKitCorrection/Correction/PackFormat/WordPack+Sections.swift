/// The optional sections of a pack: spellings, word pairs, spelling variants and rules, with
/// the checks a pack from outside passes before it is read.
extension WordPack {
    /// The spellings of word `index`, commonest first, when they differ from its letters.
    ///
    /// SPEL holds them as edits of the word's letters: a header (words, replacements, the
    /// replacements' text size, the entries' size), the replacements (offset, letters replaced,
    /// byte count of what replaces them), their text, then per block of 32 words a bitmap of
    /// the words with spellings and the offset of the block's first entry, then the entries:
    /// a spelling count, and per spelling an edit count and (position, replacement) bytes.
    func spellings(of index: Int) -> [String] {
        spellingTable?.spellings(of: index, in: automaton) ?? []
    }

    /// The rules of a RULE section (records of a name, NUL, a 16-bit value count, then each
    /// value and a NUL), by name; rule `names` apart, as read, when every value is a lower-case
    /// word within the rules' bounds (otherwise it is among the values, for
    /// `LanguagePack.Rules` to refuse with the reason).
    static func ruleValues(in section: UnsafeRawBufferPointer) throws(StoryKitError) -> (
        values: [String: [String]], names: NameList?
    ) {
        func refuse() -> StoryKitError { StoryKitError(.parse, "language pack: section RULE is malformed") }
        var values: [String: [String]] = [:]
        var names: NameList?
        var position = 0
        func string() throws(StoryKitError) -> String {
            guard let end = section[position...].firstIndex(of: 0),
                let text = text(UnsafeRawBufferPointer(rebasing: section[position..<end]))
            else { throw refuse() }
            position = end + 1
            return text
        }
        while position < section.count {
            let name = try string()
            guard position + 2 <= section.count, values[name] == nil, name != "names" || names == nil else {
                throw refuse()
            }
            let count = Int(PackReader(section).uint16(at: position))
            position += 2
            // Names apart, as bytes (the guard above refuses a second names rule); a list that
            // does not read so is read as strings, for the rules' check to refuse with its reason.
            var end = position
            if name == "names", count <= LanguagePack.Rules.maxValues,
                let list = NameList(
                    section: section, offset: &end, count: count, maxBytes: LanguagePack.Rules.maxValueBytes)
            {
                names = list
                position = end
                continue
            }
            var strings: [String] = []
            for _ in 0..<count { strings.append(try string()) }
            values[name] = strings
        }
        return (values, names)
    }

    /// Checks the optional sections of a pack from outside (see `init(copying:)`); their
    /// headers were read in `init`, and the rules parsed there.
    func checkSections() throws(StoryKitError) {
        func refuse(_ tag: String) -> StoryKitError {
            StoryKitError(.parse, "language pack: section \(tag) is malformed")
        }
        if let spellingTable, !spellingTable.isWellFormed(automaton: automaton) { throw refuse("SPEL") }
        if let pairTable, !pairTable.isWellFormed() { throw refuse("PAIR") }
        // Triples back off to pairs and share their back-off offset.
        if let tripleTable, pairTable == nil || !tripleTable.isWellFormed() { throw refuse("TRIP") }
        if let section = variants {
            let reader = PackReader(section)
            guard section.count >= 4, (section.count - 4) % 8 == 0, Int(reader.uint32(at: 0)) == (section.count - 4) / 8
            else { throw refuse("VARS") }
            var previous = -1
            for entry in 0..<Int(reader.uint32(at: 0)) {
                let word = Int(reader.uint32(at: 4 + 8 * entry)),
                    other = Int(reader.uint32(at: 8 + 8 * entry) & 0x7FFF_FFFF)
                guard word > previous, word < wordCount, other < wordCount else { throw refuse("VARS") }
                previous = word
            }
        }
    }

    /// `bytes` as a string when they are valid UTF-8.
    static func text(_ bytes: UnsafeRawBufferPointer) -> String? {
        UTF8Text.string(
            validating: UnsafeBufferPointer(
                start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count))
    }
}
