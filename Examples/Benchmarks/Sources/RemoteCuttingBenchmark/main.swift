// How long a long text takes on the model path before its first request (cutting it into
// prompt-sized pieces and building the first prompt), and in all (every piece asked, re-asked
// and joined) against a model that answers at once with the text of each prompt. 100 KB of
// short sentences at several context sizes, and 1.6 MB with no sentence end; then the check of
// an honest echo, 2.8 KB and 28 KB in one prompt each (the check's cost is linear:
// ten times the text, at most eleven times the time). Run from anywhere:
//
//   swift run -c release --package-path Examples/Benchmarks remote-cutting-benchmark [rounds]

import BenchmarkSupport
import StoryKitCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A model that answers every correction prompt at once with its text block as all three versions.
final class EchoModel: TextGenerator {
    let model = "echo"
    let acceptsResponseSchema = true
    /// When the first request arrived (`now()`), once one has.
    let firstRequest = Mutex<Double?>(nil)

    func respond(to request: TextGenerationRequest) async throws(GenerationError) -> GenerationResult {
        let arrived = now()
        firstRequest.withLock { $0 = $0 ?? arrived }
        let prompt = request.messages.map(\.text).joined()
        let bytes = Array(prompt.utf8), open = Array("<text>\n".utf8), close = Array("\n</text>".utf8)
        guard let start = firstIndex(of: open, in: bytes, from: 0),
            let end = firstIndex(of: close, in: bytes, from: start + open.count)
        else { throw GenerationError(.invalidRequest, detail: "no text block") }
        let raw = String(decoding: bytes[(start + open.count)..<end], as: UTF8.self)
        let text = JSONValue.string(raw)
        let reply: JSONValue = ["directCorrection": text, "refinedPhrasing": text, "alternativeInterpretation": text]
        return GenerationResult(candidates: [
            GenerationCandidate(index: 0, text: reply.formatted(.compact), finishReason: .stop)
        ])
    }

    func stream(_ request: TextGenerationRequest, onText: @Sendable (String) -> Void) async throws(GenerationError)
        -> GenerationResult
    {
        let result = try await respond(to: request)
        onText(result.text)
        return result
    }

    private func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        return (start...(haystack.count - needle.count)).first {
            haystack[$0..<($0 + needle.count)].elementsEqual(needle)
        }
    }
}

func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
}

let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 3 : 3
let cases: [(String, String, [Int])] = [
    ("100 KB of short sentences", String(repeating: "Hi there. ", count: 10_240), [4096, 32768, 131_072]),
    ("1.6 MB without a sentence end", String(repeating: "word ", count: 335_544), [131_072])
]
print("case                                  context    pieces   before 1st request s   in all s")
for (name, text, contexts) in cases {
    for context in contexts {
        var times: [Double] = [], firstRequests: [Double] = [], pieces = 0
        for _ in 0..<rounds {
            let model = EchoModel()
            let service = CorrectionService(backends: [.remote], generators: [.remote: model], contextTokens: context)
            let started = now()
            let outcome = try await service.correct(text)
            times.append(now() - started)
            firstRequests.append((model.firstRequest.withLock { $0 } ?? started) - started)
            for case .split(let count) in outcome.variations.issues { pieces = count }
            let direct = outcome.variations.variations.first?.text ?? ""
            guard direct == text else {
                let same = zip(direct, text).prefix { $0 == $1 }.count
                print(
                    "the echo changed the text at character \(same) of \(text.count) (\(direct.count) back, backend \(outcome.backend.rawValue)): \(String(direct.dropFirst(max(0, same - 20)).prefix(60)).debugDescription)"
                )
                exit(1)
            }
        }
        print(
            padded(name, 38) + padded("\(context)", 11) + padded("\(max(pieces, 1))", 9)
                + padded(String(median(firstRequests)), 23) + String(median(times)))
    }
}

print("\nan honest echo in one prompt         bytes      in all s   ratio to 2.8 KB")
let sentence = "The little fox found a shiny key under the old oak tree, and Mia laughed at it. "
var smallest: Double?
for copies in [36, 360] {
    let text = String(String(repeating: sentence, count: copies).dropLast())
    var times: [Double] = []
    for _ in 0..<rounds {
        let service = CorrectionService(backends: [.remote], generators: [.remote: EchoModel()], contextTokens: 131_072)
        let started = now()
        let outcome = try await service.correct(text)
        times.append(now() - started)
        guard outcome.backend == .remote, outcome.variations.variations.first?.text == text else {
            print("the echo of \(text.utf8.count) bytes was not shown as typed (backend \(outcome.backend.rawValue))")
            exit(1)
        }
    }
    let time = median(times)
    smallest = smallest ?? time
    print(padded("", 38) + padded("\(text.utf8.count)", 11) + padded(String(time), 11) + String(time / smallest!))
}
