import CStoryKit

/// This thread's last error right now.
func lastError() -> String { String(cString: storykit_last_error()) }

/// Calls an entry point that answers through `char **` as a host does, and returns the status
/// and the answer's text, releasing it.
func answered(_ call: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> storykit_status) -> (
    storykit_status, String?
) {
    var output: UnsafeMutablePointer<CChar>?
    let status = call(&output)
    defer { storykit_string_free(output) }
    return (status, output.map { String(cString: $0) })
}

/// The status alone, releasing the answer without copying it (answers may be 64 MiB).
func status(_ call: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> storykit_status) -> storykit_status {
    var output: UnsafeMutablePointer<CChar>?
    let status = call(&output)
    storykit_string_free(output)
    return status
}
