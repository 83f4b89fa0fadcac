extension LanguagePack.Rules {
    /// A letter another region writes with another mark than the list does (Brazilian `ê`
    /// for European `é` before `m` or `n` and a vowel: `tênis`, `prêmio`, not `também`; and at
    /// a word's end: `bebê`). Read from a `regional-marks` value: the list's letter, the
    /// region's letter, then the letters it may stand before when a vowel follows them (it
    /// may always end a word).
    struct RegionalMark: Sendable, Equatable {
        /// The letter as the list writes it (`é`).
        let listed: Unicode.Scalar
        /// The letter as the other region writes it (`ê`).
        let written: Unicode.Scalar
        /// The letters the region's letter may stand before.
        let before: Set<Unicode.Scalar>

        /// The mark `value` describes (`éêmn`), or nil when it is malformed: the two letters
        /// must differ, carry a mark and share their base letter.
        init?(_ value: String) {
            let scalars = Array(value.unicodeScalars)
            guard scalars.count >= 2, scalars[0] != scalars[1], !scalars[0].isASCII, !scalars[1].isASCII,
                let listedBase = LetterFolding.folded(String(scalars[0])[...].unicodeScalars),
                listedBase.count == 1, listedBase == LetterFolding.folded(String(scalars[1])[...].unicodeScalars),
                scalars.dropFirst(2).allSatisfy({ $0.isASCII && $0.properties.isLowercase })
            else { return nil }
            listed = scalars[0]
            written = scalars[1]
            before = Set(scalars.dropFirst(2))
        }

        /// Whether `typed`, where the list writes `listed`, before `next` and `then` (nil past
        /// the word's end), is this region's spelling.
        func allows(
            typed: Unicode.Scalar, listed written: Unicode.Scalar, before next: Unicode.Scalar?,
            then: Unicode.Scalar?
        ) -> Bool {
            guard typed == self.written, written == listed else { return false }
            guard let next else { return true }
            guard before.contains(next), let then,
                let vowel = LetterFolding.folded(String(then)[...].unicodeScalars), vowel.count == 1
            else { return false }
            return "aeiou".utf8.contains(vowel[0])
        }
    }
}
