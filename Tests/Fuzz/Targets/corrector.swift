// The offline corrector, through storykit_correct_offline with a fuzzer-chosen layout and
// language (told from the text, one with a language pack, or one without): any
// UTF-8 text up to the limit is corrected into one to three versions, each word (asked for)
// with a confidence in 0...1. The versions keep the rules of what is offered: "direct" comes
// first; "refined", when there, differs from direct but reads the same words (letters and
// digits, case aside, but for its/it's and i/I); "alternative", when there, reads other words
// than both; and a set of fewer than three says so with a count issue. In every language,
// nothing but corrected words changes: every other character of the text survives in direct,
// in order; a word is corrected only whole (never the part of a run of letters, digits or
// marks beside a letter the language does not know), and never through a mark that spells
// no letter of the language (a strike-through).
import CStoryKit
import StoryKitCore

private let layouts = ["qwerty", "qwertz", "azerty"]
private let languages = [
    "", ",\"language\":\"en\"", ",\"language\":\"es\"", ",\"language\":\"fr\"", ",\"language\":\"de\"",
    ",\"language\":\"it\"", ",\"language\":\"pt\"", ",\"language\":\"nl\"", ",\"language\":\"pl\""
]

private let writersVocabulary =
    #","vocabulary":{"known":["Zorbax","Oisín","Sir Pounce","glimmerfrost","Małgorzata"],"ignored":["teh","Nguyệt"]}"#

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOfflineCorrector(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    // One byte chooses both, so the text of the kept regression inputs stays what it was.
    let choice = Int(input.choice())
    let layout = layouts[choice % layouts.count], language = languages[choice / layouts.count % languages.count]
    // Choices past the first 27 add a writer's vocabulary, so older inputs read as before.
    let vocabulary = choice / (layouts.count * languages.count) % 2 == 1 ? writersVocabulary : ""
    let options = "{\"layout\":\"\(layout)\",\"words\":true\(language)\(vocabulary)}"
    let text = input.rest

    let corrected = answer { out in withUnterminated(text) { storykit_correct_offline(out, $0, $1, options) } }
    let decoded = String(validating: text, as: UTF8.self)
    // Text of nothing but white space has nothing to correct, and is refused as such.
    let expected =
        decoded == nil
        ? STORYKIT_E_PARSE
        : decoded!.unicodeScalars.contains(where: { !$0.properties.isWhitespace })
            ? STORYKIT_OK : STORYKIT_E_INVALID_ARGUMENT
    require(
        corrected.status == expected, "status \(corrected.status) for \(decoded == nil ? "non-UTF-8" : "UTF-8") text")
    guard let output = corrected.bytes else { return 0 }

    let result = requireJSON(output, "the corrector's answer")
    guard let variations = result["variations"]?.arrayValue, let words = result["words"]?.arrayValue else {
        propertyFailed("the answer lacks variations or words")
    }
    require((1...3).contains(variations.count), "\(variations.count) variations")
    let kinds = variations.map { $0["kind"]?.stringValue ?? "" }
    require(
        kinds.first == "direct" && kinds == ["direct", "refined", "alternative"].filter(kinds.contains),
        "kinds \(kinds)")
    let issues = result["issues"]?.arrayValue ?? []
    require(
        variations.count == 3 || issues.contains { $0["code"]?.stringValue == "count" },
        "fewer than three versions, no count issue")
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
    if let decoded, let direct = texts["direct"] {
        checkOnlyCorrectedWordsChanged(decoded, direct: direct, words: words)
    }
    return 0
}

/// Every character of `text` outside the changed words' originals is still in `direct` (as
/// many times, white space and case aside: words may be joined, split or capitalised; the
/// marks that slip into words, `.` `,` `;`, and apostrophes may go with them), a changed word is never only
/// ever a piece of a run of letters of another alphabet, digits or marks (`c` of `cбafe`,
/// `stanbul` of `İstanbul`), and no word with a mark that spells no letter is changed.
private func checkOnlyCorrectedWordsChanged(_ text: String, direct: String, words: [JSONValue]) {
    let scalars = Array(text.unicodeScalars)
    var removed: [Unicode.Scalar: Int] = [:]
    for word in words {
        guard let original = word["original"]?.stringValue, let corrected = word["corrected"]?.stringValue,
            original.lowercased() != corrected.lowercased()
        else { continue }
        for scalar in comparable(original.unicodeScalars) { removed[scalar, default: 0] += 1 }
        for part in original.split(separator: " ").map({ Array($0.unicodeScalars) }) {
            let occurrences = indices(of: part, in: scalars)
            require(
                occurrences.isEmpty
                    || occurrences.contains { start in
                        !isForeignNeighbour(before: start, in: scalars)
                            && !isForeignNeighbour(
                                start + part.count < scalars.count ? scalars[start + part.count] : nil)
                    }, "a piece of a word was corrected: \(original) -> \(corrected) in \(text.debugDescription)")
        }
        require(
            !original.unicodeScalars.contains {
                $0.properties.generalCategory == .nonspacingMark && !composingMarks.contains($0.value)
            },
            "a word with a mark that spells no letter was corrected: \(original.debugDescription) -> \(corrected)")
    }
    var written: [Unicode.Scalar: Int] = [:]
    for scalar in comparable(direct.unicodeScalars) { written[scalar, default: 0] += 1 }
    var expected: [Unicode.Scalar: Int] = [:]
    for scalar in comparable(text.unicodeScalars.filter { !".,;'".unicodeScalars.contains($0) }) {
        expected[scalar, default: 0] += 1
    }
    for (scalar, count) in expected where count - removed[scalar, default: 0] > written[scalar, default: 0] {
        propertyFailed(
            "U+\(String(scalar.value, radix: 16)) of \(text.debugDescription) is lost in direct \(direct.debugDescription)"
        )
    }
}

/// Scalars as versions are compared: no white space, lower case, an apostrophe typed as `;`
/// read as one.
private func comparable(_ scalars: some Sequence<Unicode.Scalar>) -> [Unicode.Scalar] {
    scalars.filter { !$0.properties.isWhitespace }.flatMap {
        $0 == ";" ? ["'"] : Array(String($0).lowercased().unicodeScalars)
    }
}

/// Where `needle` stands in `haystack`, an apostrophe matching a `;` typed for it.
private func indices(of needle: [Unicode.Scalar], in haystack: [Unicode.Scalar]) -> [Int] {
    guard !needle.isEmpty, haystack.count >= needle.count else { return [] }
    return (0...(haystack.count - needle.count)).filter { index in
        haystack[index..<(index + needle.count)].elementsEqual(needle) { $0 == $1 || ($1 == "'" && $0 == ";") }
    }
}

/// A letter of another alphabet, a digit or a mark that spells no letter: what a word corrected
/// whole never stands beside.
private func isForeignNeighbour(_ scalar: Unicode.Scalar?) -> Bool {
    guard let scalar, !scalar.isASCII || scalar.properties.numericType != nil else { return false }
    let properties = scalar.properties
    if properties.generalCategory == .nonspacingMark { return !composingMarks.contains(scalar.value) }
    return (properties.isAlphabetic && !isLongPressLetter(scalar)) || properties.numericType != nil
}

/// Whether what stands before `index` is foreign to a word starting there; marks after white
/// space belong to the space (one character with it), not to the word.
private func isForeignNeighbour(before index: Int, in scalars: [Unicode.Scalar]) -> Bool {
    guard index > 0 else { return false }
    var base = index - 1
    while base > 0, scalars[base].properties.generalCategory == .nonspacingMark { base -= 1 }
    if scalars[base].properties.isWhitespace { return false }
    return isForeignNeighbour(scalars[index - 1])
}

/// Letters with diacritics that the packs' keyboards type with a long press (`é`, `ß`).
private func isLongPressLetter(_ scalar: Unicode.Scalar) -> Bool {
    guard let lower = String(scalar).lowercased().unicodeScalars.first else { return false }
    return "àáâãäåçèéêëìíîïñòóôõöùúûüýÿßæœ".unicodeScalars.contains(lower)
}

/// Marks that spell a letter with the letter before them (`e` and U+0301 is `é`).
private let composingMarks: Set<UInt32> = [0x300, 0x301, 0x302, 0x303, 0x308, 0x30A, 0x327]

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
