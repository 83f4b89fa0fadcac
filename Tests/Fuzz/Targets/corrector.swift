// The offline corrector, through storykit_correct_offline with a fuzzer-chosen layout and
// language (told from the text, one with a language pack, or one without): any
// UTF-8 text up to the limit is corrected into one to three versions, each word (asked for)
// with a confidence in 0...1. The versions keep the rules of what is offered: "direct" comes
// first; "refined", when there, differs from direct but reads the same words (letters and
// digits, case aside, but for its/it's and i/I); "alternative", when there, reads other words
// than both; and a set of fewer than three says so with a count issue.
import CStoryKit
import StoryKitCore

private let layouts = ["qwerty", "qwertz", "azerty"]
private let languages = ["", ",\"language\":\"en\"", ",\"language\":\"es\"", ",\"language\":\"fr\"", ",\"language\":\"de\"",
                         ",\"language\":\"it\"", ",\"language\":\"pt\"", ",\"language\":\"nl\"", ",\"language\":\"pl\""]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOfflineCorrector(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    // One byte chooses both, so the text of the kept regression inputs stays what it was.
    let choice = Int(input.choice())
    let layout = layouts[choice % layouts.count], language = languages[choice / layouts.count % languages.count]
    let options = "{\"layout\":\"\(layout)\",\"words\":true\(language)}"
    let text = input.rest

    let corrected = answer { out in withUnterminated(text) { storykit_correct_offline(out, $0, $1, options) } }
    let decoded = String(validating: text, as: UTF8.self)
    // Text of nothing but white space has nothing to correct, and is refused as such.
    let expected = decoded == nil ? STORYKIT_E_PARSE
        : decoded!.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) ? STORYKIT_OK : STORYKIT_E_INVALID_ARGUMENT
    require(corrected.status == expected, "status \(corrected.status) for \(decoded == nil ? "non-UTF-8" : "UTF-8") text")
    guard let output = corrected.bytes else { return 0 }

    let result = requireJSON(output, "the corrector's answer")
    guard let variations = result["variations"]?.arrayValue, let words = result["words"]?.arrayValue else {
        propertyFailed("the answer lacks variations or words")
    }
    require((1...3).contains(variations.count), "\(variations.count) variations")
    let kinds = variations.map { $0["kind"]?.stringValue ?? "" }
    require(kinds.first == "direct" && kinds == ["direct", "refined", "alternative"].filter(kinds.contains), "kinds \(kinds)")
    let issues = result["issues"]?.arrayValue ?? []
    require(variations.count == 3 || issues.contains { $0["code"]?.stringValue == "count" }, "fewer than three versions, no count issue")
    let texts = Dictionary(uniqueKeysWithValues: zip(kinds, variations.map { $0["text"]?.stringValue ?? "" }))
    let directWords = wordKey(texts["direct"] ?? "")
    if let refined = texts["refined"] {
        require(refined != texts["direct"], "refined equals direct: \(variations)")
        require(wordKey(refined) == directWords, "refined reads other words than direct: \(variations)")
    }
    if let alternative = texts["alternative"] {
        require(wordKey(alternative) != directWords, "the alternative reads direct's words: \(variations)")
    }
    for word in words {
        let confidence = word["confidence"]?.numberValue?.doubleValue ?? -1
        require(confidence >= 0 && confidence <= 1, "a word confidence of \(confidence)")
    }
    return 0
}

/// The words of a version as a reader compares them: letters and digits in lower case, one
/// space apart, with "it's" read as "its" (refined may write either).
private func wordKey(_ text: String) -> String {
    var words: [String] = [], current = ""
    for scalar in text.lowercased().unicodeScalars {
        if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
            current.unicodeScalars.append(scalar)
        } else if scalar != "'" {
            if !current.isEmpty { words.append(current) }
            current = ""
        }
    }
    if !current.isEmpty { words.append(current) }
    return words.joined(separator: " ")
}
