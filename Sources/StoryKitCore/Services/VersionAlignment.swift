/// Aligns a version's words with the typed words in order, as the version check reads a
/// version: words the same in both anchor the alignment, and each stretch between anchors is
/// aligned by the cheapest way through pairs (a word read as another, two typed words joined,
/// one split), added and dropped words, each priced by ``VersionCheck``. Another word order,
/// a sentence said twice or a word the keyboard does not explain has no way through.
///
/// Anchors are found within ``reach`` words, and a stretch between them holds at most
/// ``largestStretch`` words a side, so the cost is linear in the two texts.
struct VersionAlignment {
    /// A version word replaced by the offline corrector's reading of the typed word.
    struct Mending {
        let range: Range<String.Index>
        let reading: String
    }

    let typed: [CheckedWord]
    let version: [CheckedWord]
    /// The version's text, which `version`'s ranges index.
    let versionText: String
    let kind: TextVariation.Kind?
    let check: VersionCheck
    /// Each typed word's number, and each version word's (`-1` for one never typed).
    private let typedNumbers: [Int]
    private let versionNumbers: [Int]
    /// The folded forms of the typed words.
    private let typedSpellings: [String: Int]

    /// The mendings the alignment found, in text order.
    private(set) var mendings: [Mending] = []
    /// Whether a mending replaced a word that fails without it.
    private(set) var neededMending = false
    /// What the alignment found the version's words cost as readings of the typed ones, in
    /// log10 units: its slips, words added and dropped, and mendings.
    private(set) var cost: Float = 0
    /// How many listed typed words the version reads as other words: the corrector charges
    /// each such reading of its own (most words typed as listed are meant).
    private(set) var listedWordsChanged = 0
    /// How many words failing without a mending were mended, and which.
    private var failedPairsMended = 0
    private var failedPairs: [String] = []
    /// Words capitalised in the version where the typed word at that place is in lower case,
    /// past a sentence's start (`I` aside).
    private(set) var recapitalised: [String] = []
    /// The typed and version words `same` last paired, for two typed words read as one.
    private var lastSame: (typed: Int, version: Int)?
    /// Why the alignment failed, and the words at fault.
    private(set) var faultReason = ""
    private(set) var faultWords: [String] = []

    /// How far (typed plus version words) an anchor is looked for.
    static let reach = 24
    /// The most words a side of one stretch between anchors may hold.
    static let largestStretch = 64
    /// What mending a word costs beyond its reading: a pair the keyboard explains is preferred.
    static let mendingCost: Float = 1
    /// A version is mended where the keyboard does not explain at most one word in this
    /// many of the typed text (one at least): more, and the model wrote another text.
    static let typedWordsPerMending = 4

    init(
        typed: [CheckedWord], typedNumbers: [String: Int], version: [CheckedWord], versionText: String,
        kind: TextVariation.Kind?, check: VersionCheck
    ) {
        self.typed = typed
        self.version = version
        self.versionText = versionText
        self.kind = kind
        self.check = check
        typedSpellings = typedNumbers
        self.typedNumbers = typed.map { typedNumbers[$0.folded] ?? -1 }
        versionNumbers = version.map { typedNumbers[$0.folded] ?? -1 }
    }

    /// Aligns the words; `false` when no alignment exists (``faultReason`` says why). With
    /// `mending`, slips the model copied and words that fail on their letters alone are
    /// mended from the offline readings.
    mutating func run(mending: Bool) -> Bool {
        var typedIndex = 0, versionIndex = 0
        while typedIndex < typed.count || versionIndex < version.count {
            if typedIndex < typed.count, versionIndex < version.count,
                versionNumbers[versionIndex] >= 0, versionNumbers[versionIndex] == typedNumbers[typedIndex]
            {
                same(typedIndex, versionIndex, mending: mending)
                typedIndex += 1
                versionIndex += 1
                continue
            }
            let (typedEnd, versionEnd) = anchor(after: typedIndex, versionIndex) ?? (typed.count, version.count)
            guard stretch(typedIndex..<typedEnd, versionIndex..<versionEnd, mending: mending) else { return false }
            typedIndex = typedEnd
            versionIndex = versionEnd
        }
        return true
    }

    /// The nearest pair of equal words from `typedIndex` and `versionIndex` on.
    private func anchor(after typedIndex: Int, _ versionIndex: Int) -> (Int, Int)? {
        for distance in 1...Self.reach {
            for typedStep in 0...distance {
                let typedAt = typedIndex + typedStep, versionAt = versionIndex + distance - typedStep
                guard typedAt < typed.count, versionAt < version.count else { continue }
                if versionNumbers[versionAt] >= 0, versionNumbers[versionAt] == typedNumbers[typedAt] {
                    return (typedAt, versionAt)
                }
            }
        }
        return nil
    }

    /// A typed word the version has the same: its capital, and a slip the model copied, or
    /// with the word before, a word the typing split that the model copied as two.
    private mutating func same(_ typedIndex: Int, _ versionIndex: Int, mending: Bool) {
        let typedWord = typed[typedIndex], versionWord = version[versionIndex]
        noteCapital(typedWord, versionWord)
        let last = lastSame
        lastSame = (typedIndex, versionIndex)
        guard mending else { return }
        if let last, last == (typedIndex - 1, versionIndex - 1),
            let joined = check.joiningReading(of: typed[last.typed], typedWord)
        {
            let first = version[last.version]
            if mendings.last?.range == first.range { mendings.removeLast() }
            mendings.append(
                Mending(
                    range: first.range.lowerBound..<versionWord.range.upperBound,
                    reading: Self.written(joined, like: first)))
            // A word joined is not joined again with the next.
            lastSame = nil
            return
        }
        guard let reading = check.mendingReading(of: typedWord, kind: kind) else { return }
        mendings.append(Mending(range: versionWord.range, reading: Self.written(reading.text, like: versionWord)))
    }

    private mutating func noteCapital(_ typedWord: CheckedWord, _ versionWord: CheckedWord) {
        // `I` and its contractions are English's and may be capitalised anywhere.
        guard versionWord.isCapitalised, !typedWord.isCapitalised, !versionWord.startsSentence,
            !["i", "im", "id", "ive", "ill"].contains(versionWord.folded)
        else { return }
        recapitalised.append(String(versionText[versionWord.range]))
    }

    // MARK: Stretches

    /// One way through a cell of a stretch: the step that reached it.
    private enum Step {
        case pair(typed: Int, version: Int)
        case mend
        case insert
        case delete
    }

    /// Aligns `typedRange` with `versionRange`, between anchors.
    private mutating func stretch(_ typedRange: Range<Int>, _ versionRange: Range<Int>, mending: Bool) -> Bool {
        if typedRange.isEmpty || versionRange.isEmpty {
            let costs =
                typedRange.compactMap { check.deletionCost(ofTypedAt: $0, kind: kind) }
                + versionRange.compactMap { check.insertionCost(of: version[$0], kind: kind) }
            guard costs.count == typedRange.count + versionRange.count else {
                fail(typedRange, versionRange)
                return false
            }
            cost += costs.reduce(0, +)
            return true
        }
        guard typedRange.count <= Self.largestStretch, versionRange.count <= Self.largestStretch else {
            faultReason = "changes too much to check"
            faultWords = []
            return false
        }
        let rows = typedRange.count + 1, columns = versionRange.count + 1
        var costs = [Float](repeating: .infinity, count: rows * columns)
        var steps = [Step](repeating: .insert, count: rows * columns)
        costs[0] = 0
        func relax(_ row: Int, _ column: Int, from previous: Int, adding cost: Float?, _ step: Step) {
            guard let cost, costs[previous] < .infinity else { return }
            let total = costs[previous] + cost
            if total < costs[row * columns + column] {
                costs[row * columns + column] = total
                steps[row * columns + column] = step
            }
        }
        for row in 0..<rows {
            for column in 0..<columns where row + column > 0 {
                let typedAt = typedRange.lowerBound + row - 1, versionAt = versionRange.lowerBound + column - 1
                if column > 0 {
                    relax(
                        row, column, from: row * columns + column - 1,
                        adding: check.insertionCost(of: version[versionAt], kind: kind), .insert)
                }
                if row > 0 {
                    relax(
                        row, column, from: (row - 1) * columns + column,
                        adding: check.deletionCost(ofTypedAt: typedAt, kind: kind), .delete)
                }
                for (typedCount, versionCount) in [(1, 1), (2, 1), (1, 2), (1, 3)]
                where row >= typedCount && column >= versionCount {
                    let typedPositions = (typedAt + 1 - typedCount)..<(typedAt + 1)
                    let versionWords = version[(versionAt + 1 - versionCount)...versionAt]
                    let previous = (row - typedCount) * columns + column - versionCount
                    switch check.price(typedAt: typedPositions, as: versionWords, kind: kind) {
                    case .success(let cost):
                        relax(
                            row, column, from: previous, adding: cost, .pair(typed: typedCount, version: versionCount))
                    case .failure(.letters) where mending && typedCount == 1 && versionCount == 1:
                        let reading = check.mendingReading(of: typed[typedAt], kind: kind)
                        relax(row, column, from: previous, adding: reading.map { $0.cost + Self.mendingCost }, .mend)
                    case .failure:
                        continue
                    }
                }
            }
        }
        guard costs[rows * columns - 1] < .infinity else {
            fail(typedRange, versionRange)
            return false
        }
        cost += costs[rows * columns - 1]
        var row = rows - 1, column = columns - 1
        var found: [Mending] = []
        while row + column > 0 {
            let typedAt = typedRange.lowerBound + row - 1, versionAt = versionRange.lowerBound + column - 1
            switch steps[row * columns + column] {
            case .insert:
                column -= 1
            case .delete:
                row -= 1
            case .mend:
                if check.isListed(typed[typedAt]) { listedWordsChanged += 1 }
                let reading = check.mendingReading(of: typed[typedAt], kind: kind)!
                found.append(
                    Mending(
                        range: version[versionAt].range, reading: Self.written(reading.text, like: version[versionAt])))
                neededMending = true
                failedPairsMended += 1
                failedPairs.append(String(versionText[version[versionAt].range]))
                row -= 1
                column -= 1
            case .pair(let typedCount, let versionCount):
                if typedCount == 1, versionCount == 1 {
                    let typedWord = typed[typedAt], versionWord = version[versionAt]
                    noteCapital(typedWord, versionWord)
                    if typedWord.folded != versionWord.folded, check.isListed(typedWord) { listedWordsChanged += 1 }
                    // A word of the model's own that no list holds, for a slip the corrector reads.
                    if mending, typedWord.folded != versionWord.folded, !check.isListed(versionWord),
                        let reading = check.mendingReading(of: typedWord, kind: kind),
                        TypedReadings.folded(reading.text) != versionWord.folded
                    {
                        found.append(
                            Mending(range: versionWord.range, reading: Self.written(reading.text, like: versionWord)))
                    }
                }
                row -= typedCount
                column -= versionCount
            }
        }
        mendings += found.reversed()
        if failedPairsMended > max(1, typed.count / Self.typedWordsPerMending) {
            record("invents words", Array(Set(failedPairs)).sorted())
            return false
        }
        return true
    }

    /// Records why `typedRange` and `versionRange` have no alignment: the first of a changed
    /// negation, a changed number, a changed name, words the version invents or repeats,
    /// words it drops, and another word order.
    private mutating func fail(_ typedRange: Range<Int>, _ versionRange: Range<Int>) {
        let typedWords = typed[typedRange], versionWords = version[versionRange]
        func written(_ words: some Sequence<CheckedWord>, version isVersion: Bool) -> [String] {
            Array(Set(words.map { String((isVersion ? versionText : check.trimmedTyped)[$0.range]) })).sorted()
        }
        let typedNegations = typedWords.filter(check.isNegation),
            versionNegations = versionWords.filter(check.isNegation)
        if versionNegations.count > typedNegations.count {
            return record("adds a negation", written(versionNegations, version: true))
        }
        if typedNegations.count > versionNegations.count {
            return record("drops a negation", written(typedNegations, version: false))
        }
        let typedNumbers = typedWords.filter(\.hasDigits).map(\.folded)
        let versionNumbers = versionWords.filter(\.hasDigits).map(\.folded)
        if typedNumbers != versionNumbers {
            let changed = versionWords.filter { $0.hasDigits && !typedNumbers.contains($0.folded) }
            return record(
                "changes a number",
                written(changed.isEmpty ? Array(typedWords.filter(\.hasDigits)) : changed, version: !changed.isEmpty))
        }
        let versionSpellings = Set(versionWords.map(\.folded))
        let names = typedRange.filter { check.isName(typedAt: $0) && !versionSpellings.contains(typed[$0].folded) }
        if !names.isEmpty { return record("changes a name", written(names.map { typed[$0] }, version: false)) }
        let unexplained = versionWords.filter { word in
            !(kind != .direct && check.isFunctionWord(word))
                && !typedRange.contains { position in
                    if case .success = check.price(typedAt: position..<(position + 1), as: [word][...], kind: kind) {
                        return true
                    }
                    return Self.isPart(word.folded, of: typed[position].folded)
                }
        }
        if !unexplained.isEmpty {
            let said = Set(version[..<versionRange.lowerBound].map(\.folded))
            let elsewhere = unexplained.filter { typedSpellings[$0.folded] != nil || said.contains($0.folded) }
            if elsewhere.count == unexplained.count {
                let versionElsewhere = Set(version[versionRange.upperBound...].map(\.folded)).union(said)
                let moved = !typedWords.isEmpty && typedWords.allSatisfy { versionElsewhere.contains($0.folded) }
                let content = unexplained.filter { !check.isFunctionWord($0) }
                return record(
                    moved ? "changes the word order" : "repeats words",
                    written(content.isEmpty ? unexplained : content, version: true))
            }
            return record(
                "invents words",
                written(
                    unexplained.filter { typedSpellings[$0.folded] == nil && !said.contains($0.folded) }, version: true)
            )
        }
        let dropped = typedRange.filter { position in
            check.deletionCost(ofTypedAt: position, kind: kind) == nil
                && !versionWords.contains { word in
                    if case .success = check.price(typedAt: position..<(position + 1), as: [word][...], kind: kind) {
                        return true
                    }
                    return Self.isPart(word.folded, of: typed[position].folded)
                }
        }
        if !dropped.isEmpty { return record("drops words", written(dropped.map { typed[$0] }, version: false)) }
        record("changes the word order", written(versionWords.filter { !check.isFunctionWord($0) }, version: true))
    }

    private mutating func record(_ reason: String, _ words: [String]) {
        faultReason = reason
        faultWords = words
    }

    /// Whether `word` begins or ends `other`, as a part of a word the typing ran together.
    private static func isPart(_ word: String, of other: String) -> Bool {
        word.count >= 2 && other.count > word.count && (other.hasPrefix(word) || other.hasSuffix(word))
    }

    /// `reading` with the capital of the version word it replaces.
    private static func written(_ reading: String, like word: CheckedWord) -> String {
        guard word.isCapitalised, let first = reading.first, first.isLowercase else { return reading }
        return first.uppercased() + reading.dropFirst()
    }
}
