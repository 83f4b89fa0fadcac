import CStoryKit
import StoryKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

@c @implementation
public func storykit_status_string(_ status: storykit_status) -> UnsafePointer<CChar>! {
    let text: StaticString =
        switch status {
        case STORYKIT_OK: "ok"
        case STORYKIT_E_INVALID_ARGUMENT: "invalid argument"
        case STORYKIT_E_PARSE: "parse error"
        case STORYKIT_E_NOT_FOUND: "not found"
        case STORYKIT_E_IO: "I/O error"
        case STORYKIT_E_TRANSPORT: "transport error"
        case STORYKIT_E_API: "API error"
        case STORYKIT_E_UNAVAILABLE: "unavailable"
        case STORYKIT_E_LIMIT: "limit exceeded"
        case STORYKIT_E_CALLBACK: "callback stopped the operation"
        case STORYKIT_E_STATE: "wrong state"
        case STORYKIT_E_CANCELLED: "cancelled"
        case STORYKIT_E_INTERNAL: "internal error"
        default: "unknown status"
        }
    return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

@c @implementation
public func storykit_last_error() -> UnsafePointer<CChar>! {
    LastError.current
}

@c @implementation
public func storykit_string_free(_ string: UnsafeMutablePointer<CChar>?) {
    free(string)
}
