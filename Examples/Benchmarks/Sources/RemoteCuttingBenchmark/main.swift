// How long a long text takes to be cut into prompt-sized pieces and joined again on the
// model path, before and beside the model's own time: the correction service against a model
// that answers at once with the text of each prompt. 100 KB of short sentences at several
// context sizes, and 1.6 MB with no sentence end. Run from anywhere:
//
//   swift run -c release --package-path Examples/Benchmarks remote-cutting-benchmark [rounds]

import BenchmarkSupport
import StoryKitCore

/// A model that answers every correction prompt at once with its text block as all three versions.
struct EchoModel: TextGenerator {
    let model = "echo"
    let acceptsResponseSchema = true

    func respond(to request: TextGenerationRequest) async throws(GenerationError) -> GenerationResult {
        let prompt = request.messages.map(\.text).joined()
        let bytes = Array(prompt.utf8), open = Array("<text>\n".utf8), close = Array("\n</text>".utf8)
        guard let start = firstIndex(of: open, in: bytes, from: 0),
            let end = firstIndex(of: close, in: bytes, from: start + open.count)
        else { throw GenerationError(.invalidRequest, detail: "no text block") }
        let text = JSONValue.string(String(decoding: bytes[(start + open.count)..<end], as: UTF8.self))
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
print("case                                  context    pieces   median s")
for (name, text, contexts) in cases {
    for context in contexts {
        let service = CorrectionService(
            backends: [.remote], generators: [.remote: EchoModel()], contextTokens: context)
        var times: [Double] = [], pieces = 0
        for _ in 0..<rounds {
            let started = now()
            let outcome = try await service.correct(text)
            times.append(now() - started)
            for case .split(let count) in outcome.variations.issues { pieces = count }
            precondition(outcome.variations.variations.first?.text == text, "the echo changed the text")
        }
        print(padded(name, 38) + padded("\(context)", 11) + padded("\(max(pieces, 1))", 9) + "\(median(times))")
    }
}
