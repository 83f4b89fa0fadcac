import Foundation
@testable import StoryKitCore
import StoryKitBase
import Synchronization
import Testing

/// A text longer than one correction prompt holds is corrected whole, piece by piece.
@Suite struct LongTextCorrectionTests {
    /// A model that corrects "teh" in the text block of each prompt, and records the blocks.
    final class EchoModel: WholeReplyGenerator {
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

    /// A text that starts with white space was once refused ("a word of the text is longer than
    /// a correction prompt holds") once it needed pieces: the white space is a separator.
    @Test func leadingWhiteSpaceIsKeptAndTheTextCorrectedInPieces() async throws {
        let text = "\n\n" + (0..<300).map { "Sentence \($0) has teh word in it." }.joined(separator: " ")
        let model = EchoModel()
        let service = CorrectionService(backends: [.remote], generators: [.remote: model], contextTokens: 4096)
        let outcome = try await service.correct(text)
        #expect(outcome.backend == .remote)
        #expect(model.texts.count > 1)
        #expect(outcome.variations.variations.first?.text == text.replacingOccurrences(of: "teh", with: "the"))
    }

    /// One word longer than any prompt (a pasted data: URL) passes through as typed; the rest
    /// is corrected, and an issue names the span left alone.
    @Test func aWordTooLongForAnyPromptIsKeptAsTypedAndNamed() async throws {
        let url = "data:image/png;base64," + String(repeating: "iVBORw0KGgo", count: 3000)
        let text = "I saw teh cat. " + url + " Then teh dog came."
        let model = EchoModel()
        let service = CorrectionService(backends: [.remote], generators: [.remote: model], contextTokens: 4096)
        let outcome = try await service.correct(text)
        #expect(outcome.backend == .remote)
        #expect(!model.texts.contains { $0.contains("base64") })
        #expect(outcome.variations.variations.first?.text == "I saw the cat. " + url + " Then the dog came.")
        #expect(outcome.variations.issues.contains(.keptAsTyped(offset: 15, length: url.utf8.count)))
    }

    /// The prompt sends CR LF as LF and a tag-like `<text>` as `‹text>`; where the model left
    /// the text alone, the versions give back what was typed.
    @Test func lineEndingsAndTagLikeWordsComeBackAsTyped() async throws {
        let text =
            "First line has teh word.\r\nSecond line says <text> here.\r\n"
            + String(
                repeating: "More words on teh line.\r\n", count: 400)
        let model = EchoModel()
        let service = CorrectionService(backends: [.remote], generators: [.remote: model], contextTokens: 4096)
        let outcome = try await service.correct(text)
        #expect(model.texts.count > 1)
        let direct = try #require(outcome.variations.variations.first?.text)
        #expect(direct == text.replacingOccurrences(of: "teh", with: "the"))
        let short = try await service.correct("A <text> tag.\r\nNext line.")
        #expect(short.variations.variations.first?.text == "A <text> tag.\r\nNext line.")
    }

    /// Cutting measures each sentence once against one budget: 100 KB of short sentences and
    /// 1.6 MB without a sentence end cut into the same pieces a prompt-per-piece search made,
    /// at any context size (the times are in the benchmark, not here).
    @Test(arguments: [4096, 131_072])
    func cuttingAVeryLongTextKeepsEveryCharacter(_ contextTokens: Int) throws {
        let estimator = TokenEstimator()
        let builder = try CorrectionPromptBuilder(form: .structured, count: 3, contextTokens: contextTokens)
        let budget = try builder.textTokenBudget()
        for text in [
            String(repeating: "Hi there. ", count: 10_000),
            String(repeating: "word ", count: 320_000)
        ] {
            let pieces = TextPieces(text, budget: budget) { estimator.tokens(in: $0) }
            #expect(pieces.join(pieces.texts) == text)
            #expect(pieces.texts.allSatisfy { estimator.tokens(in: $0) <= budget })
            #expect(!pieces.keptAsTyped.contains(true))
        }
    }

    /// A cancelled task stops the offline backend between pieces of a long text; the same
    /// text uncancelled reports every piece.
    @Test func aCancelledTaskStopsALongOfflineCorrectionBetweenPieces() async throws {
        final class Counter: Sendable {
            let calls = Mutex(0)
        }
        let text = String(repeating: "The dgo ran to the prak. ", count: 2_000)
        var service = CorrectionService(backends: [.offline])
        let counter = Counter()
        service.offlineProgress = { _, _ in counter.calls.withLock { $0 += 1 } }
        let finished = try await service.correct(text)
        #expect(finished.variations.variations.first?.text.hasPrefix("The dog ran to the park.") == true)
        let pieces = counter.calls.withLock { $0 }
        #expect(pieces >= 5)

        counter.calls.withLock { $0 = 0 }
        let task = Task { () async throws(StoryKitError) -> CorrectionOutcome in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await service.correct(text)
        }
        let error = await #expect(throws: StoryKitError.self) { try await task.value }
        #expect(error?.code == .cancelled)
        #expect(error?.message.contains("stopped after") == true)
        #expect(counter.calls.withLock { $0 } == 1)
    }
}
