/// The cost, in log10 units of probability, of each slip a tremor makes while typing a word:
/// the error model of the noisy channel. Cheaper slips are likelier. Costs are counted in
/// tenths (`Cost`): every slip costs a round tenth, so sums are exact and the search adds and
/// compares integers.
///
/// Costs were set on the tremor corpus (`scripts/generate-correction-corpus.py`): a pressed
/// neighbour key or a doubled press is common; a dropped letter or a swap a little less; a
/// key far from the intended one is rare.
struct TypoCostModel: Sendable {
    /// A slip's cost in tenths of a log10 unit of probability.
    typealias Cost = Int32

    /// Substitution cost by ASCII letter pair (26 x 26), from key distance.
    private let substitution: [Cost]
    /// Extra-press cost by ASCII letter pair (26 x 26): an extra key next to, near or far from
    /// the key meant.
    private let extraPress: [Cost]
    /// Word letters by what typing a key for them costs; key: the typed letter (0 for `a`).
    let substitutionEntries: SlipEntryTable
    /// Word letters by what an extra press on the way to them and then a key for them cost;
    /// key: 26 × the extra letter + the typed letter.
    let extraBeforeEntries: SlipEntryTable

    static let neighbourSubstitution: Cost = 10
    static let nearSubstitution: Cost = 20
    static let farSubstitution: Cost = 30
    static let doubledPress: Cost = 6
    static let extraNeighbour: Cost = 11
    static let extraNear: Cost = 20
    static let extraOther: Cost = 30
    static let droppedLetter: Cost = 11
    static let droppedDoubleLetter: Cost = 8
    static let swappedLetters: Cost = 11
    /// A missing or extra space between two words.
    static let spaceSlip: Cost = 6
    /// A letter written for one that sounds alike (`seperate`, `garuntee`, `sircle`): a
    /// spelling slip, not a tremor's, that the long-word search also allows.
    static let soundAlike: Cost = 16
    /// Two to four letters typed twice in a row ("documument"): a finger that stutters
    /// through a syllable, a slip of both tremor and spelling.
    static let repeatedSyllable: Cost = 12
    /// A plural or verb ending spelt as it sounds ("storys", "followes"): a child's spelling.
    static let spokenEnding: Cost = 8
    /// Letters written for one another by sound: the vowels, and c, k, s and z.
    private static let soundAlikeGroups = ["aeiouy", "ck", "cs", "sz"]

    /// `cost` in log10 units of probability, as the lattice scores readings.
    @inline(__always)
    static func logProbabilityCost(_ cost: Cost) -> Float { Float(cost) / 10 }

    /// The model for `layout`, built once per process; `withSoundAlikes` also charges
    /// ``soundAlike`` for letters written for one another by sound.
    static func model(for layout: KeyboardLayout, withSoundAlikes: Bool = false) -> TypoCostModel {
        switch (layout, withSoundAlikes) {
        case (.qwerty, false): qwerty
        case (.qwertz, false): qwertz
        case (.azerty, false): azerty
        case (.qwerty, true): qwertySpelling
        case (.qwertz, true): qwertzSpelling
        case (.azerty, true): azertySpelling
        }
    }

    private static let qwerty = TypoCostModel(layout: .qwerty, withSoundAlikes: false)
    private static let qwertz = TypoCostModel(layout: .qwertz, withSoundAlikes: false)
    private static let azerty = TypoCostModel(layout: .azerty, withSoundAlikes: false)
    private static let qwertySpelling = TypoCostModel(layout: .qwerty, withSoundAlikes: true)
    private static let qwertzSpelling = TypoCostModel(layout: .qwertz, withSoundAlikes: true)
    private static let azertySpelling = TypoCostModel(layout: .azerty, withSoundAlikes: true)

    private init(layout: KeyboardLayout, withSoundAlikes: Bool) {
        var substitution = [Cost](repeating: Self.farSubstitution, count: 26 * 26)
        var extraPress = [Cost](repeating: Self.extraOther, count: 26 * 26)
        let positions = layout.positions
        for a in 0..<26 {
            for b in 0..<26 {
                guard let p = positions[a], let q = positions[b] else { continue }
                let distance = ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
                if a == b {
                    substitution[a * 26 + b] = 0
                    extraPress[a * 26 + b] = Self.doubledPress
                } else if distance <= 1.2 {
                    substitution[a * 26 + b] = Self.neighbourSubstitution
                    extraPress[a * 26 + b] = Self.extraNeighbour
                } else if distance <= 2.3 {
                    substitution[a * 26 + b] = Self.nearSubstitution
                    extraPress[a * 26 + b] = Self.extraNear
                }
            }
        }
        if withSoundAlikes {
            for group in Self.soundAlikeGroups {
                for a in group.utf8 {
                    for b in group.utf8 where a != b {
                        let slot = Int(a - UInt8(ascii: "a")) * 26 + Int(b - UInt8(ascii: "a"))
                        substitution[slot] = min(substitution[slot], Self.soundAlike)
                    }
                }
            }
        }
        self.substitution = substitution
        self.extraPress = extraPress
        substitutionEntries = SlipEntryTable(keys: 26) { typed, letter in substitution[letter * 26 + typed] }
        extraBeforeEntries = SlipEntryTable(keys: 26 * 26) { key, letter in
            extraPress[letter * 26 + key / 26] + substitution[letter * 26 + key % 26]
        }
    }

    /// Runs `body` with the substitution and extra-press tables, both by (key letter × 26 +
    /// typed letter), 0 for `a`: `substitute(_:with:)` and `extraPress` for lower-case letters,
    /// without their checks, for the candidate search's inner loop.
    func withCostTables<Result>(
        _ body: (_ substitution: UnsafeBufferPointer<Cost>, _ extraPress: UnsafeBufferPointer<Cost>) -> Result
    ) -> Result {
        substitution.withUnsafeBufferPointer { substitution in
            extraPress.withUnsafeBufferPointer { extraPress in body(substitution, extraPress) }
        }
    }

    /// Typing `typed` where `intended` was meant (both lower-case ASCII letters).
    @inline(__always)
    func substitute(_ intended: UInt8, with typed: UInt8) -> Cost {
        guard let a = Self.letterIndex(intended), let b = Self.letterIndex(typed) else {
            return intended == typed ? 0 : Self.farSubstitution
        }
        return substitution[a * 26 + b]
    }

    /// An extra `typed` key pressed after `previous` (the typed letter before it, or 0) while
    /// aiming at `intended` (the word's letter at that point, or 0).
    @inline(__always)
    func extra(_ typed: UInt8, after previous: UInt8, intended: UInt8) -> Cost {
        min(extraPress(typed, beside: previous), extraPress(typed, beside: intended))
    }

    /// An extra `typed` key pressed on the way to the key of `intended`, the word's next letter.
    @inline(__always)
    func extra(_ typed: UInt8, before intended: UInt8) -> Cost {
        extraPress(typed, beside: intended)
    }

    /// A letter of the word left out; cheaper when it doubles the one before.
    @inline(__always)
    static func dropped<Letter: Equatable>(_ letter: Letter, after previous: Letter) -> Cost {
        letter == previous ? droppedDoubleLetter : droppedLetter
    }

    /// The cost of pressing `typed` by slipping from the key of `key` (0: no key).
    @inline(__always)
    private func extraPress(_ typed: UInt8, beside key: UInt8) -> Cost {
        guard let a = Self.letterIndex(typed), let b = Self.letterIndex(key) else { return Self.extraOther }
        return extraPress[b * 26 + a]
    }

    @inline(__always)
    private static func letterIndex(_ byte: UInt8) -> Int? {
        byte.isASCIILowercase ? Int(byte - UInt8(ascii: "a")) : nil
    }
}
