/// A word as the corrector compares words: lower case, each letter with a diacritic folded
/// to its base letter (`Oisín` and `oisin` are one key), for checks outside the corrector
/// that must agree with it, such as a story's words a parent does not want.
package enum FoldedWord {
    /// The comparison key of `word`; `nil` when it holds anything but letters, apostrophes
    /// and combining marks.
    package static func key(_ word: some StringProtocol) -> [UInt8]? {
        LetterFolding.spellingKey(word.lowercased())
    }
}
