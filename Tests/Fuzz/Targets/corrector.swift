// The offline corrector, through storykit_correct_offline with a fuzzer-chosen layout: any
// UTF-8 text up to the limit is corrected, into at most three variations that differ in more
// than punctuation and white space (a capital or apostrophe counts), each word (asked for) with a confidence in 0...1.
import CStoryKit
import StoryKitCore

private let layouts = ["qwerty", "qwertz", "azerty"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOfflineCorrector(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let options = "{\"layout\":\"\(layouts[input.choice(below: layouts.count)])\",\"words\":true}"
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
    require(variations.count <= 3, "\(variations.count) variations")
    let keys = variations.map { variation in
        String((variation["text"]?.stringValue ?? "").unicodeScalars.filter { $0 == "'" || $0.properties.isAlphabetic || $0.properties.numericType != nil })
    }
    require(Set(keys).count == keys.count, "two variations differ only in punctuation or white space: \(variations)")
    for word in words {
        let confidence = word["confidence"]?.numberValue?.doubleValue ?? -1
        require(confidence >= 0 && confidence <= 1, "a word confidence of \(confidence)")
    }
    return 0
}
