import CStoryKit
import StoryKitCore
import StoryKitLanguages

/// The packs built into the C library: every one the package ships.
private let builtInLanguagePacks = LanguagePack.all

/// The packs the host loaded (`storykit_pack_load`), by language, and every pack the offline
/// corrector reads with them, worked out when a pack is loaded rather than on every call.
private struct InstalledPacks {
    var loaded: [String: LanguagePack] = [:]
    /// The built-in packs, a loaded pack in place of its language's, then the loaded packs of
    /// other languages.
    var all = builtInLanguagePacks

    /// Makes `pack` the pack of its language; whether it replaced one.
    mutating func install(_ pack: LanguagePack) -> Bool {
        let language = pack.language.language
        let replaced = all.contains { $0.language.language == language }
        loaded[language] = pack
        let added = loaded.values.filter { pack in
            !builtInLanguagePacks.contains { $0.language.language == pack.language.language }
        }
        all =
            builtInLanguagePacks.map { loaded[$0.language.language] ?? $0 }
            + added.sorted { $0.language.language < $1.language.language }
        return replaced
    }
}

private let installedPacks = LockedValue(InstalledPacks())

/// Every language the C library's offline corrector reads (see `InstalledPacks.all`).
var allLanguagePacks: [LanguagePack] { installedPacks.withLock { $0.all } }

/// Makes `words` the pack of its language and describes it.
private func install(_ words: LanguageWordList) -> JSONValue {
    let pack = LanguagePack(words: words)
    let replaced = installedPacks.withLock { $0.install(pack) }
    return [
        "language": .string(pack.language.language), "words": .number(JSONNumber(Int64(words.wordCount))),
        "replaced": .bool(replaced)
    ]
}

@c @implementation
public func storykit_pack_load(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ bytes: UnsafeRawPointer?, _ len: Int
) -> storykit_status {
    answerJSON(out_json) { () throws(StoryKitError) in
        let data = try inputBytes(bytes?.assumingMemoryBound(to: CChar.self), len, "bytes")
        return try install(LanguageWordList(packBytes: data))
    }
}

@c @implementation
public func storykit_pack_load_file(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ path: UnsafePointer<CChar>?
) -> storykit_status {
    answerJSON(out_json) { () throws(StoryKitError) in
        let path = try stringArgument(path, "path")
        return try install(LanguageWordList(packFile: path))
    }
}

@c @implementation
public func storykit_packs(_ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> storykit_status {
    answerJSON(out_json) { () throws(StoryKitError) in
        let (loaded, all) = installedPacks.withLock { ($0.loaded, $0.all) }
        return [
            "packs": .array(
                all.map { pack in
                    [
                        "language": .string(pack.language.language),
                        "words": .number(JSONNumber(Int64(pack.words.wordCount))),
                        "source": .string(loaded[pack.language.language] != nil ? "loaded" : "built-in")
                    ]
                })
        ]
    }
}
