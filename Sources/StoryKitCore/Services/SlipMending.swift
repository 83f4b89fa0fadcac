/// Mends a model's versions where the model left a slip as typed: a typed word that the
/// offline corrector reads as a slip with confidence, found whole in a version, is replaced by
/// the corrector's reading. A small model often fixes some slips and copies the rest; the
/// version then keeps the writer's words, passes the check, and is still worse than the offline
/// corrector alone. With the mending, a checked model answer is never worse on those words.
struct SlipMending {
    /// The least confidence (``WordCorrection/confidence``) at which a reading replaces a slip
    /// the model kept: below it, the corrector itself is unsure.
    static let minimumConfidence = 0.5

    /// Typed word → the corrector's reading, for the slips it is sure of.
    private let readings: [String: String]

    /// The slips of `typed` that `offline` reads with confidence; none when it cannot read it.
    init(typed: String, offline: OfflineCorrector) {
        var readings: [String: String] = [:]
        if let words = try? offline.correct(typed).words {
            for word in words where word.changed && word.confidence >= Self.minimumConfidence {
                // Only single typed words: a split or join is the model's to make.
                guard !word.original.contains(" ") else { continue }
                readings[word.original] = word.corrected
            }
        }
        self.readings = readings
    }

    /// `set` with each version's kept slips replaced by their readings.
    func mended(_ set: VariationSet) -> VariationSet {
        guard !readings.isEmpty else { return set }
        var mended = set
        for index in mended.variations.indices {
            mended.variations[index].text = mendedText(mended.variations[index].text)
        }
        return mended
    }

    /// `text` with every whole word that is a known slip replaced.
    private func mendedText(_ text: String) -> String {
        var output = ""
        var word = ""
        func flush() {
            output += readings[word] ?? word
            word = ""
        }
        for character in text {
            if character.isLetter || character == "'" || character == "\u{2019}" {
                word.append(character)
            } else {
                flush()
                output.append(character)
            }
        }
        flush()
        return output
    }
}
