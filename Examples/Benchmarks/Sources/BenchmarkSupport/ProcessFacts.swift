// What a benchmark reads of its process and its files: resident memory, a file's text.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Resident memory in MiB (Linux; 0 elsewhere).
public func residentMiB() -> Double {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var size = 0, resident = 0
    guard
        withUnsafeMutablePointer(
            to: &size,
            { size in
                withUnsafeMutablePointer(to: &resident) { resident in
                    withVaList([size, resident]) { vfscanf(file, "%ld %ld", $0) }
                }
            }) == 2
    else { return 0 }
    return Double(resident * Int(sysconf(Int32(_SC_PAGESIZE)))) / 1_048_576
}

/// The peak resident memory in MiB so far (Linux's VmHWM; 0 elsewhere).
public func peakResidentMiB() -> Double {
    guard let text = readFile("/proc/self/status") else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let kilobytes =
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Double($0) } ?? 0
        return kilobytes / 1024
    }
    return 0
}

/// The text of the file at `path`, or `nil` when it cannot be read.
public func readFile(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}
