/// The operating systems whose policies StoryKit decides.
public enum OperatingSystem: String, Sendable, Hashable, Codable, CaseIterable {
    case iOS, iPadOS, macOS, visionOS, watchOS, tvOS
}
