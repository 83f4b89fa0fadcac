/// The optional sections of a pack: spellings, word pairs, spelling variants and rules, with
/// the checks a pack from outside passes before it is read.
extension WordPack {
    /// The spellings of word `index`, commonest first, when they differ from its letters
    /// (SPEL: a count, then (word, offset) entries in word order ending with (word count, blob
    /// size), then the spellings, NUL between two of one word).
    func spellings(of index: Int) -> [String] {
        guard let section = spellings else { return [] }
        let reader = PackReader(section)
        var low = 0, high = Int(reader.uint32(at: 0))
        while low < high {
            let middle = (low + high) / 2
            if Int(reader.uint32(at: 4 + 8 * middle)) < index { low = middle + 1 } else { high = middle }
        }
        let entry = 4 + 8 * low
        guard Int(reader.uint32(at: entry)) == index else { return [] }
        let blob = 4 + 8 * (Int(reader.uint32(at: 0)) + 1)
        let start = blob + Int(reader.uint32(at: entry + 4)), end = blob + Int(reader.uint32(at: entry + 12))
        return section[start..<end].split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The rules (RULE: records of a name, NUL, a 16-bit value count, then each value and a
    /// NUL), by name.
    func ruleValues() throws -> [String: [String]] {
        guard let section = rules else { return [:] }
        func refuse() -> StoryKitError { StoryKitError(.parse, "language pack: section RULE is malformed") }
        var values: [String: [String]] = [:]
        var position = 0
        func string() throws -> String {
            guard let end = section[position...].firstIndex(of: 0),
                  let text = Self.text(UnsafeRawBufferPointer(rebasing: section[position..<end])) else { throw refuse() }
            position = end + 1
            return text
        }
        while position < section.count {
            let name = try string()
            guard position + 2 <= section.count, values[name] == nil else { throw refuse() }
            let count = Int(PackReader(section).uint16(at: position))
            position += 2
            values[name] = try (0..<count).map { _ in try string() }
        }
        return values
    }

    /// Checks the optional sections of a pack from outside (see `init(copying:)`).
    func checkSections() throws {
        func refuse(_ tag: String) -> StoryKitError { StoryKitError(.parse, "language pack: section \(tag) is malformed") }
        if let section = spellings {
            let reader = PackReader(section)
            guard section.count >= 12 else { throw refuse("SPEL") }
            let count = Int(reader.uint32(at: 0))
            guard count <= (section.count - 12) / 8 else { throw refuse("SPEL") }
            let blob = 4 + 8 * (count + 1)
            var previousWord = -1, previousOffset = 0
            for entry in 0...count {
                let word = Int(reader.uint32(at: 4 + 8 * entry)), offset = Int(reader.uint32(at: 8 + 8 * entry))
                let isLast = entry == count
                guard word > previousWord, isLast ? word == wordCount : word < wordCount,
                      entry == 0 ? offset == 0 : offset > previousOffset, offset <= section.count - blob else { throw refuse("SPEL") }
                previousWord = word
                previousOffset = offset
            }
            guard blob + previousOffset == section.count,
                  Self.text(UnsafeRawBufferPointer(rebasing: section[blob...])) != nil else { throw refuse("SPEL") }
        }
        if let section = pairs {
            guard let table = try? WordPairTable(section: section, wordCount: wordCount), table.isWellFormed() else { throw refuse("PAIR") }
        }
        if let section = variants {
            let reader = PackReader(section)
            guard section.count >= 4, (section.count - 4) % 8 == 0, Int(reader.uint32(at: 0)) == (section.count - 4) / 8 else { throw refuse("VARS") }
            var previous = -1
            for entry in 0..<Int(reader.uint32(at: 0)) {
                let word = Int(reader.uint32(at: 4 + 8 * entry)), other = Int(reader.uint32(at: 8 + 8 * entry) & 0x7FFF_FFFF)
                guard word > previous, word < wordCount, other < wordCount else { throw refuse("VARS") }
                previous = word
            }
        }
        _ = try ruleValues()
    }

    /// `bytes` as a string when they are valid UTF-8.
    private static func text(_ bytes: UnsafeRawBufferPointer) -> String? {
        UTF8Text.string(validating: UnsafeBufferPointer(start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count))
    }
}
