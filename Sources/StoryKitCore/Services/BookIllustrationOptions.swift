/// How ``IllustrationService/illustrateBook(_:hero:options:heroes:onProgress:)`` draws a
/// story's pages: the style, the budget, what to draw again, and how many at once.
///
///     var options = BookIllustrationOptions(style: "paper cut-outs")
///     options.redraw = [2]        // page 3 again, though it has a picture
///     options.maxImages = 4       // at most four image requests in this call
public struct BookIllustrationOptions: Sendable, Hashable {
    /// The most pages drawn at once.
    public static let maxConcurrency = 4
    /// Pages drawn at once when the caller says nothing: two, which image services accept
    /// from one key without throttling.
    public static let defaultConcurrency = 2
    /// The largest budget: one portrait and every page of the longest story.
    public static let maxImagesLimit = Story.maxPages + 1

    /// The style of every picture, the portrait's too; `nil` for
    /// ``ImagePromptBuilder/defaultStyle``.
    public var style: String?
    /// The aspect ratio of the pages, such as `"4:3"`; `nil` for the model's own.
    public var aspectRatio: String?
    /// The most image requests this call makes (the portrait counts as one; a retry of a
    /// 429 or 5xx inside one request does not, as nothing is drawn); `nil` for the story's
    /// pages + 1. Pages past the budget are reported `skipped`.
    public var maxImages: Int?
    /// Pages (0-based) drawn again though they have a picture.
    public var redraw: Set<Int>
    /// Whether the hero's portrait is drawn again though the store holds one.
    public var redrawReference: Bool
    /// Pages drawn at once, 1 to ``maxConcurrency``.
    public var concurrency: Int

    /// Creates options.
    public init(
        style: String? = nil, aspectRatio: String? = nil, maxImages: Int? = nil, redraw: Set<Int> = [],
        redrawReference: Bool = false, concurrency: Int = defaultConcurrency
    ) {
        self.style = style
        self.aspectRatio = aspectRatio
        self.maxImages = maxImages
        self.redraw = redraw
        self.redrawReference = redrawReference
        self.concurrency = concurrency
    }

    /// Checks the options against a story of `pageCount` pages, naming the field at fault.
    func check(pageCount: Int) throws(StoryKitError) {
        guard (1...Self.maxConcurrency).contains(concurrency) else {
            throw StoryKitError(
                .invalidArgument, "concurrency must be from 1 to \(Self.maxConcurrency), not \(concurrency)")
        }
        if let maxImages, !(1...Self.maxImagesLimit).contains(maxImages) {
            throw StoryKitError(
                .invalidArgument, "maxImages must be from 1 to \(Self.maxImagesLimit), not \(maxImages)")
        }
        if let outside = redraw.sorted().first(where: { !(0..<pageCount).contains($0) }) {
            throw StoryKitError(
                .invalidArgument, "redraw names page \(outside), but the story's pages are 0 to \(pageCount - 1)")
        }
    }
}
