@testable import StoryKitBase
import Dispatch
import StoryKitCore
import Testing

/// The host-driven exchange in Swift, without C: hosts that answer, stay silent, return
/// without answering, send too much, or are cancelled.
@Suite struct HostTransportTests {
    /// A host that runs `answer` for each request and records what happened.
    final class RecordingHost: TransportHost {
        let answer: @Sendable (String, HostExchange) -> Int32
        private let log = LockedValue<(requests: [String], started: Int, returned: [(status: Int32, cancelled: Bool)])>(
            ([], 0, []))

        init(_ answer: @escaping @Sendable (String, HostExchange) -> Int32) {
            self.answer = answer
        }

        var requests: [String] { log.withLock { $0.requests } }
        var started: Int { log.withLock { $0.started } }
        var returned: [(status: Int32, cancelled: Bool)] { log.withLock { $0.returned } }

        func perform(_ request: String, through exchange: HostExchange) -> Int32 {
            log.withLock { $0.requests.append(request) }
            return answer(request, exchange)
        }

        func callStarting() { log.withLock { $0.started += 1 } }

        func callReturned(status: Int32, cancelled: Bool) { log.withLock { $0.returned.append((status, cancelled)) } }
    }

    static let request = HTTPRequest(
        method: "POST", url: "https://example.com/v1/chat", headers: ["Content-Type": "application/json"],
        body: Array(#"{"q":1}"#.utf8))

    static func write(_ text: String, to exchange: HostExchange) throws(StoryKitError) {
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { (buffer) throws(StoryKitError) in try exchange.write(buffer) }
    }

    /// Polls until `condition` holds (for a host thread to reach a point), at most 10 s.
    static func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<1000 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test func aHostThatAnswersGivesTheResponseAndSeesTheRequest() async throws {
        let host = RecordingHost { _, exchange in
            do {
                try exchange.respond(status: 200, headers: ["Content-Type": "text/plain"])
                try Self.write("Hello, ", to: exchange)
                try Self.write("world", to: exchange)
            } catch {
                return -1
            }
            return 0
        }
        let response = try await HostTransport(host: host, maxBodyBytes: 1024).send(Self.request, timeout: .seconds(10))
        #expect(response.status == 200 && String(decoding: response.body, as: UTF8.self) == "Hello, world")
        let sent = try JSONValue(parsing: try #require(host.requests.first))
        #expect(sent["method"]?.stringValue == "POST" && sent["url"]?.stringValue == Self.request.url)
        #expect(sent["headers"]?["content-type"]?.stringValue == "application/json" && sent["stream"] == .bool(false))
        #expect(sent["body"]?.stringValue == #"{"q":1}"#)
        try await Self.waitUntil { host.returned.count == 1 }
        #expect(host.started == 1 && host.returned.map(\.status) == [0])
    }

    @Test func aHostThatReturnsWithoutAnsweringIsATransportError() async throws {
        let host = RecordingHost { _, _ in 0 }
        let error = await #expect(throws: GenerationError.self) {
            try await HostTransport(host: host, maxBodyBytes: 1024).send(Self.request, timeout: .seconds(10))
        }
        #expect(error?.kind == .transport && error?.detail?.contains("without responding or failing") == true)
    }

    @Test func aHostThatStopsWithAStatusEndsTheExchange() async throws {
        let host = RecordingHost { _, _ in 7 }
        let error = await #expect(throws: GenerationError.self) {
            try await HostTransport(host: host, maxBodyBytes: 1024).send(Self.request, timeout: .seconds(10))
        }
        #expect(error?.detail?.contains("returned 7") == true)
        try await Self.waitUntil { host.returned.count == 1 }
        #expect(host.returned.first?.status == 7 && host.returned.first?.cancelled == false)
    }

    @Test func aSilentHostTimesOutAndIsToldToStop() async throws {
        let released = LockedValue(false)
        let host = RecordingHost { _, exchange in
            // Blocks, as a stalled HTTP client would, until the exchange is cancelled.
            while !exchange.isCancelled { DetachedThreadTestSupport.sleep(milliseconds: 5) }
            released.withLock { $0 = true }
            do {
                try exchange.respond(status: 200, headers: [:])
                return 0
            } catch let error as StoryKitError {
                return error.code == .cancelled ? 1 : -1
            } catch {
                return -1
            }
        }
        let error = await #expect(throws: GenerationError.self) {
            try await HostTransport(host: host, maxBodyBytes: 1024).send(Self.request, timeout: .milliseconds(200))
        }
        #expect(error?.kind == .timeout)
        try await Self.waitUntil { host.returned.count == 1 }
        #expect(released.withLock { $0 })
        // The host's late respond was refused as cancelled, and its stop counts as asked for.
        #expect(host.returned.first?.status == 1 && host.returned.first?.cancelled == true)
    }

    @Test func cancellingTheTaskCancelsTheExchangeAtOnce() async throws {
        let host = RecordingHost { _, exchange in
            while !exchange.isCancelled { DetachedThreadTestSupport.sleep(milliseconds: 5) }
            return 1
        }
        let task = Task {
            try await HostTransport(host: host, maxBodyBytes: 1024).send(Self.request, timeout: .seconds(30))
        }
        try await Self.waitUntil { host.started == 1 }
        task.cancel()
        let result = await task.result
        #expect(throws: GenerationError.self) { try result.get() }
        if case .failure(let error as GenerationError) = result { #expect(error.kind == .cancelled) }
        try await Self.waitUntil { host.returned.count == 1 }
        #expect(host.returned.first?.cancelled == true)
    }

    @Test func aBodyOverTheLimitFailsTheRequestAndStopsTheHost() async throws {
        let refusal = LockedValue<StoryKitError?>(nil)
        let host = RecordingHost { _, exchange in
            do {
                try exchange.respond(status: 200, headers: [:])
                try Self.write(String(repeating: "x", count: 60), to: exchange)
                try Self.write(String(repeating: "y", count: 60), to: exchange)
            } catch let error as StoryKitError {
                refusal.withLock { $0 = error }
                return 0
            } catch {
                return -1
            }
            return 0
        }
        let error = await #expect(throws: GenerationError.self) {
            try await HostTransport(host: host, maxBodyBytes: 100).send(Self.request, timeout: .seconds(10))
        }
        #expect(error?.kind == .malformedResponse && error?.detail?.contains("over 100 bytes") == true)
        try await Self.waitUntil { host.returned.count == 1 }
        #expect(refusal.withLock { $0?.code } == .limit)
    }

    @Test func theExchangeRefusesCallsOutOfOrder() throws {
        let exchange = HostExchange(maxBodyBytes: 10)
        #expect(throws: StoryKitError.self) { try Self.write("early", to: exchange) }
        try exchange.fail(GenerationError(.transport, detail: "host failed"))
        #expect(throws: StoryKitError.self) { try exchange.respond(status: 200, headers: [:]) }
        #expect(throws: StoryKitError.self) { try exchange.fail(GenerationError(.transport, detail: "again")) }
        exchange.cancel()
        #expect(exchange.isCancelled)
    }
}

/// A blocking sleep for host threads, which are not Swift tasks.
enum DetachedThreadTestSupport {
    static func sleep(milliseconds: Int) {
        let semaphore = DispatchSemaphore(value: 0)
        _ = semaphore.wait(timeout: .now() + .milliseconds(milliseconds))
    }
}
