extension IllustrationService {
    /// Draws `imageCount` avatars of `hero` from its description and the user's own wishes,
    /// saves them under ``portraitID(heroID:)`` (then `-2`, `-3`…), replacing the pictures
    /// there, and saves the hero in `heroes` with the first as its avatar: the portrait
    /// ``illustrateBook(_:hero:options:heroes:onProgress:)`` draws every page from.
    ///
    ///     let outcome = try await service.drawAvatar(of: hero, customPrompt: "a green raincoat", heroes: store.heroes)
    ///     outcome.illustrations.map(\.fileName)   // ["h1-avatar.png"]
    ///
    /// - Throws: `.invalidArgument` for a bad count or a custom prompt over the prompt's
    ///   budget; `.api` / `.transport` when the generator fails (every image withheld is
    ///   `.api` with the service's reasons); `.io` when an image or the hero cannot be saved.
    public func drawAvatar(
        of hero: Hero, customPrompt: String = "", style: String? = nil, imageCount: Int = 1,
        heroes: (any HeroRepository)? = nil
    ) async throws(StoryKitError) -> IllustrationOutcome {
        guard (1...ImageGenerationRequest.maxSampleCount).contains(imageCount) else {
            throw StoryKitError(
                .invalidArgument,
                "imageCount must be from 1 to \(ImageGenerationRequest.maxSampleCount), not \(imageCount)")
        }
        let prompt = try promptBuilder.avatar(hero: HeroDescription(hero), customPrompt: customPrompt, style: style)
        let baseID = Self.portraitID(heroID: hero.id)
        let ids = (1...imageCount).map { $0 == 1 ? baseID : "\(baseID)-\($0)" }
        for id in ids { _ = try Illustration(id: id, mimeType: .png) }
        let outcome = try await draw(
            prompt, ids: ids, storyID: nil, pageIndex: nil, references: [], aspectRatio: aspectRatio ?? "1:1")
        if let heroes, let first = outcome.illustrations.first, hero.avatarIllustrationID != first.id {
            var updated = hero
            updated.avatarIllustrationID = first.id
            try await heroes.save(updated)
        }
        return outcome
    }
}
