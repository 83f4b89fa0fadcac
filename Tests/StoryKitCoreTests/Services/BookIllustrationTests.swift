import StoryKitBase
@testable import StoryKitCore
import Synchronization
import Testing

/// A whole book is drawn from the hero's portrait, resumed, budgeted and redrawn page by page.
@Suite struct BookIllustrationTests {
    /// An image model that draws a distinct picture for each prompt, records every request,
    /// the most requests in flight at once, and fails the pages it is told to.
    final class ScriptedImageModel: ImageGenerator {
        struct State {
            var requests: [ImageGenerationRequest] = []
            var inFlight = 0
            var mostInFlight = 0
        }

        let model = "scripted-image"
        let state = Mutex(State())
        /// Page numbers (from 1) and the error each one's request gets.
        let failures: [Int: GenerationError]
        let portraitFailure: GenerationError?

        init(failures: [Int: GenerationError] = [:], portraitFailure: GenerationError? = nil) {
            self.failures = failures
            self.portraitFailure = portraitFailure
        }

        var requests: [ImageGenerationRequest] { state.withLock { $0.requests } }
        var mostInFlight: Int { state.withLock { $0.mostInFlight } }

        static func page(of prompt: String) -> Int? {
            guard let range = prompt.range(of: "scene of page ") else { return nil }
            return Int(prompt[range.upperBound...].prefix { $0.isNumber })
        }

        /// PNG's signature, then the prompt's page (0 for the portrait).
        static func picture(page: Int?) -> [UInt8] {
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, UInt8(page ?? 0)]
        }

        func generate(_ request: ImageGenerationRequest) async throws(GenerationError) -> GenerationResult {
            state.withLock { state in
                state.requests.append(request)
                state.inFlight += 1
                state.mostInFlight = max(state.mostInFlight, state.inFlight)
            }
            // Long enough for the other pages to start, so that the bound is what limits them.
            try? await Task.sleep(for: .milliseconds(20))
            state.withLock { $0.inFlight -= 1 }
            let page = Self.page(of: request.prompt)
            if let page, let failure = failures[page] { throw failure }
            if page == nil, let portraitFailure { throw portraitFailure }
            return GenerationResult(images: [.image(bytes: Self.picture(page: page), mimeType: .png)])
        }
    }

    static func story(pages: Int = 10) throws -> Story {
        try Story(
            id: "s1", title: "Mia and the Kite",
            pages: (1...pages).map { "Page \($0): Mia follows her red kite over the hill." }, heroID: "h1")
    }

    static let hero = try! Hero(id: "h1", name: "Mia", traits: ["brave"], appearance: "curly red hair, a green coat")

    @Test func aTenPageBookTakesElevenRequestsEachPageWithThePortrait() async throws {
        let store = InMemoryStore()
        try await store.heroes.save(Self.hero)
        let model = ScriptedImageModel()
        let service = IllustrationService(generator: model, store: store)
        let progress = Mutex<[PageIllustration]>([])
        let outcome = try await service.illustrateBook(try Self.story(), hero: Self.hero, heroes: store.heroes) {
            page in progress.withLock { $0.append(page) }
        }
        #expect(outcome.requests == 11 && outcome.maxImages == 11 && outcome.isComplete)
        #expect(outcome.reference?.status == .drawn && outcome.reference?.id == "h1-avatar")
        #expect(outcome.pages.map(\.status) == Array(repeating: .drawn, count: 10))
        #expect(outcome.pages.map(\.id) == (1...10).map { "s1-page-\($0)" })
        let requests = model.requests
        // The portrait first, with no reference; then every page with the portrait's bytes.
        #expect(requests.first?.referenceImages.isEmpty == true)
        #expect(ScriptedImageModel.page(of: requests[0].prompt) == nil)
        let portrait = ScriptedImageModel.picture(page: nil)
        for request in requests.dropFirst() {
            #expect(request.referenceImages == [ReferenceImage(bytes: portrait, mimeType: .png)])
            #expect(request.prompt.contains(ImagePromptBuilder.referenceSentence))
        }
        #expect(Set(requests.dropFirst().compactMap { ScriptedImageModel.page(of: $0.prompt) }) == Set(1...10))
        #expect(model.mostInFlight == BookIllustrationOptions.defaultConcurrency)
        // Every page is saved under its stable id, and the hero now names its avatar.
        for page in 1...10 {
            #expect(try await store.image(id: "s1-page-\(page)").bytes == ScriptedImageModel.picture(page: page))
        }
        #expect(try await store.heroes.record(id: "h1").avatarIllustrationID == "h1-avatar")
        #expect(progress.withLock { $0.count } == 11)

        // A drawn book is never asked again.
        let again = try await service.illustrateBook(try Self.story(), hero: Self.hero, heroes: store.heroes)
        #expect(again.requests == 0 && again.reference == nil && again.isComplete)
        #expect(again.pages.map(\.status) == Array(repeating: .kept, count: 10))
        #expect(model.requests.count == 11)
    }

    @Test func aBlockedPageIsThatPagesIssueAndAResumeDrawsOnlyIt() async throws {
        let store = InMemoryStore()
        let blocked = GenerationError(.promptBlocked, reason: "SAFETY")
        let model = ScriptedImageModel(failures: [3: blocked])
        let service = IllustrationService(generator: model, store: store)
        let outcome = try await service.illustrateBook(try Self.story(), hero: Self.hero)
        #expect(outcome.pages[2].status == .failed && outcome.pages[2].issue?.kind == .promptBlocked)
        #expect(outcome.pages[2].json["issue"]?["kind"] == "promptBlocked")
        #expect(outcome.pages.filter { $0.status == .drawn }.count == 9 && !outcome.isComplete)

        let resumed = IllustrationService(generator: ScriptedImageModel(), store: store)
        let second = try await resumed.illustrateBook(try Self.story(), hero: Self.hero)
        #expect(second.requests == 1 && second.reference?.status == .kept && second.isComplete)
        #expect(second.pages.map(\.status) == (0..<10).map { $0 == 2 ? .drawn : .kept })
    }

    @Test func theBudgetStopsAtMaxImagesAndTheNextCallDrawsTheRest() async throws {
        let store = InMemoryStore()
        let model = ScriptedImageModel()
        let service = IllustrationService(generator: model, store: store)
        let first = try await service.illustrateBook(
            try Self.story(), hero: Self.hero, options: BookIllustrationOptions(maxImages: 4))
        #expect(first.requests == 4 && model.requests.count == 4)
        #expect(first.pages.map(\.status) == (0..<10).map { $0 < 3 ? .drawn : .skipped })
        #expect(first.pages[9].json["issue"]?["kind"] == "skipped")
        let rest = try await service.illustrateBook(try Self.story(), hero: Self.hero)
        #expect(rest.requests == 7 && rest.isComplete && rest.reference?.status == .kept)
    }

    @Test func oneChosenPageIsRedrawnAndNothingElse() async throws {
        let store = InMemoryStore()
        let model = ScriptedImageModel()
        let service = IllustrationService(generator: model, store: store)
        _ = try await service.illustrateBook(try Self.story(pages: 4), hero: Self.hero)
        let redrawn = try await service.illustrateBook(
            try Self.story(pages: 4), hero: Self.hero, options: BookIllustrationOptions(redraw: [1]))
        #expect(redrawn.requests == 1 && model.requests.count == 6)
        #expect(redrawn.pages.map(\.status) == [.kept, .drawn, .kept, .kept])
        #expect(ScriptedImageModel.page(of: model.requests.last!.prompt) == 2)
    }

    @Test func badOptionsNameTheirFieldAndDrawNothing() async throws {
        let model = ScriptedImageModel()
        let service = IllustrationService(generator: model, store: InMemoryStore())
        let cases: [(BookIllustrationOptions, String)] = [
            (BookIllustrationOptions(maxImages: 0), "maxImages"),
            (BookIllustrationOptions(maxImages: 10_000), "maxImages"),
            (BookIllustrationOptions(redraw: [10]), "redraw"),
            (BookIllustrationOptions(redraw: [-1]), "redraw"),
            (BookIllustrationOptions(concurrency: 0), "concurrency")
        ]
        for (options, field) in cases {
            let error = await #expect(throws: StoryKitError.self) {
                try await service.illustrateBook(try Self.story(), hero: Self.hero, options: options)
            }
            #expect(error?.code == .invalidArgument && error?.message.hasPrefix(field) == true)
        }
        #expect(model.requests.isEmpty)
    }

    @Test func aKeyRefusedStopsTheBookAndSaysWhatIsSaved() async throws {
        let store = InMemoryStore()
        let model = ScriptedImageModel(failures: [5: GenerationError(.invalidAPIKey, httpStatus: 401)])
        let service = IllustrationService(generator: model, store: store)
        let error = await #expect(throws: StoryKitError.self) {
            try await service.illustrateBook(
                try Self.story(), hero: Self.hero, options: BookIllustrationOptions(concurrency: 1))
        }
        #expect(error?.code == .api)
        #expect(error?.message.contains("pages 1, 2, 3, 4 were drawn and saved") == true)
        // Nothing drawn is lost, and the rest is drawn by the next call.
        #expect(model.requests.count == 6)
        let rest = try await IllustrationService(generator: ScriptedImageModel(), store: store)
            .illustrateBook(try Self.story(), hero: Self.hero)
        #expect(rest.requests == 6 && rest.isComplete)
    }

    @Test func aPortraitTheServiceWithholdsLeavesPagesDrawnWithoutAReference() async throws {
        let model = ScriptedImageModel(portraitFailure: GenerationError(.contentFiltered, reason: "IMAGE_SAFETY"))
        let service = IllustrationService(generator: model, store: InMemoryStore())
        let outcome = try await service.illustrateBook(try Self.story(pages: 2), hero: Self.hero)
        #expect(outcome.reference?.status == .failed && outcome.isComplete)
        #expect(model.requests.dropFirst().allSatisfy { $0.referenceImages.isEmpty })
        #expect(!model.requests.dropFirst().contains { $0.prompt.contains(ImagePromptBuilder.referenceSentence) })
    }

    @Test func anAvatarIsSavedAsTheHerosAndIsTheBooksReference() async throws {
        let store = InMemoryStore()
        try await store.heroes.save(Self.hero)
        let model = ScriptedImageModel()
        let service = IllustrationService(generator: model, store: store)
        let avatar = try await service.drawAvatar(
            of: Self.hero, customPrompt: "a yellow umbrella", heroes: store.heroes)
        #expect(avatar.illustrations.map(\.fileName) == ["h1-avatar.png"])
        #expect(model.requests.first?.prompt.contains("a yellow umbrella") == true)
        let hero = try await store.heroes.record(id: "h1")
        #expect(hero.avatarIllustrationID == "h1-avatar")
        let book = try await service.illustrateBook(try Self.story(pages: 2), hero: hero, heroes: store.heroes)
        #expect(book.requests == 2 && book.reference?.status == .kept)
    }
}
