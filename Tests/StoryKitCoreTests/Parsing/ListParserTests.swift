import Foundation
import StoryKitCore
import Testing

@Suite struct ListParserTests {
    private func texts(_ reply: String) throws -> [String] {
        try ListParser().parse(reply).items.map(\.text)
    }

    @Test func readsEveryNumberedMarker() throws {
        for marker in ["1.", "1)", "(1)", "1:", "1 -", "**1.**", "__1.__"] {
            let second = marker.replacingOccurrences(of: "1", with: "2")
            let list = try ListParser().parse("\(marker) Rest\n\(second) Drink water")
            #expect(list.items.map(\.text) == ["Rest", "Drink water"], "\(marker)")
            #expect(list.items.map(\.number) == [1, 2], "\(marker)")
            #expect(list.style == .numbered)
        }
    }

    @Test func readsBulletsAndLabels() throws {
        #expect(try texts("- a\n* b\n+ c\n• d") == ["a", "b", "c", "d"])
        let labeled = try ListParser().parse("**Option 1:** Rest\n**Option 2**: Sleep\nOPTION 3 - Eat")
        #expect(labeled.items.map(\.text) == ["Rest", "Sleep", "Eat"])
        #expect(labeled.style == .labeled)
        #expect(labeled.items.map(\.number) == [1, 2, 3])
    }

    @Test func keepsPreambleContinuationAndPostamble() throws {
        let list = try ListParser().parse("Here you go:\n\n1. Rest\n   well\n2. Drink\n\nHope this helps!")
        #expect(list.preamble == "Here you go:")
        #expect(list.items.map(\.text) == ["Rest\nwell", "Drink"])
        #expect(list.postamble == "Hope this helps!")
    }

    @Test func textAfterABlankLineBelongsToTheItemWhenAnotherItemFollows() throws {
        let list = try ListParser().parse("1. Rest\n\nreally\n2. Drink")
        #expect(list.items.map(\.text) == ["Rest\nreally", "Drink"])
        #expect(list.postamble == "")
    }

    @Test func midLineNumbersAndDecimalsAreText() throws {
        #expect(
            try texts("1. Use version 2. It is better.\n1.5 cups of flour") == [
                "Use version 2. It is better.\n1.5 cups of flour"
            ])
    }

    @Test func subItemsStayInsideTheirParent() throws {
        #expect(try texts("1. Fruit\n   - apple\n   - pear\n2. Bread") == ["Fruit\n- apple\n- pear", "Bread"])
    }

    @Test func numberingMustGoUpByOneOrRepeat() throws {
        #expect(try texts("1. a\n3. b\n2. c") == ["a\n3. b", "c"])
        #expect(try texts("1. a\n1. b\n1. c") == ["a", "b", "c"])
    }

    @Test func emphasisWrappingTheWholeItemIsRemoved() throws {
        #expect(try texts("**1. The end.**\n**2. More** text") == ["The end.", "**More** text"])
    }

    @Test func fencesAreIgnoredAndCRLFIsFine() throws {
        #expect(try texts("```\r\n1. a\r\n2. b\r\n```\r\n") == ["a", "b"])
    }

    @Test func textWithoutItemsIsAllPreamble() throws {
        let list = try ListParser().parse("Just a sentence.\nAnother one.")
        #expect(list.items.isEmpty)
        #expect(list.style == nil)
        #expect(list.preamble == "Just a sentence.\nAnother one.")
    }
}
