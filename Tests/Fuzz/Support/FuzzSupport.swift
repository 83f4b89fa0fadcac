// What every fuzz target shares: reading the fuzzer's bytes, calling a C entry point the way a
// host does, and failing loudly (abort, so libFuzzer keeps the input) when a property breaks.
import CStoryKit
import StoryKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Stops the run on a broken property. libFuzzer treats the abort as a finding and writes the
/// input that caused it to a `crash-*` file.
func propertyFailed(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fputs("Property failed (\(file):\(line)): \(message)\n", stderr)
    abort()
}

func require(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    if !condition { propertyFailed(message(), file: file, line: line) }
}

/// The outcome of one C call that answers a string: its status and, on success, the bytes.
struct Answer: Equatable {
    var status: storykit_status
    var bytes: [UInt8]?
}

/// Calls an entry point that answers through `char **out_json`, taking ownership as a host
/// does. A failure must leave the out-parameter NULL and set a last-error message; a success
/// must hand back a NUL-terminated string.
func answer(_ call: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> storykit_status) -> Answer {
    var output: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(bitPattern: 0x1)
    let status = call(&output)
    guard status == STORYKIT_OK else {
        require(output == nil, "status \(status) left the out-parameter set")
        require(storykit_last_error() != nil, "status \(status) without a last error")
        return Answer(status: status, bytes: nil)
    }
    guard let output else { propertyFailed("STORYKIT_OK with a NULL out-parameter") }
    let bytes = Array(
        UnsafeBufferPointer(start: UnsafeRawPointer(output).assumingMemoryBound(to: UInt8.self), count: strlen(output)))
    storykit_string_free(output)
    return Answer(status: status, bytes: bytes)
}

/// Requires an answer to be one strict JSON value (strict JSON is valid UTF-8) and returns it.
@discardableResult
func requireJSON(_ bytes: [UInt8], _ what: String) -> JSONValue {
    do {
        return try JSONValue(parsingUTF8: bytes)
    } catch {
        propertyFailed("\(what) is not strict JSON: \(error)")
    }
}

/// The statuses an entry point may answer untrusted input with; anything else (a transport or
/// I/O status from a pure function) is a finding.
func requireInputStatus(_ status: storykit_status, _ what: String) {
    let expected: Set<storykit_status> = [
        STORYKIT_OK, STORYKIT_E_INVALID_ARGUMENT, STORYKIT_E_PARSE, STORYKIT_E_LIMIT, STORYKIT_E_NOT_FOUND
    ]
    require(expected.contains(status), "\(what) answered status \(status)")
}

/// Reads choices off the front of the fuzzer's input; what is left is the payload.
struct FuzzInput {
    private var bytes: ArraySlice<UInt8>

    init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = size > 0 && data != nil ? ArraySlice(UnsafeBufferPointer(start: data, count: size)) : []
    }

    /// One byte of choice, 0 when the input has run out.
    mutating func choice() -> UInt8 {
        bytes.popFirst() ?? 0
    }

    /// A choice in 0..<count.
    mutating func choice(below count: Int) -> Int {
        Int(choice()) % count
    }

    /// Whatever the choices left.
    var rest: [UInt8] { Array(bytes) }
}

/// Calls `body` with the bytes as a C string pointer and length, never NUL-terminated, so that
/// an entry point that reads past `len` is caught by AddressSanitizer.
func withUnterminated<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>?, Int) -> R) -> R {
    let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
    defer { copy.deallocate() }
    bytes.withUnsafeBufferPointer { source in
        if let base = source.baseAddress {
            UnsafeMutableRawPointer(copy).copyMemory(from: base, byteCount: bytes.count)
        }
    }
    return body(bytes.isEmpty ? nil : UnsafePointer(copy), bytes.count)
}

/// Calls `body` with the bytes as a NUL-terminated string (cut at the first NUL, as C would).
func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
    var terminated = bytes.prefix { $0 != 0 }.map { CChar(bitPattern: $0) }
    terminated.append(0)
    return terminated.withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// Splits the payload where the fuzzer chooses, so that chunks cut UTF-8 characters and
/// escapes anywhere: each length byte is the next chunk's length (0 means 1); the last chunk is
/// whatever is left.
func chunks(of payload: [UInt8], lengths: [UInt8]) -> [ArraySlice<UInt8>] {
    var parts: [ArraySlice<UInt8>] = []
    var start = 0
    for length in lengths where start < payload.count {
        let end = min(payload.count, start + max(1, Int(length)))
        parts.append(payload[start..<end])
        start = end
    }
    if start < payload.count || parts.isEmpty { parts.append(payload[start...]) }
    return parts
}
