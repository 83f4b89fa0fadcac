import StoryKitBase
@testable import StoryKitCore
import Testing

/// The one-file HTML book: escaped text, embedded pictures, a page without one said so.
@Suite struct StoryBookHTMLTests {
    @Test func textIsEscapedAndPicturesAreEmbedded() throws {
        let story = try Story(
            id: "s1", title: "Mia & the <Kite>",
            pages: ["First \"line\"\r\nsame paragraph.\r\n\r\nA <script>alert(1)</script> paragraph.", "The end."],
            language: "en")
        let html = StoryBookHTML.render(
            story: story, pictures: [0: .init(bytes: [0xFF, 0x00], mimeType: .jpeg)],
            portrait: .init(bytes: [1, 2, 3], mimeType: .png))
        #expect(html.contains("<title>Mia &amp; the &lt;Kite&gt;</title>"))
        #expect(html.contains("<p>First &quot;line&quot; same paragraph.</p>"))
        #expect(html.contains("<p>A &lt;script&gt;alert(1)&lt;/script&gt; paragraph.</p>"))
        #expect(!html.contains("<script"))
        #expect(html.contains("src=\"data:image/jpeg;base64,/wA=\""))
        #expect(html.contains("class=\"portrait\" alt=\"The hero\" src=\"data:image/png;base64,AQID\""))
        #expect(html.contains("<section class=\"page\" id=\"page-2\">\n<div class=\"missing\">"))
        #expect(html.contains("default-src 'none'; img-src data:"))
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
    }

    @Test func theStoresPicturesAreFoundByTheirStableIDs() async throws {
        let store = InMemoryStore()
        let story = try Story(id: "s1", title: "T", pages: ["One.", "Two."])
        try await store.saveImage([9, 9], mimeType: .png, id: "s1-page-2")
        let html = try await StoryBookHTML.render(story, from: store, portraitID: "h1-avatar")
        #expect(html.components(separatedBy: "data:image/png;base64,CQk=").count == 2)
        #expect(html.contains("<section class=\"page\" id=\"page-1\">\n<div class=\"missing\">"))
        #expect(!html.contains("class=\"portrait\""))
    }
}
