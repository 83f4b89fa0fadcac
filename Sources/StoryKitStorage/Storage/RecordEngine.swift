/// The untyped core of a store: JSON records by collection and id, images by id, and
/// preference values by key. ``FileStore`` and ``InMemoryStore`` each have one; the typed
/// repositories and the C ABI are thin layers over it.
protocol RecordEngine: Sendable {
    func put(_ record: JSONValue, id: String, in collection: StoreCollection) throws(StoryKitError)
    /// The record; `.notFound` when there is none.
    func get(id: String, in collection: StoreCollection) throws(StoryKitError) -> JSONValue
    /// The record as compact JSON bytes; `.notFound` when there is none.
    func encodedRecord(id: String, in collection: StoreCollection) throws(StoryKitError) -> [UInt8]
    /// Removes the record; `.notFound` when there is none.
    func delete(id: String, in collection: StoreCollection) throws(StoryKitError)
    /// Records in creation order, then by id, strictly after `after`.
    func list(in collection: StoreCollection, after: String?, limit: Int) throws(StoryKitError) -> RecordPage<
        (id: String, record: JSONValue)
    >
    func putImage(_ bytes: [UInt8], mimeType: ImageMIMEType, id: String) throws(StoryKitError)
    /// The image and its type; `.notFound` when there is none.
    func getImage(id: String) throws(StoryKitError) -> (bytes: [UInt8], mimeType: ImageMIMEType)
    func deleteImage(id: String) throws(StoryKitError)
}

extension RecordEngine {
    func encodedRecord(id: String, in collection: StoreCollection) throws(StoryKitError) -> [UInt8] {
        try get(id: id, in: collection).utf8Bytes()
    }
}
