import StoryKitCore
import Testing

@Suite struct Base64Tests {
    @Test func roundTripsEveryLength() throws {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<200 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = Base64.encode(bytes)
            #expect(text.utf8.count % 4 == 0)
            #expect(try Base64.decode(text.utf8) == bytes)
            #expect(try Base64.decode(text.utf8.filter { $0 != UInt8(ascii: "=") }) == bytes)
        }
    }

    @Test func knownVectors() throws {
        let vectors = [
            "": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=",
            "foobar": "Zm9vYmFy"
        ]
        for (plain, encoded) in vectors {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
            #expect(try Base64.decode(encoded.utf8) == Array(plain.utf8))
        }
    }

    @Test(arguments: ["Zg=", "Z", "Zm9v\n", "Zm9v YmFy", "Zm-v", "=Zm9", "Zm==Zm9v", "Zg===", "Zm9vY*=="])
    func rejectsWhatIsNotBase64(_ text: String) {
        #expect(throws: Base64.DecodingError.self) { try Base64.decode(text.utf8) }
    }

    @Test func enforcesTheSizeLimit() {
        #expect(throws: Base64.DecodingError.self) { try Base64.decode("Zm9vYmFy".utf8, maxBytes: 5) }
        #expect((try? Base64.decode("Zm9vYmFy".utf8, maxBytes: 6)) == Array("foobar".utf8))
    }
}
