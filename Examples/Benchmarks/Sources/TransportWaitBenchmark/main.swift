// The CPU an HTTP transport uses while it waits for a model's answer: a loopback server
// (a thread blocked in accept, read and sleep, so it uses no CPU) answers each request after
// `seconds`; the process's CPU time over the request, divided by its wall time, is the share
// of a core the transport spends waiting. Run from the repository root:
//   swift run -c release --package-path Examples/Benchmarks transport-wait-benchmark [seconds] [runs]
import BenchmarkSupport
import Foundation
import StoryKitCore
import StoryKitFoundation

#if os(Linux)
    import Glibc
    import StoryKitAsyncHTTPClient
#else
    import Darwin
#endif

let arguments = CommandLine.arguments.dropFirst()
let waitSeconds = arguments.first.flatMap(Double.init) ?? 3
let runs = arguments.dropFirst().first.flatMap(Int.init) ?? 3

/// CPU seconds (user and system) the process has used so far.
func cpuSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// A server on 127.0.0.1 that answers every request with a small JSON body after a delay.
final class SlowServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32

    init(delay: Double) {
        #if os(Linux)
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                precondition(bind(listener, raw, length) == 0 && listen(listener, 16) == 0, "cannot listen on loopback")
                getsockname(listener, raw, &length)
            }
        }
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { continue }
                Thread.detachNewThread { Self.answer(connection, after: delay) }
            }
        }
    }

    private static func answer(_ connection: Int32, after delay: Double) {
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        // Reads the head and the body its Content-Length announces.
        while true {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { break }
            request += buffer[..<count]
            let text = String(decoding: request, as: UTF8.self)
            guard let end = text.range(of: "\r\n\r\n") else { continue }
            let head = text[..<end.lowerBound].lowercased()
            let length =
                head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            if text.utf8.count - text.utf8.distance(from: text.startIndex, to: end.upperBound) >= length { break }
        }
        usleep(useconds_t(delay * 1_000_000))
        let body = #"{"choices":[{"message":{"role":"assistant","content":"ok"}}]}"#
        let response =
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        _ = response.withCString { write(connection, $0, strlen($0)) }
        close(connection)
    }
}

let server = SlowServer(delay: waitSeconds)
var transports: [(String, any HTTPTransport)] = [("URLSession", URLSessionTransport())]
#if os(Linux)
    transports.append(("AsyncHTTPClient", AsyncHTTPClientTransport()))
#endif

print("transport wait: answer after \(waitSeconds) s, \(runs) runs each, median")
print("transport        | CPU per second waiting | wall s")
for (name, transport) in transports {
    var shares: [Double] = []
    var walls: [Double] = []
    for _ in 0..<runs {
        let request = HTTPRequest(
            method: "POST", url: "http://127.0.0.1:\(server.port)/v1/chat/completions",
            headers: ["Content-Type": "application/json"], body: Array(#"{"model":"m"}"#.utf8))
        let (cpuBefore, wallBefore) = (cpuSeconds(), now())
        let response = try await transport.send(request, timeout: .seconds(waitSeconds + 30))
        let (cpu, wall) = (cpuSeconds() - cpuBefore, now() - wallBefore)
        precondition(response.status == 200, "the server answered \(response.status)")
        shares.append(cpu / wall)
        walls.append(wall)
    }
    let share = median(shares) * 100
    print(
        "\(name.padding(toLength: 16, withPad: " ", startingAt: 0)) | \(String(format: "%21.1f%%", share)) | \(String(format: "%.2f", median(walls)))"
    )
}
