import CStoryKit
import StoryKitCore

private let versionString: StaticString = "0.1.0"

@c @implementation
public func storykit_version_string() -> UnsafePointer<CChar>! {
    UnsafeRawPointer(versionString.utf8Start).assumingMemoryBound(to: CChar.self)
}

@c @implementation
public func storykit_version_number() -> Int32 {
    Int32(StoryKitVersion.number)
}

@c @implementation
public func storykit_abi_version() -> Int32 {
    Int32(StoryKitVersion.abi)
}
