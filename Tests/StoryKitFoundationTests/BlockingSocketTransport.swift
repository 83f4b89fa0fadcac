#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import StoryKitBase
import StoryKitCore

/// An HTTP/1.1 client for `http://127.0.0.1` that waits in blocking reads on a thread of its
/// own, so a test that waits minutes for a model costs no CPU while it waits.
///
/// On Linux, `URLSessionTransport` polls its libcurl handle and keeps a core busy while it waits
/// (`transport-wait-benchmark`); beside a model server on a 2-core machine that core is the
/// server's. RealServerTests sends its long run of corrections through this transport and keeps
/// `URLSessionTransport` for the tests about that transport. Plain HTTP to a numeric IPv4
/// address only: no TLS, no redirects, one request per connection (`Connection: close`).
/// `timeout` bounds each wait for bytes, not the whole exchange.
struct BlockingSocketTransport: HTTPTransport {
    func send(_ request: HTTPRequest, timeout: Duration) async throws(GenerationError) -> HTTPResponse {
        try await collect(request, timeout: timeout)
    }

    func stream(_ request: HTTPRequest, timeout: Duration) async throws(GenerationError) -> HTTPStreamingResponse {
        let connection = try Connection(url: request.url, timeout: timeout)
        let outcome: Result<HTTPStreamingResponse, GenerationError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread {
                    continuation.resume(returning: connection.exchange(request))
                }.start()
            }
        } onCancel: {
            connection.stop()
        }
        if Task.isCancelled, case .failure = outcome {
            throw GenerationError(.cancelled, detail: "the request was cancelled before its answer")
        }
        return try outcome.get()
    }
}

/// One socket's request and response; the response's body is read on the thread that read
/// its head.
private final class Connection: Sendable {
    private let socket: Int32
    private let host: String
    private let path: String
    /// Whether `socket` is still open: a late stop must not shut down a reused descriptor.
    /// A `LockedValue`, not a `Mutex`: ThreadSanitizer does not see the latter's futex on Linux
    /// and reports a stop racing the reading thread's close as a data race.
    private let isOpen = LockedValue(true)

    init(url: String, timeout: Duration) throws(GenerationError) {
        guard url.hasPrefix("http://") else {
            throw GenerationError(.transport, detail: "BlockingSocketTransport: only http:// URLs, not \(url)")
        }
        let rest = url.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" }
        path = rest.dropFirst(authority.count).isEmpty ? "/" : String(rest.dropFirst(authority.count))
        host = String(authority)
        let parts = authority.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let port = UInt16(parts[1]) else {
            throw GenerationError(.transport, detail: "BlockingSocketTransport: no port in \(url)")
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, String(parts[0]), &address.sin_addr) == 1 else {
            throw GenerationError(.transport, detail: "BlockingSocketTransport: not an IPv4 address: \(parts[0])")
        }
        #if canImport(Glibc)
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw GenerationError(.transport, detail: "socket: errno \(errno)") }
        let seconds = max(timeout.components.seconds, 1)
        var wait = timeval(tv_sec: Int(seconds), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(socket)
            throw GenerationError(.transport, detail: "connect to \(host): errno \(code)")
        }
    }

    /// Wakes a blocked read; the reading thread then closes the socket.
    func stop() {
        isOpen.withLock { if $0 { _ = shutdown(socket, Int32(SHUT_RDWR)) } }
    }

    private func closeSocket() {
        isOpen.withLock {
            if $0 { close(socket) }
            $0 = false
        }
    }

    /// Writes the request and reads the response's head; the body follows on this thread.
    func exchange(_ request: HTTPRequest) -> Result<HTTPStreamingResponse, GenerationError> {
        var headReader = Reader(socket: socket)
        do {
            try write(request)
            let (status, headers) = try headReader.head()
            let (body, writer) = HTTPBody.makeStream { [self] in stop() }
            Thread { [self, headReader] in
                var reader = headReader
                defer { closeSocket() }
                do throws(GenerationError) {
                    let chunked = headers["Transfer-Encoding"]?.lowercased().contains("chunked") == true
                    while let chunk = try chunked ? reader.nextChunk() : reader.nextBytes() {
                        guard writer.write(chunk) else { return }
                    }
                    writer.finish()
                } catch {
                    writer.finish(throwing: error)
                }
            }.start()
            return .success(HTTPStreamingResponse(status: status, headers: headers, body: body))
        } catch {
            closeSocket()
            return .failure(error)
        }
    }

    private func write(_ request: HTTPRequest) throws(GenerationError) {
        var head = "\(request.method) \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n"
        head += "Content-Length: \(request.body.count)\r\n"
        for field in request.headers where field.name.lowercased() != "content-length" {
            head += "\(field.name): \(field.value)\r\n"
        }
        let bytes = Array((head + "\r\n").utf8) + request.body
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { sendBytes(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw GenerationError(.transport, detail: "send: errno \(errno)") }
            sent += count
        }
    }

    private func sendBytes(_ socket: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
        #if canImport(Glibc)
            Glibc.send(socket, bytes, count, flags)
        #else
            Darwin.send(socket, bytes, count, flags)
        #endif
    }

    /// Buffered reads of one response.
    private struct Reader {
        let socket: Int32
        var buffer: [UInt8] = []
        var atEnd = false

        /// Reads more bytes into `buffer`; `false` at the end of the stream.
        mutating func fill() throws(GenerationError) -> Bool {
            var bytes = [UInt8](repeating: 0, count: 16_384)
            let count = bytes.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                let timedOut = errno == EAGAIN || errno == EWOULDBLOCK
                throw GenerationError(timedOut ? .timeout : .transport, detail: "recv: errno \(errno)")
            }
            if count == 0 {
                atEnd = true
                return false
            }
            buffer.append(contentsOf: bytes[..<count])
            return true
        }

        /// Bytes up to `delimiter`, which is consumed.
        mutating func line(until delimiter: [UInt8] = [13, 10]) throws(GenerationError) -> [UInt8] {
            var searchFrom = 0
            while true {
                if buffer.count >= delimiter.count {
                    for start in searchFrom...(buffer.count - delimiter.count)
                    where buffer[start..<start + delimiter.count].elementsEqual(delimiter) {
                        let found = Array(buffer[..<start])
                        buffer.removeFirst(start + delimiter.count)
                        return found
                    }
                    searchFrom = buffer.count - delimiter.count + 1
                }
                guard try fill() else {
                    throw GenerationError(.transport, detail: "the connection closed inside the response's head")
                }
            }
        }

        mutating func head() throws(GenerationError) -> (Int, HTTPHeaders) {
            let lines = String(decoding: try line(until: [13, 10, 13, 10]), as: UTF8.self)
                .split(separator: "\r\n", omittingEmptySubsequences: false)
            let statusWords = lines.first?.split(separator: " ") ?? []
            guard statusWords.count >= 2, let status = Int(statusWords[1]) else {
                throw GenerationError(.malformedResponse, detail: "no status line: \(lines.first ?? "")")
            }
            var headers = HTTPHeaders()
            for field in lines.dropFirst() {
                guard let colon = field.firstIndex(of: ":") else { continue }
                headers.append(
                    name: String(field[..<colon]),
                    value: field[field.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            return (status, headers)
        }

        /// The next bytes of a body that ends when the connection closes.
        mutating func nextBytes() throws(GenerationError) -> [UInt8]? {
            if buffer.isEmpty, !atEnd, try !fill() { return nil }
            guard !buffer.isEmpty else { return nil }
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer
        }

        /// The next chunk of a chunked body, `nil` after the last.
        mutating func nextChunk() throws(GenerationError) -> [UInt8]? {
            let sizeLine = String(decoding: try line(), as: UTF8.self)
            guard let size = Int(sizeLine.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces), radix: 16)
            else { throw GenerationError(.malformedResponse, detail: "bad chunk size: \(sizeLine)") }
            if size == 0 { return nil }
            while buffer.count < size + 2 {
                guard try fill() else { throw GenerationError(.transport, detail: "the connection closed in a chunk") }
            }
            let chunk = Array(buffer[..<size])
            buffer.removeFirst(size + 2)
            return chunk
        }
    }
}
