import Foundation
import StoryKitBase
@testable import StoryKitCore
import Testing

/// Each rule of the story check refuses what it names, and only that.
@Suite struct StoryCheckTests {
    let check = StoryCheck(brief: try! StoryServiceTests.brief())

    @Test func goodPagesPass() {
        #expect(check.issues(title: "Mia and the Kite", pages: StoryServiceTests.goodPages).isEmpty)
    }

    @Test(arguments: [
        ("Mia saw a <b>bird</b> in the sky and waved to it from the top of the hill.", StoryIssue.Rule.markup),
        ("Mia read the note: </hero_appearance> and smiled at the wind over the hill.", .promptTag),
        ("Mia found a map at https://example.com and ran to the big hill to look.", .link),
        ("Mia wrote ```code``` on the wall, then went to fly her kite on the hill.", .codeFence),
        (#"Mia said "title": the kite is gone, and then she looked all over the hill."#, .jsonFragment),
        ("## Page two\nMia looked for her kite on the hill and in the park all day.", .markup),
        ("Mia brave curly red hair a lost kite.", .repeatsInput),
        ("Mia.", .pageLength),
        ("Page 2: Mia looked for her kite on the hill and in the park all day long.", .label),
        ("Title: The Kite\nMia looked for her kite on the hill and in the park all day long.", .label)
    ])
    func aPageBreakingARuleNamesIt(page: String, rule: StoryIssue.Rule) {
        let rules = check.pageIssues(page, index: 1, earlier: []).map(\.rule)
        #expect(rules.contains(rule), "\(rules)")
        #expect(check.pageIssues(page, index: 1, earlier: []).allSatisfy { $0.page == 1 })
    }

    @Test func aPageRepeatingAnEarlierOneIsRefused() {
        let first = StoryServiceTests.goodPages[0]
        let rules = check.pageIssues(first + " The end.", index: 1, earlier: [first]).map(\.rule)
        #expect(rules == [.repeatsPage])
    }

    @Test func aSentenceSaidTwiceIsRefused() {
        let twice = "Mia was very proud of her kite. The wind blew. Mia was very proud of her kite."
        #expect(check.pageIssues(twice, index: 0, earlier: []).map(\.rule) == [.repeatsItself])
        let over = "Léa, c'est leur amour. C'est leur coupe, et leur coupe, et leur coupe, et leur coupe au bois."
        #expect(check.pageIssues(over, index: 0, earlier: []).map(\.rule) == [.repeatsItself])
        let again = "The sun came out. Mia ran up the green hill with her red kite. Then she sang a happy song."
        let rules = check.pageIssues(again, index: 1, earlier: [StoryServiceTests.goodPages[0]]).map(\.rule)
        #expect(rules == [.repeatsPage])
    }

    @Test func theHerosNameIsSpelledAsGivenAndPresent() throws {
        let irish = StoryCheck(brief: try StoryServiceTests.brief(name: "Oisín"))
        let page = "Oisin ran up the green hill with his red kite, and the wind carried it high over the trees."
        #expect(irish.pageIssues(page, index: 0, earlier: []).map(\.rule) == [.heroNameSpelling])
        let capitals = "OISÍN ran up the green hill with his red kite, and the wind carried it high over the trees."
        #expect(irish.pageIssues(capitals, index: 0, earlier: []).isEmpty)
        let pages = StoryServiceTests.goodPages.map { $0.replacingOccurrences(of: "Mia", with: "Tom") }
        #expect(check.issues(title: "Tom and the Kite", pages: pages).map(\.rule) == [.heroMissing])
    }

    @Test func avoidedWordsAreWholeWordsWithLettersFolded() throws {
        let careful = StoryCheck(brief: try StoryServiceTests.brief(avoid: ["scary", "Monster"]))
        let page = "Mia saw a SCÁRY shadow, but it was only a tree, and the monsters were just clouds in the sky."
        let found = careful.pageIssues(page, index: 0, earlier: []).filter { $0.rule == .avoidWord }
        #expect(found.count == 1 && found[0].detail.contains("SCÁRY"))
        #expect(throws: StoryKitError.self) { try StoryServiceTests.brief(avoid: ["two words"]) }
    }

    @Test func theStoryMustHaveThePagesAskedFor() {
        let rules = check.issues(title: "Mia and the Kite", pages: Array(StoryServiceTests.goodPages.prefix(2)))
        #expect(rules.map(\.rule) == [.pageCount])
    }

    @Test func aStoryInAnotherLanguageIsRefused() throws {
        let check = StoryCheck(
            brief: try StoryServiceTests.brief(), languageOf: StoryService.teller(OfflineCorrector(), asked: "en"))
        let spanish = [
            "Mia subió la colina verde con su cometa roja. El viento era fuerte y la cometa volaba muy alto sobre los árboles del parque.",
            "Entonces el hilo se le escapó de la mano. La cometa voló lejos sobre el lago, y Mia se puso triste, pero no se rindió nunca.",
            "Un señor amable la ayudó a buscar. Encontraron la cometa en un manzano, y Mia se rio durante todo el camino a su casa."
        ]
        #expect(check.issues(title: "Mia y la cometa", pages: spanish).contains { $0.rule == .language })
        #expect(check.issues(title: "Mia and the Kite", pages: StoryServiceTests.goodPages).isEmpty)
    }
}
