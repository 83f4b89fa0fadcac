#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StoryKitCore

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
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { removeTree(path + "/" + name) }
        }
        closedir(directory)
        rmdir(path)
    } else {
        unlink(path)
    }
}
