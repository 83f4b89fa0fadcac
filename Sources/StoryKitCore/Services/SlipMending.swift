/// Mends a model's versions where slips remain: a typed word that the offline corrector reads
/// as a slip with confidence, found whole in a version, is replaced by the corrector's reading,
/// and so is a word of the version itself that the corrector, reading the version, is sure is a
/// slip (`linde doon` for `linse doown`). A small model often fixes some slips and copies or
/// garbles the rest; the version then keeps to the writer's words, passes the check, and is
/// still worse than the offline corrector alone.
struct SlipMending {
    /// The least confidence (``WordCorrection/confidence``) at which a reading replaces a slip:
    /// below it, the corrector itself is unsure.
    static let minimumConfidence = 0.5

    private let offline: OfflineCorrector
    private let language: String
    /// Typed word → the corrector's reading, for the slips it is sure of.
    private let typedReadings: [String: String]

    /// The slips of `typed`, in `language`, that `offline` reads with confidence; none when it
    /// cannot read it.
    init(typed: String, language: String, offline: OfflineCorrector) {
        self.offline = offline
        self.language = language
        typedReadings = Self.confidentReadings(of: typed, by: offline, language: language)
    }

    /// `set` with each version's slips replaced by their readings.
    func mended(_ set: VariationSet) -> VariationSet {
        var mended = set
        for index in mended.variations.indices {
            let text = mended.variations[index].text
            let readings = typedReadings.merging(Self.confidentReadings(of: text, by: offline, language: language)) {
                typed, _ in typed
            }
            guard !readings.isEmpty else { continue }
            mended.variations[index].text = Self.replacingWords(of: text, with: readings)
        }
        return mended
    }

    /// Each single word of `text` outside the pack's list that `offline` changes with
    /// confidence, and its reading. A listed word is left to the model: the corrector's own
    /// real-word readings are its likeliest mistakes (`roar` read as `road`).
    private static func confidentReadings(of text: String, by offline: OfflineCorrector, language: String)
        -> [String: String]
    {
        var readings: [String: String] = [:]
        guard let words = try? offline.correct(text).words else { return readings }
        for word in words where word.original != word.corrected && word.confidence >= minimumConfidence {
            // A stray capital inside a word (`saiLed`) is a slip, whatever the letters spell.
            let strayCapital = word.original.dropFirst().contains(where: \.isUppercase)
            guard word.changed || strayCapital else { continue }
            guard strayCapital || !offline.knows(word.original, language: language) else { continue }
            // A typed word, read as one word or as two (`countedhis`); words the typing split
            // are the model's to join.
            guard !word.original.contains(" ") else { continue }
            readings[word.original] = word.corrected
        }
        return readings
    }

    /// `text` with every whole word that is a known slip replaced.
    private static func replacingWords(of text: String, with readings: [String: String]) -> String {
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
