#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import StoryKitCore

/// Where a command reads its text: a file, or standard input when the path is `-` or absent.
struct InputSource {
    /// The largest input read: the library's own limit on one input.
    static let maxBytes = JSONParserLimits.default.maxBytes

    let path: String?

    var name: String { path.map { $0 == "-" ? "standard input" : $0 } ?? "standard input" }

    /// Reads everything, failing past ``maxBytes``.
    func readAll() throws(CLIFailure) -> [UInt8] {
        var bytes: [UInt8] = []
        try forEachChunk(size: 64 * 1024) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Reads the input as UTF-8 text.
    func readText() throws(CLIFailure) -> String {
        let bytes = try readAll()
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CLIFailure(
                "\(name) is not valid UTF-8", hint: "Convert the file to UTF-8 (for example with iconv) and try again.")
        }
        return text
    }

    /// How long a FIFO may wait for its first byte (or its writer's end): 30 seconds, or
    /// `STORYKIT_FIFO_WAIT_SECONDS` (1 to 3600).
    static let fifoWaitSeconds: Int32 = {
        guard let value = getenv("STORYKIT_FIFO_WAIT_SECONDS").flatMap({ Int32(String(cString: $0)) }),
            (1...3600).contains(value)
        else { return 30 }
        return value
    }()

    /// For a FIFO, waits at most ``fifoWaitSeconds`` for a writer, saying so after a second,
    /// and leaves reads non-blocking, so that a writer that stops without ending is timed
    /// too; other files are made to block again. Whether it is a FIFO.
    private static func awaitWriter(_ descriptor: Int32, path: String) throws(CLIFailure) -> Bool {
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO {
            var waited: Int32 = 0
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            while poll(&ready, 1, 1000) == 0 {
                waited += 1
                if waited == 1 { Console.note("Waiting for a writer on \(path)…") }
                guard waited < fifoWaitSeconds else {
                    throw CLIFailure(
                        "nothing was written to \(path) within \(fifoWaitSeconds) seconds",
                        hint: "Start the program that writes to the FIFO first, or pass the text another way.")
                }
            }
            return true
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return false
    }

    /// Hands the input over in chunks as they are read (a pipe delivers what the writer has
    /// written so far), at most `size` bytes each.
    func forEachChunk(size: Int, _ body: ([UInt8]) throws(CLIFailure) -> Void) throws(CLIFailure) {
        let descriptor: Int32
        var isFIFO = false
        if let path, path != "-" {
            // Non-blocking, so that a FIFO nobody writes to cannot hold the open forever.
            descriptor = open(path, O_RDONLY | O_NONBLOCK)
            guard descriptor >= 0 else {
                throw CLIFailure(
                    "cannot open \(path): \(String(cString: strerror(errno)))",
                    hint: "Check the path, or pass - to read standard input.")
            }
            do {
                isFIFO = try Self.awaitWriter(descriptor, path: path)
            } catch {
                close(descriptor)
                throw error
            }
        } else {
            descriptor = STDIN_FILENO
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var buffer = [UInt8](repeating: 0, count: size)
        var total = 0
        var idleSeconds: Int32 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, size) }
            if count < 0 {
                if errno == EINTR { continue }
                if isFIFO, errno == EAGAIN || errno == EWOULDBLOCK {
                    // A writer that stopped without ending: waited for as long as for its first byte.
                    var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    if poll(&ready, 1, 1000) == 0 { idleSeconds += 1 }
                    guard idleSeconds < Self.fifoWaitSeconds else {
                        throw CLIFailure(
                            "\(name) stopped sending for \(Self.fifoWaitSeconds) seconds without ending",
                            hint: "Close the FIFO's writer when it is done, or pass the text another way.")
                    }
                    continue
                }
                throw CLIFailure(
                    "cannot read \(name): \(String(cString: strerror(errno)))",
                    hint: "Check that \(name) is a readable file.")
            }
            if count == 0 { return }
            idleSeconds = 0
            total += count
            guard total <= Self.maxBytes else {
                throw CLIFailure(
                    "\(name) is larger than \(Self.maxBytes) bytes",
                    hint: "Split the input; one input may hold at most 64 MiB.")
            }
            try body(Array(buffer[0..<count]))
        }
    }
}
