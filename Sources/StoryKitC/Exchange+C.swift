import CStoryKit
import StoryKitCore

private func exchangeHandle(_ exchange: OpaquePointer?) throws(StoryKitError) -> HostExchange {
    guard let exchange else { throw StoryKitError(.invalidArgument, "exchange is NULL") }
    return Unmanaged<HostExchange>.fromOpaque(UnsafeRawPointer(exchange)).takeUnretainedValue()
}

@c @implementation
public func storykit_exchange_respond(
    _ exchange: OpaquePointer?, _ http_status: Int32, _ headers_json: UnsafePointer<CChar>?
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let handle = try exchangeHandle(exchange)
        guard (100...599).contains(http_status) else {
            throw StoryKitError(.invalidArgument, "http_status \(http_status) is not an HTTP status (100 to 599)")
        }
        var fields: [HTTPHeaders.Field] = []
        if let headers_json {
            let headers = try jsonArgument(
                headers_json, "headers_json", maxBytes: Int(STORYKIT_MAX_OPTIONS_BYTES),
                limitName: "STORYKIT_MAX_OPTIONS_BYTES")
            guard case .object(let object) = headers else {
                throw StoryKitError(
                    .invalidArgument, "headers_json must be a JSON object, not \(JSONFieldReader.describe(headers))")
            }
            for member in object {
                guard case .string(let text) = member.value else {
                    throw StoryKitError(
                        .invalidArgument,
                        "header \"\(member.key)\" must be a string, not \(JSONFieldReader.describe(member.value))")
                }
                fields.append(HTTPHeaders.Field(name: member.key, value: text))
            }
        }
        try handle.respond(status: Int(http_status), headers: HTTPHeaders(fields))
    }
}

@c @implementation
public func storykit_exchange_write(_ exchange: OpaquePointer?, _ chunk: UnsafePointer<UInt8>?, _ len: Int)
    -> storykit_status
{
    withStatus { () throws(StoryKitError) in
        let handle = try exchangeHandle(exchange)
        guard len >= 0, len <= Int(STORYKIT_MAX_INPUT_BYTES) else {
            throw StoryKitError(.limit, "len \(UInt(bitPattern: len)) is over STORYKIT_MAX_INPUT_BYTES")
        }
        guard let chunk else {
            guard len == 0 else { throw StoryKitError(.invalidArgument, "chunk is NULL but len is \(len)") }
            return try handle.write(UnsafeBufferPointer(start: nil, count: 0))
        }
        try handle.write(UnsafeBufferPointer(start: chunk, count: len))
    }
}

@c @implementation
public func storykit_exchange_cancelled(_ exchange: OpaquePointer?) -> Int32 {
    guard let exchange else { return 1 }
    return Unmanaged<HostExchange>.fromOpaque(UnsafeRawPointer(exchange)).takeUnretainedValue().isCancelled ? 1 : 0
}

@c @implementation
public func storykit_exchange_fail(
    _ exchange: OpaquePointer?, _ kind: UnsafePointer<CChar>?, _ message: UnsafePointer<CChar>?
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let handle = try exchangeHandle(exchange)
        let name = try stringArgument(kind, "kind")
        let kinds: [String: GenerationError.Kind] = [
            "transport": .transport, "timeout": .timeout, "cancelled": .cancelled
        ]
        guard let errorKind = kinds[name] else {
            throw StoryKitError(
                .invalidArgument, "unknown kind \"\(name)\"; expected \"transport\", \"timeout\" or \"cancelled\"")
        }
        let detail =
            message == nil
            ? nil
            : try stringArgument(
                message, "message", maxBytes: Int(STORYKIT_MAX_OPTIONS_BYTES), limitName: "STORYKIT_MAX_OPTIONS_BYTES")
        try handle.fail(GenerationError(errorKind, detail: detail ?? "the host's transport reported \(name)"))
    }
}
