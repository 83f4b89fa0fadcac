import CStoryKit
import StoryKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the body of an exported function: a thrown `StoryKitError` becomes its status code
/// and this thread's last error. Nothing may trap across the C boundary, so every exported
/// function goes through here.
@inline(__always)
func withStatus(_ body: () throws(StoryKitError) -> Void) -> storykit_status {
    do {
        try body()
        return STORYKIT_OK
    } catch {
        LastError.set(error.message)
        return error.code.rawValue
    }
}

/// Checks the out-parameter `name`, sets it to NULL, and hands it to the caller.
@inline(__always)
func requireOutput<Pointee>(_ output: UnsafeMutablePointer<Pointee?>?, _ name: String) throws(StoryKitError)
    -> UnsafeMutablePointer<Pointee?>
{
    guard let output else { throw StoryKitError(.invalidArgument, "\(name) is NULL") }
    output.pointee = nil
    return output
}

/// The bytes of a `(const char *text, size_t len)` pair, checked against the documented limits.
func inputBytes(_ text: UnsafePointer<CChar>?, _ length: Int, _ name: String = "text") throws(StoryKitError)
    -> UnsafeBufferPointer<UInt8>
{
    // size_t arrives as Int: a length above Int.max shows up negative.
    guard length >= 0, length <= Int(STORYKIT_MAX_INPUT_BYTES) else {
        throw StoryKitError(
            .limit,
            "\(name) is \(UInt(bitPattern: length)) bytes, over the limit of \(STORYKIT_MAX_INPUT_BYTES) (STORYKIT_MAX_INPUT_BYTES)"
        )
    }
    guard let text else {
        guard length == 0 else { throw StoryKitError(.invalidArgument, "\(name) is NULL but its length is \(length)") }
        return UnsafeBufferPointer(start: nil, count: 0)
    }
    return UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: length)
}

/// Parses a NUL-terminated options object; NULL gives an empty reader (all defaults).
func optionsReader(_ options: UnsafePointer<CChar>?) throws(StoryKitError) -> JSONFieldReader {
    guard let options else { return JSONFieldReader(JSONObject(), noun: "option") }
    return try objectArgument(
        options, "options_json", noun: "option", maxBytes: Int(STORYKIT_MAX_OPTIONS_BYTES),
        limitName: "STORYKIT_MAX_OPTIONS_BYTES")
}

/// Parses a NUL-terminated request object such as `storykit_prompt_build`'s.
func requestReader(_ request: UnsafePointer<CChar>?, _ name: String = "request_json") throws(StoryKitError)
    -> JSONFieldReader
{
    guard let request else { throw StoryKitError(.invalidArgument, "\(name) is NULL") }
    return try objectArgument(
        request, name, noun: "field", maxBytes: Int(STORYKIT_MAX_INPUT_BYTES), limitName: "STORYKIT_MAX_INPUT_BYTES")
}

/// The shared shape of the functions that answer with JSON: check and clear `out_json`, then
/// hand out what `answer` gives (which reads its own arguments, in the order it checks them).
func answerJSON(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ answer: () throws(StoryKitError) -> JSONValue
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let output = try requireOutput(out_json, "out_json")
        output.pointee = try outputString(answer().utf8Bytes())
    }
}

/// A NUL-terminated JSON object argument: at most `maxBytes`, strict JSON, an object.
private func objectArgument(
    _ pointer: UnsafePointer<CChar>, _ name: String, noun: String, maxBytes: Int, limitName: String
) throws(StoryKitError) -> JSONFieldReader {
    let value = try jsonArgument(pointer, name, maxBytes: maxBytes, limitName: limitName)
    guard case .object(let object) = value else {
        throw StoryKitError(
            .invalidArgument,
            "\(name) must be a JSON object, not \(value.typeName == "array" ? "an" : "a") \(value.typeName)")
    }
    return JSONFieldReader(object, noun: noun)
}

/// A NUL-terminated JSON argument of at most `maxBytes`: strict JSON, any value.
func jsonArgument(
    _ pointer: UnsafePointer<CChar>, _ name: String, maxBytes: Int = Int(STORYKIT_MAX_INPUT_BYTES),
    limitName: String = "STORYKIT_MAX_INPUT_BYTES"
) throws(StoryKitError) -> JSONValue {
    let length = strnlen(pointer, maxBytes + 1)
    guard length <= maxBytes else {
        throw StoryKitError(.limit, "\(name) is over the limit of \(maxBytes) bytes (\(limitName))")
    }
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length)
    do throws(JSONParseError) {
        return try JSONValue(parsingUTF8: bytes)
    } catch {
        let parseError = StoryKitError(error)
        throw StoryKitError(
            parseError.code == .limit ? .limit : .invalidArgument, "\(name) is not valid JSON: \(error)")
    }
}

/// Hands `bytes` to C as a malloc'd NUL-terminated string the caller frees with
/// `storykit_string_free`.
func outputString(_ bytes: [UInt8]) throws(StoryKitError) -> UnsafeMutablePointer<CChar> {
    guard let memory = malloc(bytes.count + 1) else {
        throw StoryKitError(.internal, "out of memory allocating \(bytes.count + 1) bytes for a result")
    }
    let result = memory.assumingMemoryBound(to: CChar.self)
    bytes.withUnsafeBytes { source in
        if let base = source.baseAddress { memcpy(memory, base, source.count) }
    }
    result[bytes.count] = 0
    return result
}

/// A NUL-terminated string argument, checked for NULL, length and UTF-8.
func stringArgument(
    _ pointer: UnsafePointer<CChar>?, _ name: String,
    maxBytes: Int = Int(STORYKIT_MAX_NAME_BYTES), limitName: String = "STORYKIT_MAX_NAME_BYTES"
) throws(StoryKitError) -> String {
    guard let pointer else { throw StoryKitError(.invalidArgument, "\(name) is NULL") }
    let length = strnlen(pointer, maxBytes + 1)
    guard length <= maxBytes else {
        throw StoryKitError(.limit, "\(name) is longer than \(maxBytes) bytes (\(limitName))")
    }
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length)
    guard let string = UTF8Text.string(validating: bytes) else {
        throw StoryKitError(.invalidArgument, "\(name) is not valid UTF-8")
    }
    return string
}
