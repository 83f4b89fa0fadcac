/// Where correction requests go, in the order they are tried.
public enum CorrectionBackend: String, Sendable, Hashable, CaseIterable {
    /// Apple's on-device Foundation Models.
    case foundationModels
    /// A remote model the app has configured.
    case remote
    /// StoryKit's offline corrector, always available.
    case offline
}
