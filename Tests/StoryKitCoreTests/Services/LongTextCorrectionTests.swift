import Foundation
import StoryKitCore
import Synchronization
import Testing

/// A text longer than one correction prompt holds is corrected whole, piece by piece.
@Suite struct LongTextCorrectionTests {
    /// A model that corrects "teh" in the text block of each prompt, and records the blocks.
    final class EchoModel: TextGenerator {
        let model = "echo"
        let acceptsResponseSchema = true
        private let seen = Mutex<[String]>([])
        var texts: [String] { seen.withLock { $0 } }

        func respond(to request: TextGenerationRequest) async throws(GenerationError) -> GenerationResult {
            let prompt = request.messages.map(\.text).joined()
            guard let open = prompt.range(of: "<text>\n"),
                let close = prompt.range(of: "\n</text>", range: open.upperBound..<prompt.endIndex)
            else {
                throw GenerationError(.invalidRequest, detail: "no text block")
            }
            let text = String(prompt[open.upperBound..<close.lowerBound])
            seen.withLock { $0.append(text) }
            let fixed = text.replacingOccurrences(of: "teh", with: "the")
            let reply: JSONValue = [
                "directCorrection": .string(fixed), "refinedPhrasing": .string(fixed + " Refined."),
                "alternativeInterpretation": .string(fixed + " Other.")
            ]
            return GenerationResult(candidates: [
                GenerationCandidate(index: 0, text: reply.formatted(), finishReason: .stop)
            ])
        }

        func stream(_ request: TextGenerationRequest, onText: @Sendable (String) -> Void) async throws(GenerationError)
            -> GenerationResult
        {
            let result = try await respond(to: request)
            onText(result.text)
            return result
        }
    }

    @Test func aTextLongerThanThePromptIsCorrectedWholeInPieces() async throws {
        let sentences = (0..<300).map { "Sentence \($0) has teh word in it." }
        let text = sentences.joined(separator: " ") + "\n\nThe last line has teh end."
        let model = EchoModel()
        let service = CorrectionService(backends: [.remote], generators: [.remote: model], contextTokens: 4096)
        let outcome = try await service.correct(text)
        #expect(outcome.backend == .remote)
        let pieces = model.texts
        #expect(pieces.count > 1)
        // No piece was cut by the prompt: each ends at a sentence's end.
        #expect(pieces.allSatisfy { $0.hasSuffix(".") && !$0.contains("[") })
        let direct = try #require(outcome.variations.variations.first)
        #expect(direct.text == text.replacingOccurrences(of: "teh", with: "the"))
        #expect(outcome.variations.issues.contains(.split(pieces: pieces.count)))
    }

    @Test func aSentenceLongerThanAPromptIsCutAtASpaceAndNothingIsLost() async throws {
        let sentence = (0..<1500).map { "word\($0)" }.joined(separator: " ") + " teh end."
        let model = EchoModel()
        let service = CorrectionService(backends: [.remote], generators: [.remote: model], contextTokens: 4096)
        let outcome = try await service.correct(sentence)
        #expect(model.texts.count > 1)
        #expect(model.texts.joined(separator: " ") == sentence)
        #expect(outcome.variations.variations.first?.text == sentence.replacingOccurrences(of: "teh", with: "the"))
    }

    @Test func aTextThatFitsIsOnePromptWithoutASplitIssue() async throws {
        let model = EchoModel()
        let service = CorrectionService(backends: [.remote], generators: [.remote: model], contextTokens: 4096)
        let outcome = try await service.correct("I saw teh cat.")
        #expect(model.texts == ["I saw teh cat."])
        #expect(outcome.variations.variations.first?.text == "I saw the cat.")
        #expect(!outcome.variations.issues.contains { if case .split = $0 { true } else { false } })
    }
}
