import StoryKitBase
@testable import StoryKitCore
import Synchronization
import Testing

/// A story is written, checked page by page, streamed, re-asked and saved.
@Suite struct StoryServiceTests {
    static func brief(name: String = "Mia", pages length: StoryLength = .short, avoid: [String] = []) throws
        -> StoryBrief
    {
        try StoryBrief(
            hero: HeroDescription(name: name, traits: ["brave"], appearance: "curly red hair"), heroID: "h1",
            theme: "a lost kite", ageGroup: AgeGroup("4-6")!, length: length, language: LanguageTag("en")!,
            avoidWords: avoid)
    }

    static let goodPages = [
        "Mia ran up the green hill with her red kite. The wind was strong and the kite flew high above the trees.",
        "Then the string slipped from her hand. The kite sailed away over the pond, and Mia felt sad, but she did not give up.",
        "A kind old man helped her look. They found the kite in an apple tree, and Mia laughed all the way home."
    ]

    static func wholeReply(title: String = "Mia and the Kite", pages: [String]) -> String {
        JSONValue.object(["title": .string(title), "pages": .array(pages.map(JSONValue.string))]).formatted()
    }

    @Test func aGoodWholeStoryIsStreamedPageByPageCheckedAndSaved() async throws {
        let model = ScriptedStoryModel([Self.wholeReply(pages: Self.goodPages)])
        let store = InMemoryStore()
        let snapshots = Mutex<[StorySnapshot]>([])
        let service = StoryService(backends: [.remote], generators: [.remote: model], shape: .whole)
        let outcome = try await service.write(try Self.brief(), id: "s1", saveTo: store.stories) { snapshot in
            snapshots.withLock { $0.append(snapshot) }
        }
        #expect(outcome.story.pages == Self.goodPages)
        #expect(outcome.attempts.isEmpty && outcome.requests == 1 && outcome.saved)
        let seen = snapshots.withLock { $0 }
        // The title, then each page as its string completes, then the story returned.
        #expect(seen.map(\.pages.count).contains(1))
        #expect(seen.last == StorySnapshot(title: "Mia and the Kite", pages: Self.goodPages, isFinal: true))
        let saved = try await store.stories.record(id: "s1")
        #expect(saved == outcome.story)
        #expect(saved.heroID == "h1" && saved.ageGroup == "4-6" && saved.language == "en")
    }

    @Test func promptTagsForPagesAreRefusedAskedAgainAndTheNextReplyTaken() async throws {
        // SmolLM2-135M's own answer to the story prompt.
        let tags = #"{"title": "Zorbax: A Tale of Shared Values", "pages": ["<hero_name>", "</hero_name>"]}"#
        let model = ScriptedStoryModel([tags, Self.wholeReply(pages: Self.goodPages)])
        let service = StoryService(backends: [.remote], generators: [.remote: model], shape: .whole)
        let outcome = try await service.write(try Self.brief())
        #expect(outcome.story.pages == Self.goodPages)
        let rules = Set(outcome.issues.map(\.rule))
        #expect(rules.isSuperset(of: [.promptTag, .pageCount, .heroMissing]))
        // The re-ask says what was wrong.
        #expect(model.sent.count == 2 && model.sent[1].contains("prompt tag"))
    }

    @Test func noUsableReplyFailsWithEveryReasonAndSavesNothing() async throws {
        let cut = Self.wholeReply(pages: Self.goodPages)
        let model = ScriptedStoryModel([cut, "Once upon a time"], finishReasons: [.maxTokens, .stop])
        let store = InMemoryStore()
        let service = StoryService(backends: [.foundationModels, .remote], generators: [.remote: model], shape: .whole)
        await #expect {
            _ = try await service.write(try Self.brief(), id: "s1", saveTo: store.stories)
        } throws: { error in
            let message = (error as? StoryKitError)?.message ?? ""
            return message.contains("no generator is configured for foundationModels")
                && message.contains("cut at its output limit") && message.contains("no story object")
        }
        #expect(try await store.stories.list(after: nil, limit: 10).items.isEmpty)
    }

    @Test func pageByPageShowsEachPageBeforeTheNextIsAskedFor() async throws {
        let outline =
            "Mia and the Kite\n1. Mia flies her kite.\n2. The kite flies away.\n3. A friend helps her find it."
        let model = ScriptedStoryModel([outline] + Self.goodPages.map { "Page 1: " + $0 })
        let snapshots = Mutex<[(pages: Int, requests: Int)]>([])
        let service = StoryService(backends: [.remote], generators: [.remote: model], shape: .pages)
        let outcome = try await service.write(try Self.brief()) { snapshot in
            snapshots.withLock { $0.append((snapshot.pages.count, model.sent.count)) }
        }
        #expect(outcome.story.title == "Mia and the Kite" && outcome.story.pages == Self.goodPages)
        #expect(outcome.requests == 4)
        // Page 1 was shown after the second request and before the third.
        #expect(snapshots.withLock { $0 }.contains { $0.pages == 1 && $0.requests == 2 })
        // Page 1's prompt carries the title, page 2's the story so far.
        #expect(model.sent[1].contains("Mia and the Kite") && model.sent[2].contains("Mia ran up the green hill"))
    }

    @Test func aRefusedPageIsAskedAgainAloneNotTheWholeBook() async throws {
        let replies = [
            "Mia and the Kite", Self.goodPages[0], "```json\n{\"page\": 2}\n```", Self.goodPages[1], Self.goodPages[2]
        ]
        let model = ScriptedStoryModel(replies)
        let service = StoryService(backends: [.remote], generators: [.remote: model], shape: .pages)
        let outcome = try await service.write(try Self.brief())
        #expect(outcome.requests == 5 && Set(outcome.issues.map(\.rule)).isSuperset(of: [.codeFence, .jsonFragment]))
        #expect(model.sent[3].contains("code fence"))
    }

    @Test func aStoryStoppedAtARefusedPageGoesOnFromThatPage() async throws {
        let bad = "<hero_name>Mia</hero_name>"
        let replies = ["Mia and the Kite", Self.goodPages[0], bad, bad, Self.goodPages[1], Self.goodPages[2]]
        let model = ScriptedStoryModel(replies)
        let service = StoryService(backends: [.remote], generators: [.remote: model], shape: .pages)
        let outcome = try await service.write(try Self.brief())
        // No second title and no second first page: 6 requests, the story the accepted pages.
        #expect(outcome.requests == 6 && outcome.story.pages == Self.goodPages)
        #expect(outcome.attempts.count == 2 && outcome.issues.allSatisfy { $0.page == 1 })
        #expect(outcome.issues.contains { $0.rule == .promptTag })
    }
}
