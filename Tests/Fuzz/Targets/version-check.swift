// The check on a model's versions, with a fuzzer-chosen kind and language, on a typed text
// and a version split at the first NUL byte (no NUL: the version is the typed text). Whatever
// the bytes: the check returns; a version equal to the typed text is always shown, as typed;
// a shown version is one it was given; and a version that changes one typed word of four or
// more ASCII letters into as many `q`s (a text without a `q`: no keyboard slip explains it)
// is always dropped.
import StoryKitCore

private let kinds: [TextVariation.Kind?] = [.direct, .refined, .alternative, nil]
private let languages = ["en", "es", "fr", "de", "it", "pt", "nl"]
private let offline = OfflineCorrector()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVersionCheck(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let choice = input.choice()
    let kind = kinds[Int(choice) % kinds.count], language = languages[Int(choice) / kinds.count % languages.count]
    let rest = input.rest
    let split = rest.firstIndex(of: 0)
    guard let typed = String(validating: rest[..<(split ?? rest.endIndex)], as: UTF8.self),
        typed.unicodeScalars.contains(where: { !$0.properties.isWhitespace })
    else { return 0 }
    let check = VersionCheck(typed: typed, strictness: .faithful, language: language, offline: offline)
    func shown(_ version: String) -> [TextVariation] {
        check.check(VariationSet(variations: [TextVariation(text: version, kind: kind)], source: .json)).variations
    }
    let echo = shown(typed)
    require(echo.map(\.text) == [check.tidied(typed)], "the typed text echoed was not shown as typed: \(echo)")
    if let split, let version = String(validating: rest[(split + 1)...], as: UTF8.self) {
        let versions = shown(version)
        require(versions.allSatisfy { $0.text == check.tidied(version) }, "a shown version was not the one given")
    }
    let words: [Substring] = typed.split(whereSeparator: { !$0.isLetter })
    if !typed.contains("q"), !typed.contains("Q"),
        let word = words.first(where: { word in word.count >= 4 && word.allSatisfy { $0.isASCII && $0.isLowercase } })
    {
        let changed =
            String(typed[..<word.startIndex]) + String(repeating: "q", count: word.count) + typed[word.endIndex...]
        require(shown(changed).isEmpty, "a word no slip explains was shown: \(word) in \(changed.debugDescription)")
    }
    return 0
}
