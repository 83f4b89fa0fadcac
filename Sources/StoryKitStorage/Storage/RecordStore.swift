/// What ``FileStore`` and ``InMemoryStore`` share: typed repositories, images and
/// preferences over one engine, and the observers of the theme preference.
public class RecordStore: IllustrationStore, PreferenceStore, @unchecked Sendable {
    // Immutable after init, and each property is Sendable: safe to share.
    let engine: any RecordEngine
    let themeObservers = ThemeObservers()

    init(engine: any RecordEngine) {
        self.engine = WordKeyedEngine(base: engine)
    }

    /// The stories.
    public var stories: some StoryRepository { EngineRepository<Story>(engine: engine) }
    /// The heroes.
    public var heroes: some HeroRepository { EngineRepository<Hero>(engine: engine) }
    /// The custom events.
    public var events: some CustomEventRepository { EngineRepository<CustomEvent>(engine: engine) }
    /// The corrections.
    public var corrections: some CorrectionRepository { EngineRepository<CorrectionRecord>(engine: engine) }
    /// The writer's learned and ignored words (`Vocabulary(learned:)` reads them).
    public var words: some LearnedWordRepository { EngineRepository<LearnedWord>(engine: engine) }

    // MARK: IllustrationStore

    public func saveImage(_ bytes: [UInt8], mimeType: ImageMIMEType, id: String) async throws(StoryKitError) {
        try engine.putImage(bytes, mimeType: mimeType, id: id)
    }

    public func image(id: String) async throws(StoryKitError) -> (bytes: [UInt8], mimeType: ImageMIMEType) {
        try engine.getImage(id: id)
    }

    public func deleteImage(id: String) async throws(StoryKitError) {
        try engine.deleteImage(id: id)
    }

    // MARK: PreferenceStore

    public func themePreference() async throws(StoryKitError) -> ThemePreference {
        try currentTheme()
    }

    public func setThemePreference(_ theme: ThemePreference) async throws(StoryKitError) {
        try putRecord(theme.json, id: PreferenceKey.theme, in: .preferences)
    }

    public func themeChanges() -> AsyncStream<ThemePreference> {
        themeObservers.stream(startingWith: (try? currentTheme()) ?? .system)
    }

    public func preference(_ key: String) async throws(StoryKitError) -> JSONValue? {
        do {
            return try engine.get(id: key, in: .preferences)
        } catch  where error.code == .notFound {
            return nil
        }
    }

    public func setPreference(_ value: JSONValue?, for key: String) async throws(StoryKitError) {
        if let value {
            try putRecord(value, id: key, in: .preferences)
            return
        }
        do {
            try engine.delete(id: key, in: .preferences)
        } catch  where error.code == .notFound {
            return
        }
        if key == PreferenceKey.theme { themeObservers.notify(.system) }
    }

    private func currentTheme() throws(StoryKitError) -> ThemePreference {
        do {
            return try ThemePreference(json: engine.get(id: PreferenceKey.theme, in: .preferences))
        } catch  where error.code == .notFound {
            return .system
        }
    }
}
