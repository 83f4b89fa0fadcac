extension OfflineCorrector {
    /// What typing `intended` as `typed` costs on this corrector's keyboard for `language`
    /// (the language's usual one when the corrector names none), in log10 units of
    /// probability as the corrector prices its own readings: `0` for the same letters
    /// (case and marks aside), about `1` for a neighbouring key. `nil` when it costs more
    /// than `limit`, or either word holds anything but letters and apostrophes. A space in
    /// `intended` is a word split by the typing (`to morrow`), charged as a slipped space.
    package func slipCost(typing intended: String, as typed: String, language: String, limit: Float) -> Float? {
        let spaces = intended.utf8.count { $0 == 0x20 }
        let joined = spaces == 0 ? intended : String(intended.filter { $0 != " " })
        guard let intendedKey = FoldedWord.key(joined), let typedKey = FoldedWord.key(typed) else { return nil }
        let spaceCost = TypoCostModel.Cost(spaces) * TypoCostModel.spaceSlip
        let scaled = TypoCostModel.Cost(max(0, min(limit, 1000)) * 10) - spaceCost
        guard scaled >= 0 else { return nil }
        let intendedLetters = intendedKey.filter { $0 != UInt8(ascii: "'") }
        let typedLetters = typedKey.filter { $0 != UInt8(ascii: "'") }
        if intendedLetters == typedLetters { return TypoCostModel.logProbabilityCost(spaceCost) }
        let keyboard = layout ?? (packs.first { $0.language.language == language } ?? packs[0]).defaultLayout
        guard
            let cost = TypoCostModel.model(for: keyboard).cost(
                typing: intendedLetters, as: typedLetters, limit: scaled)
        else { return nil }
        return TypoCostModel.logProbabilityCost(cost + spaceCost)
    }
}
