import StoryKitCore
import Testing

@Suite struct JSONValueCodingTests {
    private struct Sample: Codable, Equatable {
        var name: String
        var count: Int
        var ratio: Double
        var tags: [String]
        var nested: [String: [Int]]
        var optional: String?
        var small: UInt8
    }

    @Test func roundTripsThroughJSONValue() throws {
        let sample = Sample(
            name: "Mia", count: -3, ratio: 0.25, tags: ["a", "b"], nested: ["x": [1, 2]], optional: nil, small: 200)
        let value = try JSONValueEncoder().encode(sample)
        #expect(value["name"] == "Mia")
        #expect(value["count"]?.numberValue?.text == "-3")
        #expect(value.objectValue?.keys == ["name", "count", "ratio", "tags", "nested", "small"])
        #expect(try JSONValueDecoder().decode(Sample.self, from: value) == sample)
    }

    @Test func numbersConvertExactlyOrFail() throws {
        #expect(throws: DecodingError.self) { _ = try JSONValueDecoder().decode(Int.self, from: 2.5) }
        #expect(throws: DecodingError.self) { _ = try JSONValueDecoder().decode(UInt8.self, from: 300) }
        #expect(throws: DecodingError.self) { _ = try JSONValueDecoder().decode(Int.self, from: "3") }
        #expect(try JSONValueDecoder().decode(Int.self, from: .number(JSONNumber("1.0e2")!)) == 100)
    }

    @Test func encodingANonFiniteDoubleFails() {
        #expect(throws: EncodingError.self) { _ = try JSONValueEncoder().encode([Double.infinity]) }
    }
}
