// The offline corrector in process: the one-time cost of loading its word lists (time and
// resident memory), then the median time per sentence over the tremor corpus, also per 100
// characters; then the same for each other language's pack, on its corpus
// (language-corpora.json); then what a writer's vocabulary costs: English with 1,000 known
// words against none, sentence by sentence side by side, and the resident memory of 10,000
// words. Run from the repository root (it reads Tests/Fixtures/Correction):
//
//   swift run -c release --package-path Examples/Benchmarks correction-benchmark [rounds]

import BenchmarkSupport
import StoryKitCore
import StoryKitLanguages

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 5 : 5

/// The typed sentences of `cases`, an array of {"typed": ...} objects.
func typedSentences(_ cases: JSONValue?) -> [String] {
    guard case .array(let cases)? = cases else { return [] }
    return cases.compactMap { entry in
        guard case .object(let fields) = entry, case .string(let typed)? = fields["typed"] else { return nil }
        return typed
    }
}

/// Makes a corrector, which loads its language's words, and corrects once; then times it on
/// `sentences`.
func measure(_ name: String, _ makeCorrector: () -> OfflineCorrector, _ sentences: [String]) throws {
    let memoryBefore = residentMiB()
    var start = now()
    let corrector = makeCorrector()
    _ = try corrector.correct("a")
    let loadMilliseconds = (now() - start) * 1000
    let memoryAfter = residentMiB()
    var perSentence: [Double] = [], perHundredCharacters: [Double] = []
    for _ in 0..<rounds {
        for sentence in sentences {
            start = now()
            _ = try corrector.correct(sentence)
            let elapsed = (now() - start) * 1000
            perSentence.append(elapsed)
            perHundredCharacters.append(elapsed * 100 / Double(sentence.count))
        }
    }
    let averageLength = Double(sentences.map(\.count).reduce(0, +)) / Double(sentences.count)
    print(
        "\(name): word lists loaded in \(loadMilliseconds.formatted3) ms, resident memory +\(((memoryAfter - memoryBefore)).formatted3) MiB"
    )
    print("  \(sentences.count) sentences (\(averageLength.formatted3) characters on average) x \(rounds) rounds")
    print(
        "  median per sentence: \(median(perSentence).formatted3) ms; per 100 characters: \(median(perHundredCharacters).formatted3) ms"
    )
}

let path = "Tests/Fixtures/Correction/tremor-corpus.json"
let languagesPath = "Tests/Fixtures/Correction/language-corpora.json"
guard let text = readFile(path), case .object(let corpus) = try JSONValue(parsing: text),
    let languagesText = readFile(languagesPath),
    case .object(let languageCorpora) = try JSONValue(parsing: languagesText),
    case .object(let languages)? = languageCorpora["languages"]
else {
    print("cannot read \(path) or \(languagesPath); run from the repository root")
    exit(1)
}
try measure("English", { OfflineCorrector() }, typedSentences(corpus["cases"]))
try measureVocabulary(typedSentences(corpus["cases"]))
let packs = LanguagePack.all.filter { $0.language.language != "en" }
for pack in packs {
    guard case .object(let fields)? = languages[pack.language.tag] else { continue }
    try measure(
        pack.language.englishName ?? pack.language.tag, { OfflineCorrector(language: pack.language, packs: [pack]) },
        typedSentences(fields["cases"]))
}

/// English with 1,000 known words against none, each sentence timed with both in turn; then
/// the resident memory 10,000 words take.
func measureVocabulary(_ sentences: [String]) throws {
    let plain = OfflineCorrector()
    let withWords = OfflineCorrector(vocabulary: try Vocabulary(known: inventedWords(1000, seed: 61)))
    var none: [Double] = [], known: [Double] = []
    for round in 0..<rounds {
        for sentence in sentences {
            for useWords in round % 2 == 0 ? [false, true] : [true, false] {
                let start = now()
                _ = try (useWords ? withWords : plain).correct(sentence)
                let elapsed = (now() - start) * 1000
                if useWords { known.append(elapsed) } else { none.append(elapsed) }
            }
        }
    }
    print(
        "English with a vocabulary of 1,000 known words: median per sentence \(median(known).formatted3) ms against \(median(none).formatted3) ms with none (ratio \((median(known) / median(none)).formatted3))"
    )
    let words = inventedWords(10_000, seed: 62)
    let before = residentMiB()
    let tenThousand = try Vocabulary(known: words)
    let after = residentMiB()
    withExtendedLifetime(tenThousand) {
        print("  a vocabulary of 10,000 words: resident memory +\((after - before).formatted3) MiB")
    }
}
