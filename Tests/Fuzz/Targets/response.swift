// Provider responses, through storykit_response_decode: any status and body are classified
// as exactly one of {"result":...} or {"error":...}, in strict JSON, and an error's kind is
// one of the documented kinds.
import CStoryKit
import StoryKitCore

private let providers = ["gemini", "imagen", "openai"]
private let statuses: [Int32] = [200, 200, 200, 400, 401, 403, 404, 408, 429, 500, 503]
private let kinds: Set<String> = [
    "invalidAPIKey", "serviceDisabled", "permissionDenied", "notFound", "invalidRequest", "inputTooLong",
    "unsupportedLocation",
    "rateLimited", "serverError", "unavailable", "timeout", "cancelled", "promptBlocked", "stoppedEarly",
    "emptyResponse", "outputLimit", "contentFiltered", "malformedResponse", "transport"
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResponses(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let provider = providers[input.choice(below: providers.count)]
    let statusChoice = input.choice()
    let status = Int(statusChoice) < statuses.count ? statuses[Int(statusChoice)] : 100 + Int32(statusChoice) * 2
    let body = input.rest

    let decoded = answer { out in withUnterminated(body) { storykit_response_decode(out, provider, status, $0, $1) } }
    requireInputStatus(decoded.status, "storykit_response_decode")
    if decoded.status == STORYKIT_E_PARSE {
        require(
            (200..<300).contains(status) && String(validating: body, as: UTF8.self) == nil,
            "a parse error for status \(status)")
    }
    guard let output = decoded.bytes else { return 0 }
    let reply = requireJSON(output, "a decoded response")
    require(reply.objectValue?.count == 1, "the answer has other than one member")
    if let error = reply["error"] {
        let kind = error["kind"]?.stringValue ?? ""
        require(kinds.contains(kind), "error kind \"\(kind)\"")
        require(error["retryable"]?.boolValue != nil, "an error without retryable")
    } else {
        require(reply["result"]?.objectValue != nil, "neither result nor error")
        require(!(300..<600).contains(status), "status \(status) decoded as a result")
    }
    return 0
}
