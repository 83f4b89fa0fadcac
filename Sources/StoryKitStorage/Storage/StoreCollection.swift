/// The collections a store keeps.
public enum StoreCollection: String, Sendable, Hashable, CaseIterable {
    /// ``Story`` records.
    case stories
    /// ``Hero`` records.
    case heroes
    /// ``CustomEvent`` records.
    case events
    /// ``CorrectionRecord`` records: corrections the user asked for and the versions offered.
    case corrections
    /// Small settings such as the theme preference, one JSON value per key.
    case preferences
    /// ``LearnedWord`` records: the writer's own words, at most `LearnedWord.maxCount`.
    case words

    /// Parses a collection name, as the C ABI takes it.
    ///
    /// - Throws: `.invalidArgument` naming the known collections.
    public init(validating name: String) throws(StoryKitError) {
        guard let collection = StoreCollection(rawValue: name) else {
            throw StoryKitError(
                .invalidArgument,
                "unknown collection \"\(name)\"; expected \"stories\", \"heroes\", \"events\", \"corrections\", \"preferences\" or \"words\""
            )
        }
        self = collection
    }
}

extension Story: StoredRecord {
    public static var collection: StoreCollection { .stories }
}

extension Hero: StoredRecord {
    public static var collection: StoreCollection { .heroes }
}

extension CustomEvent: StoredRecord {
    public static var collection: StoreCollection { .events }
}

extension CorrectionRecord: StoredRecord {
    public static var collection: StoreCollection { .corrections }
}

extension LearnedWord: StoredRecord {
    public static var collection: StoreCollection { .words }
}
