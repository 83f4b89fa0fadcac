import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import StoryKitCore
import Synchronization

/// The model server of Tests/Fixtures/Transport/loopback_server.py, started once per test
/// process on 127.0.0.1; it stops when this process ends (its standard input closes).
final class LoopbackServer: Sendable {
    static let shared = LoopbackServer()

    let port: Int
    private let process: Process
    private let input: Pipe
    private static let testCounter = Atomic<Int>(0)

    private init() {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Transport/loopback_server.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            fatalError("cannot start the loopback server: \(error)")
        }
        // The first line is "PORT <n>".
        var line = Data()
        let handle = output.fileHandleForReading
        while line.count < 64, let byte = try? handle.read(upToCount: 1), !byte.isEmpty, byte != Data([0x0A]) {
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            fatalError("the loopback server did not start: \"\(text)\"")
        }
        self.port = port
        self.process = process
        self.input = input
    }

    /// A test name no other test of this process uses.
    static func uniqueTest(_ name: String) -> String {
        "\(name)-\(testCounter.add(1, ordering: .relaxed).newValue)"
    }

    /// The base URL of `scenario` for `test`, with the provider's API root.
    func baseURL(_ scenario: String, test: String, provider: GenerationProvider) -> String {
        "http://127.0.0.1:\(port)/\(scenario)/\(test)\(provider == .openai ? "/v1" : "/v1beta")"
    }

    /// The requests `test` made, as the server recorded them.
    func requests(_ test: String) async throws -> [JSONValue] {
        let url = URL(string: "http://127.0.0.1:\(port)/requests/\(test)")!
        let (data, _) = try await URLSession.shared.data(from: url)
        guard case .array(let requests) = try JSONValue(parsing: String(decoding: data, as: UTF8.self)) else {
            return []
        }
        return requests
    }
}

/// A clock that does not wait: each sleep is recorded and moves the time on.
final class RecordingClock: RetryClock {
    private let state = Mutex<(now: Duration, sleeps: [Duration])>((.zero, []))

    var sleeps: [Duration] { state.withLock { $0.sleeps } }

    func now() -> Duration { state.withLock { $0.now } }

    func sleep(for duration: Duration) async throws(GenerationError) {
        state.withLock { state in
            state.now += duration
            state.sleeps.append(duration)
        }
    }
}

/// Collects values handed to a `@Sendable` callback.
final class Collected<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    var all: [Value] { values.withLock { $0 } }
    func append(_ value: Value) { values.withLock { $0.append(value) } }
}
