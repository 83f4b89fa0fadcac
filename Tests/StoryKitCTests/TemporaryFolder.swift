#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CStoryKit
import StoryKitC
import StoryKitCore
import Testing

/// A new empty folder under /tmp for one test.
func temporaryFolder() throws -> String {
    var template = Array("/tmp/storykit-test-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw StoryKitError(.io, "mkdtemp failed") }
    return String(cString: made)
}

/// Removes a folder and everything in it.
func removeTree(_ path: String) {
    if let directory = opendir(path) {
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { removeTree(path + "/" + name) }
        }
        closedir(directory)
        rmdir(path)
    } else {
        unlink(path)
    }
}

/// A store opened in a new temporary folder (or in `subfolder` of it); `remove()` closes the
/// store and removes the folder.
struct TemporaryStore {
    let folder: String
    let store: OpaquePointer

    init(in subfolder: String = "") throws {
        folder = try temporaryFolder()
        var opened: OpaquePointer?
        let status = storykit_store_open(&opened, folder + subfolder, nil)
        guard status == STORYKIT_OK, let opened else {
            removeTree(folder)
            throw StoryKitError(.io, "storykit_store_open answered \(status)")
        }
        store = opened
    }

    func remove() {
        storykit_store_close(store)
        removeTree(folder)
    }
}
