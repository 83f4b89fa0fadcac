import CStoryKit
import StoryKitCore

@c @implementation
public func storykit_store_learn_word(
    _ store: OpaquePointer?,
    _ word: UnsafePointer<CChar>?,
    _ use: UnsafePointer<CChar>?
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let store = try storeHandle(store)
        let text = try stringArgument(word, "word")
        var chosen = LearnedWord.Use.known
        if use != nil {
            let name = try stringArgument(use, "use")
            guard let parsed = LearnedWord.Use(rawValue: name) else {
                throw StoryKitError(.invalidArgument, "use must be \"known\" or \"ignored\", not \"\(name)\"")
            }
            chosen = parsed
        }
        try store.learnWord(text, as: chosen)
    }
}

@c @implementation
public func storykit_store_unlearn_word(_ store: OpaquePointer?, _ word: UnsafePointer<CChar>?) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let store = try storeHandle(store)
        try store.unlearnWord(stringArgument(word, "word"))
    }
}

@c @implementation
public func storykit_store_words(
    _ store: OpaquePointer?,
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let output = try requireOutput(out_json, "out_json")
        let store = try storeHandle(store)
        let words = try store.learnedWords()
        let result: JSONValue = [
            "known": .array(words.words(used: .known).map(JSONValue.string)),
            "ignored": .array(words.words(used: .ignored).map(JSONValue.string))
        ]
        output.pointee = try outputString(result.utf8Bytes())
    }
}
