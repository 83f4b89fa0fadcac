import CStoryKit
import StoryKitCore

@c @implementation
public func storykit_correct_offline(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ text: UnsafePointer<CChar>?,
    _ len: Int,
    _ options_json: UnsafePointer<CChar>?
) -> storykit_status {
    correctOffline(out_json, text, len, options_json, shouldContinue: nil)
}

@c @implementation
public func storykit_correct_offline_with_progress(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ text: UnsafePointer<CChar>?,
    _ len: Int,
    _ options_json: UnsafePointer<CChar>?,
    _ progress: storykit_progress_fn?,
    _ user_data: UnsafeMutableRawPointer?
) -> storykit_status {
    guard let progress else { return storykit_correct_offline(out_json, text, len, options_json) }
    return correctOffline(out_json, text, len, options_json) { done, total in
        progress(done, total, user_data) == STORYKIT_OK
    }
}

/// The offline correction behind both C functions; `shouldContinue`, when given, is asked
/// after each piece of a long text.
private func correctOffline(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ text: UnsafePointer<CChar>?,
    _ len: Int,
    _ options_json: UnsafePointer<CChar>?,
    shouldContinue: ((_ done: Int, _ total: Int) -> Bool)?
) -> storykit_status {
    answerJSON(out_json) { () throws(StoryKitError) in
        let bytes = try inputBytes(text, len)
        // NULL options are the defaults: no empty object to read field by field on every call.
        var layout: KeyboardLayout?, includingWords = false, spelling = SpellingSystem.keep
        var language: LanguageTag?, vocabulary = Vocabulary()
        if options_json != nil {
            var options = try optionsReader(options_json)
            layout = try options.optionalChoice("layout")
            includingWords = try options.boolean("words", default: false)
            spelling = try options.choice("spelling", default: .keep)
            language = try PromptRequest.optionalLanguage(&options)
            vocabulary = try Vocabulary.read(&options)
            try options.finish()
        }
        let string = try UTF8Text.string(validating: bytes, name: "text")
        return try OfflineCorrector(
            layout: layout, spelling: spelling, language: language, packs: allLanguagePacks, vocabulary: vocabulary
        )
        .correct(string, includingWords: includingWords, shouldContinue: shouldContinue).json
    }
}
