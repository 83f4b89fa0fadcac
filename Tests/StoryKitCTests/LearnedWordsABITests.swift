import CStoryKit
import StoryKitC
import StoryKitCore
import Testing

/// The writer's words through the C ABI: learned in the store, read back as the "vocabulary"
/// option of the corrector.
@Suite struct LearnedWordsABITests {
    @Test func learnedWordsLastAndFeedTheCorrector() throws {
        let root = try temporaryFolder()
        defer { removeTree(root) }
        var store: OpaquePointer?
        #expect(storykit_store_open(&store, root, nil) == STORYKIT_OK)
        #expect(storykit_store_learn_word(store, "Zorbax", nil) == STORYKIT_OK)
        #expect(storykit_store_learn_word(store, "glimmerfrost", "ignored") == STORYKIT_OK)
        let (status, words) = answered { storykit_store_words(store, $0) }
        #expect(status == STORYKIT_OK)
        #expect(words == #"{"known":["Zorbax"],"ignored":["glimmerfrost"]}"#)
        storykit_store_close(store)

        let typed = "Zorbxa saw the glimmerfrost"
        let options = #"{"vocabulary":\#(words ?? "")}"#
        let (corrected, json) = answered { storykit_correct_offline($0, typed, typed.utf8.count, options) }
        #expect(corrected == STORYKIT_OK)
        #expect(json?.contains(#""text":"Zorbax saw the glimmerfrost""#) == true)
    }

    @Test func badArgumentsAreNamedAndChangeNothing() throws {
        let root = try temporaryFolder()
        defer { removeTree(root) }
        var store: OpaquePointer?
        #expect(storykit_store_open(&store, root, nil) == STORYKIT_OK)
        defer { storykit_store_close(store) }
        #expect(storykit_store_learn_word(nil, "Zorbax", nil) == STORYKIT_E_INVALID_ARGUMENT)
        #expect(storykit_store_learn_word(store, nil, nil) == STORYKIT_E_INVALID_ARGUMENT)
        #expect(lastError().contains("word is NULL"))
        #expect(storykit_store_learn_word(store, "Zorbax", "sometimes") == STORYKIT_E_INVALID_ARGUMENT)
        #expect(lastError().contains(#"use must be "known" or "ignored""#))
        #expect(storykit_store_learn_word(store, "one two three four", nil) == STORYKIT_E_INVALID_ARGUMENT)
        #expect(lastError().contains("4 words, over the limit of 3"))
        let invalid: [CChar] = [0x5A, CChar(bitPattern: 0xFF), 0]
        #expect(storykit_store_learn_word(store, invalid, nil) == STORYKIT_E_INVALID_ARGUMENT)
        #expect(storykit_store_unlearn_word(store, "Zorbax") == STORYKIT_E_NOT_FOUND)
        #expect(lastError().contains(#"no learned word "Zorbax""#))
        #expect(storykit_store_words(store, nil) == STORYKIT_E_INVALID_ARGUMENT)
        #expect(answered { storykit_store_words(store, $0) }.1 == #"{"known":[],"ignored":[]}"#)
        let typed = "hello there"
        let (status, _) = answered {
            storykit_correct_offline($0, typed, typed.utf8.count, #"{"vocabulary":{"known":["ok",""]}}"#)
        }
        #expect(status == STORYKIT_E_INVALID_ARGUMENT)
        #expect(lastError().contains(#"option "vocabulary""#) && lastError().contains("must not be empty"))
    }
}
