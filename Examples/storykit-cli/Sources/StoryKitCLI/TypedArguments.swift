import ArgumentParser
import StoryKitCore

// The library's fixed sets of values as typed options: the parser checks them, lists them in
// --help and names the valid ones in its error, so no command validates them again.

extension KeyboardLayout: @retroactive ExpressibleByArgument {}

extension SpellingSystem: @retroactive ExpressibleByArgument {}

extension OperatingSystem: @retroactive ExpressibleByArgument {}

extension AppleIntelligenceState: @retroactive ExpressibleByArgument {}

extension VersionStrictness: @retroactive ExpressibleByArgument {}

extension StoryShape: @retroactive ExpressibleByArgument {}

extension StoryLength: @retroactive ExpressibleByArgument {}
