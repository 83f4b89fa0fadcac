// The offline corrector on long texts of each shape, without words: seconds per MB, the
// median and the longest gap between two progress calls (one piece of
// OfflineCorrector.maxInputBytes, the most a host waits to stop a correction), and the peak
// resident memory. The shapes: prose with slips (the tremor corpus), the same words one per
// line, made-up words each typed once (none listed: every one is searched for), and those
// one per line. Run from the repository root (it reads Tests/Fixtures/Correction):
//
//   swift run -c release --package-path Examples/Benchmarks correction-shapes-benchmark [kilobytes]

import BenchmarkSupport
import StoryKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let kilobytes = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 200 : 200

/// `units` joined by `separator`, repeated until the text holds `bytes` bytes.
func text(of units: [String], separator: String, bytes: Int) -> String {
    var text = ""
    text.reserveCapacity(bytes + 64)
    var index = 0
    while text.utf8.count < bytes {
        text += units[index % units.count]
        text += separator
        index += 1
    }
    return text
}

let path = "Tests/Fixtures/Correction/tremor-corpus.json"
guard let corpusText = readFile(path), case .object(let corpus) = try JSONValue(parsing: corpusText),
    case .array(let cases)? = corpus["cases"]
else {
    print("cannot read \(path); run from the repository root")
    exit(1)
}
let sentences = cases.compactMap { entry -> String? in
    guard case .object(let fields) = entry, case .string(let typed)? = fields["typed"] else { return nil }
    return typed
}
let corpusWords = sentences.flatMap { $0.split(separator: " ").map(String.init) }
let bytes = kilobytes * 1000
// Enough made-up words that none repeats: the text's own words never help.
let madeUp = inventedWords(bytes / 6, seed: 71)
let shapes: [(name: String, text: String)] = [
    ("prose with slips", text(of: sentences, separator: " ", bytes: bytes)),
    ("one word per line", text(of: corpusWords, separator: "\n", bytes: bytes)),
    ("made-up words, each once", text(of: madeUp, separator: " ", bytes: bytes)),
    ("made-up words, one per line", text(of: madeUp, separator: "\n", bytes: bytes))
]

let corrector = OfflineCorrector()
_ = try corrector.correct("a", includingWords: false)
print("\(kilobytes) KB of each shape, without words; a piece is at most \(OfflineCorrector.maxInputBytes) bytes")
for shape in shapes {
    var gaps: [Double] = []
    let start = now()
    var last = start
    _ = try corrector.correct(shape.text, includingWords: false) { _, _ in
        let time = now()
        gaps.append(time - last)
        last = time
    }
    let seconds = now() - start
    let perMB = seconds * 1_000_000 / Double(shape.text.utf8.count)
    print(
        "\(shape.name): \(perMB.formatted3) s per MB; between progress calls median \(median(gaps).formatted3) s, longest \((gaps.max() ?? 0).formatted3) s (\(gaps.count) calls); peak resident \(peakResidentMiB().formatted3) MiB"
    )
}
