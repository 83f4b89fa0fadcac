/// A story as one self-contained HTML file a parent can open in any browser: the title, the
/// hero's portrait, and each page's text under its picture, every picture embedded as a
/// `data:` URL, so the file can be mailed or copied alone.
///
/// Every text is escaped, and the page's Content-Security-Policy allows no script, no request
/// and nothing but embedded pictures and its own style: a model's words cannot become markup.
///
///     let html = try await StoryBookHTML.render(story, from: store, portraitID: hero.avatarIllustrationID)
public enum StoryBookHTML {
    /// A picture to embed.
    public struct Picture: Sendable, Hashable {
        public var bytes: [UInt8]
        public var mimeType: ImageMIMEType

        public init(bytes: [UInt8], mimeType: ImageMIMEType) {
            self.bytes = bytes
            self.mimeType = mimeType
        }
    }

    /// The book of `story`, with `pictures` by page index (from 0) and the hero's `portrait`.
    /// A page without a picture says so in place of one.
    public static func render(story: Story, pictures: [Int: Picture], portrait: Picture? = nil) -> String {
        let language = story.language.map { " lang=\"\(escaped($0))\"" } ?? ""
        var html = """
            <!DOCTYPE html>
            <html\(language)>
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escaped(story.title))</title>
            <style>
            body { font-family: Georgia, serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #222; background: #fffdf7; }
            h1 { text-align: center; }
            .portrait { display: block; margin: 0 auto 2rem; width: 12rem; aspect-ratio: 1 / 1; object-fit: cover; border-radius: 50%; }
            .page { margin: 0 0 3rem; }
            .page img { display: block; width: 100%; border-radius: 0.5rem; }
            .page .missing { padding: 3rem 1rem; text-align: center; background: #eee; color: #666; border-radius: 0.5rem; }
            .page .number { text-align: center; color: #888; font-size: 0.9rem; }
            </style>
            </head>
            <body>
            <h1>\(escaped(story.title))</h1>

            """
        if let portrait {
            html += "<img class=\"portrait\" alt=\"The hero\" src=\"\(dataURL(portrait))\">\n"
        }
        for (index, text) in story.pages.enumerated() {
            html += "<section class=\"page\" id=\"page-\(index + 1)\">\n"
            if let picture = pictures[index] {
                html += "<img alt=\"The picture of page \(index + 1)\" src=\"\(dataURL(picture))\">\n"
            } else {
                html += "<div class=\"missing\">This page has no picture yet.</div>\n"
            }
            for paragraph in paragraphs(text) { html += "<p>\(escaped(paragraph))</p>\n" }
            html += "<p class=\"number\">\(index + 1)</p>\n</section>\n"
        }
        html += "</body>\n</html>\n"
        return html
    }

    /// The book of `story` with the pictures `store` holds under the stable page ids
    /// (``IllustrationService/pageID(storyID:index:)``) and the portrait `portraitID`.
    ///
    /// - Throws: `.io` when the store cannot read a picture it has.
    public static func render(_ story: Story, from store: any IllustrationStore, portraitID: String?)
        async throws(StoryKitError) -> String
    {
        var portrait: Picture?
        if let portraitID { portrait = try await picture(portraitID, in: store) }
        return render(story: story, pictures: try await pictures(of: story, in: store), portrait: portrait)
    }

    /// The pictures `store` holds for `story`'s pages, by page index (from 0).
    ///
    /// - Throws: `.io` when the store cannot read a picture it has.
    public static func pictures(of story: Story, in store: any IllustrationStore) async throws(StoryKitError)
        -> [Int: Picture]
    {
        var pictures: [Int: Picture] = [:]
        for index in story.pages.indices {
            pictures[index] = try await picture(IllustrationService.pageID(storyID: story.id, index: index), in: store)
        }
        return pictures
    }

    /// The picture stored as `id`, or nil when there is none.
    public static func picture(_ id: String, in store: any IllustrationStore) async throws(StoryKitError) -> Picture? {
        do {
            let stored = try await store.image(id: id)
            return Picture(bytes: stored.bytes, mimeType: stored.mimeType)
        } catch  where error.code == .notFound {
            return nil
        }
    }

    private static func dataURL(_ picture: Picture) -> String {
        "data:\(picture.mimeType.rawValue);base64,\(Base64.encode(picture.bytes))"
    }

    /// The page's paragraphs: its text split at blank lines, each line break kept as a space.
    static func paragraphs(_ text: String) -> [String] {
        var paragraphs: [String] = []
        var current: [Substring] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
        return paragraphs
    }

    /// `text` with the five characters HTML gives meaning escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
