import StoryKitCore
import Testing

@Suite struct JSONNumberTests {
    @Test(arguments: ["0", "-0", "1", "-1.5", "1e5", "1E-5", "12345678901234567890", "0.000"])
    func acceptsTheGrammar(text: String) {
        #expect(JSONNumber(text)?.text == text)
    }

    @Test(arguments: ["", "-", "01", "1.", ".5", "+1", "1e", "1e+", "NaN", "Infinity", "0x10", "1 ", " 1"])
    func rejectsEverythingElse(text: String) {
        #expect(JSONNumber(text) == nil)
    }

    @Test func convertsExactly() throws {
        #expect(JSONNumber("1.0e5")?.int64Value == 100_000)
        #expect(JSONNumber("1.0e5")?.doubleValue == 100_000)
        #expect(JSONNumber("2.5")?.int64Value == nil)
        #expect(JSONNumber("12345678901234567890")?.int64Value == nil)
        #expect(JSONNumber("-9223372036854775808")?.int64Value == Int64.min)
        #expect(JSONNumber("1e400")?.doubleValue == .infinity)
    }

    @Test func writesDoublesInRoundTrippingForm() throws {
        #expect(JSONNumber(3.0)?.text == "3")
        #expect(JSONNumber(0.1)?.text == "0.1")
        #expect(JSONNumber(1e-5).map { Double($0.text) } == 1e-5)
        #expect(JSONNumber(1.5e300).map { Double($0.text) } == 1.5e300)
        #expect(JSONNumber(.infinity) == nil)
        #expect(JSONNumber(.nan) == nil)
        for double in [1e-5, 1.5e300, -2.25, 123456789.125] {
            let text = try #require(JSONNumber(double)).text
            #expect(JSONNumber(text) != nil, "\(text) must match the grammar")
        }
    }
}
