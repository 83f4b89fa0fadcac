import StoryKitCore
import Testing

/// The offline corrector on the tremor corpus (Tests/Fixtures/Correction/tremor-corpus.json,
/// from scripts/generate-correction-corpus.py): floors under the figures that
/// Examples/python/bench_correction.py reports, so a change that makes correction worse fails.
@Suite struct TremorCorpusTests {
    struct Case {
        var clean: String
        var typed: String
        var mistyped: Set<Int>
    }

    static let cases: [Case] = {
        guard case .object(let document)? = try? Fixtures.json("Correction/tremor-corpus.json"),
            case .array(let entries)? = document["cases"]
        else { return [] }
        return entries.compactMap { entry in
            guard case .object(let fields) = entry, case .string(let clean)? = fields["clean"],
                case .string(let typed)? = fields["typed"], case .array(let positions)? = fields["mistyped"]
            else { return nil }
            return Case(
                clean: clean, typed: typed,
                mistyped: Set(
                    positions.compactMap { value -> Int? in
                        if case .number(let number) = value { return Int(number.description) }
                        return nil
                    }))
        }
    }()

    /// Positions of `expected` words that appear in `actual` in order (a longest common subsequence).
    static func keptPositions(_ expected: [Substring], _ actual: [Substring]) -> Set<Int> {
        var table = [[Int]](repeating: [Int](repeating: 0, count: actual.count + 1), count: expected.count + 1)
        for i in stride(from: expected.count - 1, through: 0, by: -1) {
            for j in stride(from: actual.count - 1, through: 0, by: -1) {
                table[i][j] = expected[i] == actual[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var kept = Set<Int>(), i = 0, j = 0
        while i < expected.count, j < actual.count {
            if expected[i] == actual[j] {
                kept.insert(i)
                i += 1
                j += 1
            } else if table[i + 1][j] >= table[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return kept
    }

    @Test func correctsTheCorpusAboveItsFloors() throws {
        #expect(Self.cases.count >= 150)
        let corrector = OfflineCorrector()
        var exact = 0, fixed = 0, mistyped = 0, damaged = 0, typedCorrectly = 0
        for entry in Self.cases {
            let direct = try corrector.correct(entry.typed).variations.variations[0].text
            if direct == entry.clean { exact += 1 }
            let expected = entry.clean.split(separator: " ")
            let kept = Self.keptPositions(expected, direct.split(separator: " "))
            for position in expected.indices {
                if entry.mistyped.contains(position) {
                    mistyped += 1
                    if kept.contains(position) { fixed += 1 }
                } else {
                    typedCorrectly += 1
                    if !kept.contains(position) { damaged += 1 }
                }
            }
        }
        let exactRate = Double(exact) / Double(Self.cases.count)
        let fixedRate = Double(fixed) / Double(mistyped)
        let damageRate = Double(damaged) / Double(typedCorrectly)
        // Measured: 85.8% exact, 92.7% fixed, no correct word damaged; floors two points under.
        #expect(exactRate >= 0.84, "sentence exact match \(exactRate)")
        #expect(fixedRate >= 0.91, "mistyped words fixed \(fixedRate)")
        #expect(damageRate <= 0.005, "correct words damaged \(damageRate)")
    }

    @Test func alignmentCountsOnlyWordsKeptInOrder() {
        let expected = "the cat sat on the mat".split(separator: " ")
        #expect(Self.keptPositions(expected, "the cat sat on the mat".split(separator: " ")) == Set(0..<6))
        #expect(Self.keptPositions(expected, "the car sat in the mat".split(separator: " ")) == [0, 2, 4, 5])
        #expect(Self.keptPositions(expected, "mat the".split(separator: " ")).count == 1)
        #expect(Self.keptPositions(expected, []).isEmpty)
    }
}
