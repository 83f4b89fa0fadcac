import CStoryKit
import StoryKitC
import StoryKitCore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C functions, called as a C host would: raw pointers, explicit lengths, owned results.
@Suite struct CABITests {
    private func format(_ text: String, options: String? = nil) -> (status: storykit_status, output: String?) {
        var output: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(bitPattern: 0xDEAD)
        var bytes = Array(text.utf8)
        let status = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                if let options {
                    return storykit_json_format(&output, chars.baseAddress, chars.count, options)
                }
                return storykit_json_format(&output, chars.baseAddress, chars.count, nil)
            }
        }
        defer { storykit_string_free(output) }
        return (status, output.map { String(cString: $0) })
    }

    private func validate(_ bytes: [UInt8]) -> storykit_status {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { storykit_json_validate($0.baseAddress, $0.count) }
        }
    }

    @Test func versionsAgreeWithTheHeader() {
        #expect(String(cString: storykit_version_string()) == STORYKIT_VERSION_STRING)
        #expect(String(cString: storykit_version_string()) == StoryKitVersion.string)
        #expect(storykit_version_number() == versionNumberMacro)
        #expect(storykit_abi_version() == STORYKIT_ABI_VERSION)
    }

    @Test func everyStatusHasAStringAndMatchesTheSwiftCodes() {
        #expect(String(cString: storykit_status_string(STORYKIT_OK)) == "ok")
        for code in StoryKitError.Code.allCases {
            #expect(String(cString: storykit_status_string(code.rawValue)) == code.summary)
        }
        #expect(StoryKitError.Code.parse.rawValue == STORYKIT_E_PARSE)
        #expect(StoryKitError.Code.limit.rawValue == STORYKIT_E_LIMIT)
        #expect(StoryKitError.Code.internal.rawValue == STORYKIT_E_INTERNAL)
        #expect(String(cString: storykit_status_string(12345)) == "unknown status")
    }

    @Test func formatsWithOptions() {
        #expect(format(#"{"b": [1, 2], "a": "x"}"#).output == "{\n  \"b\": [\n    1,\n    2\n  ],\n  \"a\": \"x\"\n}")
        #expect(
            format(#"{"b": [1, 2], "a": "x"}"#, options: #"{"indent":0,"sortKeys":true}"#).output
                == #"{"a":"x","b":[1,2]}"#)
        #expect(format("1.0e5", options: "{}").output == "1.0e5")
    }

    @Test(arguments: [
        (#"{"indent":17}"#, "option \"indent\" must be an integer from 0 to 16"),
        (#"{"indent":-1}"#, "option \"indent\""),
        (#"{"indent":2.5}"#, "option \"indent\""),
        (#"{"indent":"2"}"#, "option \"indent\""),
        (#"{"sortKeys":1}"#, "option \"sortKeys\" must be true or false"),
        (#"{"sortkeys":true}"#, "unknown option \"sortkeys\""),
        ("[]", "options_json must be a JSON object"),
        ("{", "options_json is not valid JSON")
    ])
    func rejectsBadOptions(options: String, message: String) {
        let result = format("[1]", options: options)
        #expect(result.status == STORYKIT_E_INVALID_ARGUMENT)
        #expect(result.output == nil)
        #expect(lastError().contains(message), "\(lastError())")
    }

    @Test func failureSetsTheOutputToNullAndExplains() {
        let result = format("[1, 2,]")
        #expect(result.status == STORYKIT_E_PARSE)
        #expect(result.output == nil)
        #expect(lastError() == "line 1, column 7 (byte 6): expected a value, found ']'")
    }

    @Test func nullArgumentsAreErrorsNotCrashes() {
        #expect(storykit_json_validate(nil, 0) == STORYKIT_E_PARSE)
        #expect(storykit_json_validate(nil, 5) == STORYKIT_E_INVALID_ARGUMENT)
        #expect(lastError() == "text is NULL but its length is 5")
        #expect(storykit_json_format(nil, "1", 1, nil) == STORYKIT_E_INVALID_ARGUMENT)
        #expect(lastError() == "out_json is NULL")
        var output: UnsafeMutablePointer<CChar>?
        #expect(storykit_json_format(&output, nil, 1, nil) == STORYKIT_E_INVALID_ARGUMENT)
        #expect(output == nil)
        storykit_string_free(nil)
    }

    @Test func hugeLengthsAreLimitErrors() {
        let text = "[1]"
        #expect(storykit_json_validate(text, Int(bitPattern: UInt(Int.max) + 1)) == STORYKIT_E_LIMIT)
        #expect(storykit_json_validate(text, -1) == STORYKIT_E_LIMIT)
        #expect(storykit_json_validate(text, Int(STORYKIT_MAX_INPUT_BYTES) + 1) == STORYKIT_E_LIMIT)
        #expect(lastError().contains("STORYKIT_MAX_INPUT_BYTES"))
    }

    @Test func inputSizeLimitIsExactAtItsEdge() {
        // A string value that fills the limit exactly, then one byte more.
        let limit = Int(STORYKIT_MAX_INPUT_BYTES)
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: limit + 1)
        bytes[0] = UInt8(ascii: "\"")
        bytes[limit - 1] = UInt8(ascii: "\"")
        bytes[limit] = UInt8(ascii: " ")
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                #expect(storykit_json_validate(chars.baseAddress, limit) == STORYKIT_OK)
                #expect(storykit_json_validate(chars.baseAddress, limit + 1) == STORYKIT_E_LIMIT)
            }
        }
    }

    @Test func depthLimitMatchesTheHeader() {
        let depth = Int(STORYKIT_MAX_JSON_DEPTH)
        #expect(
            validate(
                Array(String(repeating: "[", count: depth).utf8) + Array(String(repeating: "]", count: depth).utf8))
                == STORYKIT_OK)
        #expect(
            validate(
                Array(String(repeating: "[", count: depth + 1).utf8)
                    + Array(String(repeating: "]", count: depth + 1).utf8)) == STORYKIT_E_LIMIT)
    }

    @Test func optionsSizeLimitIsExactAtItsEdge() {
        let limit = Int(STORYKIT_MAX_OPTIONS_BYTES)
        let padding = String(repeating: " ", count: limit - 2)
        #expect(format("[1]", options: "{" + padding + "}").status == STORYKIT_OK)
        #expect(format("[1]", options: "{ " + padding + "}").status == STORYKIT_E_LIMIT)
    }

    @Test func invalidUTF8IsAParseErrorWithTheOffset() {
        #expect(validate([0x22, 0x61, 0xFF, 0x22]) == STORYKIT_E_PARSE)
        #expect(lastError().contains("byte 2"))
    }

    /// Every entry point from 8 threads at once: results are right and each thread's last
    /// error is its own.
    @Test func concurrentCallsKeepTheirOwnLastError() async {
        await withTaskGroup(of: Bool.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    // Each worker runs on a thread of its own: the message must stay its own.
                    await onOwnThread {
                        var ok = true
                        for round in 0..<300 {
                            let bad = "[\(worker), \(round),]"
                            let expectedError =
                                "line 1, column \(bad.utf8.count) (byte \(bad.utf8.count - 1)): expected a value, found ']'"
                            ok = ok && storykit_json_validate(bad, bad.utf8.count) == STORYKIT_E_PARSE
                            ok = ok && String(cString: storykit_last_error()) == expectedError
                            var output: UnsafeMutablePointer<CChar>?
                            let good = #"{"w":\#(worker),"r":\#(round)}"#
                            ok =
                                ok
                                && storykit_json_format(&output, good, good.utf8.count, #"{"indent":0}"#) == STORYKIT_OK
                            ok = ok && output.map { String(cString: $0) } == good
                            storykit_string_free(output)
                            ok = ok && String(cString: storykit_last_error()) == expectedError
                            ok = ok && String(cString: storykit_status_string(STORYKIT_E_STATE)) == "wrong state"
                            ok = ok && storykit_abi_version() == 1 && storykit_version_number() == versionNumberMacro
                            ok = ok && String(cString: storykit_version_string()) == STORYKIT_VERSION_STRING
                        }
                        return ok
                    }
                }
            }
            for await ok in group {
                #expect(ok)
            }
        }
    }
}

/// STORYKIT_VERSION_NUMBER, which Swift cannot import because it is an expression.
private let versionNumberMacro = STORYKIT_VERSION_MAJOR * 10000 + STORYKIT_VERSION_MINOR * 100 + STORYKIT_VERSION_PATCH
