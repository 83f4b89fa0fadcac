import StoryKitCore
import Testing

/// The estimate against a real tokenizer's counts, kept in Tests/Fixtures/Prompts/token-reference.json
/// (made with the byte-level BPE tokenizer named in the file).
@Suite struct TokenEstimatorTests {
    struct Sample: CustomTestStringConvertible, Sendable {
        let language: String
        let text: String
        let tokens: Int
        var testDescription: String { "\(language): \(text.prefix(24))" }
    }

    static let samples: [Sample] = {
        guard let values = try? Fixtures.json("Prompts/token-reference.json")["samples"]?.arrayValue else { return [] }
        return values.compactMap { value in
            guard let language = value["language"]?.stringValue, let text = value["text"]?.stringValue,
                let tokens = value["tokens"]?.numberValue?.int64Value
            else { return nil }
            return Sample(language: language, text: text, tokens: Int(tokens))
        }
    }()

    /// The one misspelt English sample: byte-level tokenizers split unknown words finely.
    static let misspelt = "I wnat to go hmoe nwo pleaes, my hnads are shakign a lot todya."

    @Test func theReferenceHasEnglishAndJapanese() {
        #expect(Self.samples.filter { $0.language == "en" }.count >= 5)
        #expect(Self.samples.filter { $0.language == "ja" }.count >= 5)
    }

    @Test(arguments: samples)
    func estimateIsWithinFifteenPercentOfTheReference(_ sample: Sample) {
        let estimate = TokenEstimator().tokens(in: sample.text)
        let error = Double(estimate - sample.tokens) / Double(sample.tokens)
        if sample.text == Self.misspelt {
            // Documented limit: heavy misspelling is underestimated, by under half.
            #expect(error < 0 && error > -0.5, "estimate \(estimate), reference \(sample.tokens)")
        } else {
            #expect(abs(error) <= 0.15, "estimate \(estimate), reference \(sample.tokens)")
        }
    }

    @Test func countsByScript() {
        let estimator = TokenEstimator()
        #expect(estimator.tokens(in: "") == 0)
        #expect(estimator.tokens(in: "   \t ") == 0)
        #expect(estimator.tokens(in: "cat") == 1)
        #expect(estimator.tokens(in: "internationalization") == 3)  // 20 letters
        #expect(estimator.tokens(in: "2026") == 2)
        #expect(estimator.tokens(in: "あいう") == 3)
        #expect(estimator.tokens(in: "森林") == 3)  // 2.6
        #expect(estimator.tokens(in: "привет") == 3)
        #expect(estimator.tokens(in: "😀") == 2)
        #expect(estimator.tokens(in: "a\nb") == 3)
        #expect(estimator.tokens(in: "café") == 1)
        #expect(estimator.tokens(in: "cafe\u{301}") == 1)
    }

    @Test func latinProseAveragesAboutFourCharactersAToken() {
        let prose = Self.samples.filter { $0.language == "en" && $0.text != Self.misspelt }.map(\.text).joined(
            separator: " ")
        let ratio = Double(prose.count) / Double(TokenEstimator().tokens(in: prose))
        #expect(ratio > 3.5 && ratio < 5.0)
    }
}
