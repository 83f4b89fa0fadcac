/// A pack's SPEL section read in place: the spellings of the words written otherwise than
/// their letters (`mañana` for `manana`, `Haus` for `haus`), as edits of the letters (see
/// `WordPack.spellings(of:)` for the layout). Reading never traps: an edit that does not fit
/// its word makes the entry unreadable (nil), and a pack from outside is checked first.
struct SpellingTable: @unchecked Sendable {
    // @unchecked: a view of a `WordPack`'s bytes, which outlive it.
    static let blockSize = 32

    private let section: UnsafeRawBufferPointer
    private let replacementCount: Int
    private let replacementText: Int
    private let blocks: Int
    private let entries: Int
    private let wordCount: Int
    private let entryCount: Int

    init?(section: UnsafeRawBufferPointer, wordCount: Int) {
        let reader = PackReader(section)
        guard section.count >= 16 else { return nil }
        entryCount = Int(reader.uint32(at: 0))
        replacementCount = Int(reader.uint32(at: 4))
        let textSize = Int(reader.uint32(at: 8)), entriesSize = Int(reader.uint32(at: 12))
        replacementText = 16 + 4 * replacementCount
        var blocks = replacementText + textSize
        blocks += (4 - blocks % 4) % 4
        entries = blocks + 8 * ((wordCount + Self.blockSize - 1) / Self.blockSize)
        guard replacementCount <= 255, section.count == entries + entriesSize else { return nil }
        self.section = section
        self.blocks = blocks
        self.wordCount = wordCount
    }

    /// The spellings of word `index` of `automaton`, commonest first; empty when it has none.
    func spellings(of index: Int, in automaton: WordAutomaton) -> [String] {
        guard let entry = entry(of: index) else { return [] }
        return spellings(at: entry, letters: Array(automaton.letters(ofWord: index).utf8)) ?? []
    }

    /// The offset of word `index`'s entry, when it has spellings.
    func entry(of index: Int) -> Int? {
        guard index >= 0, index < wordCount else { return nil }
        let reader = PackReader(section)
        let block = blocks + 8 * (index / Self.blockSize), bit = UInt32(index % Self.blockSize)
        let bitmap = reader.uint32(at: block)
        guard bitmap & (1 << bit) != 0 else { return nil }
        var offset = entries + Int(reader.uint32(at: block + 4))
        // Skip the entries of the block's words before this one.
        for _ in 0..<(bitmap & ((1 << bit) &- 1)).nonzeroBitCount {
            guard let next = skip(entryAt: offset) else { return nil }
            offset = next
        }
        return offset
    }

    /// The offset after the entry at `offset`, or nil when it runs past the section.
    private func skip(entryAt offset: Int) -> Int? {
        guard offset < section.count else { return nil }
        var position = offset + 1
        for _ in 0..<Int(section[offset]) {
            guard position < section.count else { return nil }
            position += 1 + 2 * Int(section[position])
        }
        return position <= section.count ? position : nil
    }

    /// The spellings of the entry at `offset` for a word of `letters`, or nil when an edit
    /// does not fit.
    func spellings(at offset: Int, letters: [UInt8]) -> [String]? {
        guard let end = skip(entryAt: offset) else { return nil }
        let reader = PackReader(section)
        var spellings: [String] = [], position = offset + 1
        while position < end {
            let edits = Int(section[position])
            var written: [UInt8] = [], consumed = 0
            for edit in 0..<edits {
                let at = Int(section[position + 1 + 2 * edit]), replacement = Int(section[position + 2 + 2 * edit])
                guard replacement < replacementCount, at >= consumed else { return nil }
                let record = 16 + 4 * replacement
                let start = replacementText + Int(reader.uint16(at: record))
                let replaced = Int(section[record + 2]), size = Int(section[record + 3])
                guard at + replaced <= letters.count, start + size <= blocks else { return nil }
                written += letters[consumed..<at]
                written += section[start..<(start + size)]
                consumed = at + replaced
            }
            written += letters[consumed...]
            spellings.append(String(decoding: written, as: UTF8.self))
            position += 1 + 2 * edits
        }
        return spellings
    }

    /// The longest spelling a word of `keyLength` letters may have, in bytes: each letter
    /// written with a diacritic or two (`ễ`), and a little more.
    static func maxSpellingBytes(keyLength: Int) -> Int { 2 * keyLength + 8 }

    /// Whether the bitmaps count the entries, each block's entries end where the next
    /// block's start, the replacements are UTF-8 within the section, and every spelling of
    /// every word of `automaton` folds to the word's letters (`LetterFolding.spellingKey`) within
    /// `maxSpellingBytes`: a pack from outside can respell a word, never rewrite it
    /// (`cat` as `dog`, or with a line break or a direction override).
    func isWellFormed(automaton: WordAutomaton) -> Bool {
        guard isWellFormedLayout() else { return false }
        let blockCount = (wordCount + Self.blockSize - 1) / Self.blockSize
        for block in 0..<blockCount {
            var bitmap = PackReader(section).uint32(at: blocks + 8 * block)
            while bitmap != 0 {
                let index = block * Self.blockSize + bitmap.trailingZeroBitCount
                bitmap &= bitmap &- 1
                let letters = Array(automaton.letters(ofWord: index).utf8)
                guard let entry = entry(of: index), let spellings = spellings(at: entry, letters: letters) else {
                    return false
                }
                for spelling in spellings {
                    guard spelling.utf8.count <= Self.maxSpellingBytes(keyLength: letters.count),
                        LetterFolding.spellingKey(spelling) == letters
                    else { return false }
                }
            }
        }
        return true
    }

    /// Whether the bitmaps count the entries, each block's entries end where the next
    /// block's start, and the replacements are UTF-8 within the section.
    private func isWellFormedLayout() -> Bool {
        let reader = PackReader(section)
        guard WordPack.text(UnsafeRawBufferPointer(rebasing: section[replacementText..<blocks])) != nil else {
            return false
        }
        // The padding before the blocks holds no text: replacements end before it.
        for replacement in 0..<replacementCount {
            let record = 16 + 4 * replacement
            let start = replacementText + Int(reader.uint16(at: record)), size = Int(section[record + 3])
            guard size > 0, start + size <= blocks,
                WordPack.text(UnsafeRawBufferPointer(rebasing: section[start..<(start + size)])) != nil
            else { return false }
        }
        var counted = 0, offset = entries
        let blockCount = (wordCount + Self.blockSize - 1) / Self.blockSize
        for block in 0..<blockCount {
            let bitmap = reader.uint32(at: blocks + 8 * block)
            let lastBit = min(Self.blockSize, wordCount - block * Self.blockSize)
            guard lastBit == Self.blockSize || bitmap >> UInt32(lastBit) == 0,
                entries + Int(reader.uint32(at: blocks + 8 * block + 4)) == offset
            else { return false }
            for _ in 0..<bitmap.nonzeroBitCount {
                guard let next = skip(entryAt: offset), section[offset] > 0 else { return false }
                offset = next
            }
            counted += bitmap.nonzeroBitCount
        }
        return counted == entryCount && offset == section.count
    }
}
