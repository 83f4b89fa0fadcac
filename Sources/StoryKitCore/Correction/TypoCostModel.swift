/// The cost, in log10 units of probability, of each slip a tremor makes while typing a word:
/// the error model of the noisy channel. Cheaper slips are likelier.
///
/// Costs were set on the tremor corpus (`scripts/generate-correction-corpus.py`): a pressed
/// neighbour key or a doubled press is common; a dropped letter or a swap a little less; a
/// key far from the intended one is rare.
struct TypoCostModel: Sendable {
    /// Substitution cost by ASCII letter pair (26 x 26), from key distance.
    private let substitution: [Float]
    /// Extra-press cost by ASCII letter pair (26 x 26): an extra key next to, near or far from
    /// the key meant.
    private let extraPress: [Float]
    /// Word letters by what typing a key for them costs; key: the typed letter (0 for `a`).
    let substitutionEntries: SlipEntryLevels
    /// Word letters by what an extra press on the way to them and then a key for them cost;
    /// key: 26 × the extra letter + the typed letter.
    let extraBeforeEntries: SlipEntryLevels

    static let neighbourSubstitution: Float = 1.0
    static let nearSubstitution: Float = 2.0
    static let farSubstitution: Float = 3.0
    static let doubledPress: Float = 0.6
    static let extraNeighbour: Float = 1.1
    static let extraNear: Float = 2.0
    static let extraOther: Float = 3.0
    static let droppedLetter: Float = 1.1
    static let droppedDoubleLetter: Float = 0.8
    static let swappedLetters: Float = 1.1
    /// A missing or extra space between two words.
    static let spaceSlip: Float = 0.6

    /// The model for `layout`, built once per process.
    static func model(for layout: KeyboardLayout) -> TypoCostModel {
        switch layout {
        case .qwerty: qwerty
        case .qwertz: qwertz
        case .azerty: azerty
        }
    }

    private static let qwerty = TypoCostModel(layout: .qwerty)
    private static let qwertz = TypoCostModel(layout: .qwertz)
    private static let azerty = TypoCostModel(layout: .azerty)

    private init(layout: KeyboardLayout) {
        var substitution = [Float](repeating: Self.farSubstitution, count: 26 * 26)
        var extraPress = [Float](repeating: Self.extraOther, count: 26 * 26)
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
        self.substitution = substitution
        self.extraPress = extraPress
        substitutionEntries = SlipEntryLevels(keys: 26) { typed, letter in substitution[letter * 26 + typed] }
        extraBeforeEntries = SlipEntryLevels(keys: 26 * 26) { key, letter in
            extraPress[letter * 26 + key / 26] + substitution[letter * 26 + key % 26]
        }
    }

    /// Typing `typed` where `intended` was meant (both lower-case ASCII letters).
    @inline(__always)
    func substitute(_ intended: UInt8, with typed: UInt8) -> Float {
        guard let a = Self.letterIndex(intended), let b = Self.letterIndex(typed) else {
            return intended == typed ? 0 : Self.farSubstitution
        }
        return substitution[a * 26 + b]
    }

    /// An extra `typed` key pressed after `previous` (the typed letter before it, or 0) while
    /// aiming at `intended` (the word's letter at that point, or 0).
    @inline(__always)
    func extra(_ typed: UInt8, after previous: UInt8, intended: UInt8) -> Float {
        min(extraPress(typed, beside: previous), extraPress(typed, beside: intended))
    }

    /// An extra `typed` key pressed on the way to the key of `intended`, the word's next letter.
    @inline(__always)
    func extra(_ typed: UInt8, before intended: UInt8) -> Float {
        extraPress(typed, beside: intended)
    }

    /// A letter of the word left out; cheaper when it doubles the one before.
    @inline(__always)
    static func dropped(_ letter: UInt8, after previous: UInt8) -> Float {
        letter == previous ? droppedDoubleLetter : droppedLetter
    }

    /// The cost of pressing `typed` by slipping from the key of `key` (0: no key).
    @inline(__always)
    private func extraPress(_ typed: UInt8, beside key: UInt8) -> Float {
        guard let a = Self.letterIndex(typed), let b = Self.letterIndex(key) else { return Self.extraOther }
        return extraPress[b * 26 + a]
    }

    @inline(__always)
    private static func letterIndex(_ byte: UInt8) -> Int? {
        byte.isASCIILowercase ? Int(byte - UInt8(ascii: "a")) : nil
    }
}
