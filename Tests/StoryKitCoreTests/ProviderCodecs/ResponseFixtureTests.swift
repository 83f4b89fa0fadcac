import StoryKitCore
import Testing

/// Every response shape in Tests/Fixtures/Generation/responses.json, decoded whole and, for the
/// streams, fed in every two-piece split and byte by byte.
@Suite struct ResponseFixtureTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let fixture: JSONValue
        var name: String { fixture["name"]?.stringValue ?? "?" }
        var testDescription: String { name }
        var expect: JSONValue { fixture["expect"] ?? .null }
        var absent: [String] { fixture["absent"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        var status: Int { Int(fixture["httpStatus"]?.numberValue?.int64Value ?? 200) }
        var body: [UInt8] {
            if let text = fixture["body"]?.stringValue { return Array(text.utf8) }
            return fixture["bodyJSON"]?.utf8Bytes() ?? []
        }
    }

    static let document: JSONValue = (try? Fixtures.json("Generation/responses.json")) ?? .null
    static let cases = (document["cases"]?.arrayValue ?? []).map(Case.init)
    static let streams = (document["streams"]?.arrayValue ?? []).map(Case.init)

    @Test func fixturesCoverEveryProviderAndErrorKind() {
        #expect(Self.cases.count >= 50 && Self.streams.count >= 12)
        let kinds = Set((Self.cases + Self.streams).compactMap { $0.expect["error"]?["kind"]?.stringValue })
        let untested = GenerationError.Kind.allCases.map(\.rawValue).filter { !kinds.contains($0) && $0 != "transport" }
        #expect(untested.isEmpty, "error kinds without a fixture: \(untested)")
    }

    @Test(arguments: cases)
    func decodesWhole(_ fixture: Case) throws {
        let provider = try #require(GenerationProvider(rawValue: fixture.fixture["provider"]?.stringValue ?? ""))
        let outcome = provider.decode(HTTPResponse(status: fixture.status, body: fixture.body)).json
        try Self.check(outcome, fixture)
    }

    @Test(arguments: streams)
    func decodesStreamsSplitAnywhere(_ fixture: Case) throws {
        let provider: GenerationProvider = fixture.fixture["kind"]?.stringValue == "gemini-sse" ? .gemini : .openai
        let body = fixture.body
        let expectedDeltas = fixture.fixture["deltas"]?.arrayValue?.compactMap(\.stringValue) ?? []
        // Whole, then every two-piece split, then byte by byte.
        var splits: [[Int]] = [[]]
        for offset in 1..<max(body.count, 1) { splits.append([offset]) }
        splits.append(Array(1..<max(body.count, 1)))
        for cuts in splits {
            var stream = try GenerationStream(provider: provider, httpStatus: fixture.status)
            var deltas: [String] = []
            var start = 0
            for end in cuts + [body.count] {
                let events = try body[start..<end].withUnsafeBufferPointer { try stream.feed(utf8: $0) }
                for case .delta(_, let text) in events { deltas.append(text) }
                start = end
            }
            let outcome = try stream.finish { if case .delta(_, let text) = $0 { deltas.append(text) } }.json
            try Self.check(outcome, fixture, cuts: cuts.count)
            // The same body decoded whole (storykit_response_decode) gives the same answer.
            if cuts.isEmpty {
                let whole = provider.decode(HTTPResponse(status: fixture.status, body: body)).json
                #expect(
                    whole == outcome,
                    "\(fixture.name): decoded whole \(whole.formatted())\nstreamed \(outcome.formatted())")
            }
            // Deltas may arrive in more pieces than events when split; their text is the same.
            #expect(deltas.joined() == expectedDeltas.joined(), "\(fixture.name) cut at \(cuts.prefix(3))")
            if cuts.isEmpty { #expect(deltas == expectedDeltas, "\(fixture.name)") }
        }
    }

    static func check(_ outcome: JSONValue, _ fixture: Case, cuts: Int = 0) throws {
        var problems: [String] = []
        contains(outcome, fixture.expect, path: "", problems: &problems)
        #expect(
            problems.isEmpty,
            "\(fixture.name) (\(cuts) cuts): \(problems.joined(separator: "; "))\n\(outcome.formatted())")
        let text = outcome.formatted()
        for secret in fixture.absent {
            #expect(!text.contains(secret), "\(fixture.name): \"\(secret)\" leaked")
        }
        if let error = outcome["error"] {
            #expect(error["message"]?.stringValue?.isEmpty == false)
            #expect(error["retryable"]?.boolValue != nil)
        }
    }

    /// Whether `actual` has every key of `expected` with its value.
    static func contains(_ actual: JSONValue?, _ expected: JSONValue, path: String, problems: inout [String]) {
        switch expected {
        case .object(let object):
            guard case .object = actual else {
                return problems.append("\(path): expected an object, got \(actual?.formatted() ?? "nothing")")
            }
            for member in object {
                contains(actual?[member.key], member.value, path: path + "/" + member.key, problems: &problems)
            }
        case .array(let elements):
            guard let array = actual?.arrayValue, array.count == elements.count else {
                return problems.append(
                    "\(path): expected \(elements.count) elements, got \(actual?.formatted() ?? "nothing")")
            }
            for (index, element) in elements.enumerated() {
                contains(array[index], element, path: "\(path)/\(index)", problems: &problems)
            }
        case .number(let number):
            if actual?.numberValue?.doubleValue != number.doubleValue {
                problems.append("\(path): expected \(number), got \(actual?.formatted() ?? "nothing")")
            }
        default:
            if (actual ?? .null) != expected {
                problems.append("\(path): expected \(expected.formatted()), got \(actual?.formatted() ?? "nothing")")
            }
        }
    }
}
