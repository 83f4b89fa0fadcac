import CStoryKit
import StoryKitCore
import StoryKitLanguages

/// The packs built into the C library: every one the package ships.
private let builtInLanguagePacks = LanguagePack.all

/// The packs the host loaded (`storykit_pack_load`), by language; each replaces the built-in
/// pack of its language.
private let loadedLanguagePacks = LockedValue<[String: LanguagePack]>([:])

/// Every language the C library's offline corrector reads: the built-in packs, a loaded pack
/// in place of its language's, then the loaded packs of other languages.
var allLanguagePacks: [LanguagePack] {
    let loaded = loadedLanguagePacks.withLock { $0 }
    let builtIn = builtInLanguagePacks.map { loaded[$0.language.language] ?? $0 }
    let added = loaded.values.filter { pack in !builtInLanguagePacks.contains { $0.language.language == pack.language.language } }
    return builtIn + added.sorted { $0.language.language < $1.language.language }
}

/// Makes `words` the pack of its language and describes it.
private func install(_ words: LanguageWordList) -> JSONValue {
    let pack = LanguagePack(words: words)
    let replaced = loadedLanguagePacks.withLock { loaded in
        defer { loaded[pack.language.language] = pack }
        return loaded[pack.language.language] != nil || builtInLanguagePacks.contains { $0.language.language == pack.language.language }
    }
    return ["language": .string(pack.language.language), "words": .number(JSONNumber(Int64(words.wordCount))), "replaced": .bool(replaced)]
}

@c @implementation
public func storykit_pack_load(_ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ bytes: UnsafeRawPointer?, _ len: Int) -> storykit_status {
    answerJSON(out_json) { () throws(StoryKitError) in
        let data = try inputBytes(bytes?.assumingMemoryBound(to: CChar.self), len, "bytes")
        return try install(LanguageWordList(packBytes: data))
    }
}

@c @implementation
public func storykit_pack_load_file(_ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ path: UnsafePointer<CChar>?) -> storykit_status {
    answerJSON(out_json) { () throws(StoryKitError) in
        let path = try stringArgument(path, "path")
        return try install(LanguageWordList(packFile: path))
    }
}

@c @implementation
public func storykit_packs(_ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> storykit_status {
    answerJSON(out_json) { () throws(StoryKitError) in
        let loaded = loadedLanguagePacks.withLock { $0 }
        return ["packs": .array(allLanguagePacks.map { pack in
            ["language": .string(pack.language.language), "words": .number(JSONNumber(Int64(pack.words.wordCount))),
             "source": .string(loaded[pack.language.language] != nil ? "loaded" : "built-in")]
        })]
    }
}
