import CStoryKit
import StoryKitCore

/// `StoryKitVersion.string` as C text: written once, on first use (Swift initialises globals
/// once, thread-safely), and never freed, so that C may keep the pointer. Never written after.
nonisolated(unsafe) private let versionCString: UnsafePointer<CChar> = {
    let bytes = Array(StoryKitVersion.string.utf8CString)
    let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    copy.initialize(from: bytes, count: bytes.count)
    return UnsafePointer(copy)
}()

@c @implementation
public func storykit_version_string() -> UnsafePointer<CChar>! {
    versionCString
}

@c @implementation
public func storykit_version_number() -> Int32 {
    Int32(StoryKitVersion.number)
}

@c @implementation
public func storykit_abi_version() -> Int32 {
    Int32(StoryKitVersion.abi)
}
