/// How a record is written to disk: the record with its id, creation and update times, and
/// the schema version that wrote it.
///
/// `{"schema":1,"id":"s1","createdAt":1732230000000,"updatedAt":1732230000000,"record":{...}}`
struct RecordEnvelope {
    /// The schema this version of StoryKit writes. A record with a higher number was written
    /// by a newer StoryKit and is refused rather than misread.
    static let schema = 1

    var id: String
    var createdAt: Int64
    var updatedAt: Int64
    var record: JSONValue

    var json: JSONValue {
        [
            "schema": .number(JSONNumber(Self.schema)), "id": .string(id),
            "createdAt": .number(JSONNumber(createdAt)), "updatedAt": .number(JSONNumber(updatedAt)),
            "record": record
        ]
    }

    /// Reads an envelope from file contents, checking that it belongs to `expectedID`.
    init(bytes: [UInt8], expectedID: String) throws(StoryKitError) {
        try self.init(bytes: bytes, describedAs: expectedID)
        guard id == expectedID else {
            throw StoryKitError(.parse, "record \"\(expectedID)\" is missing its id, times or record")
        }
    }

    /// Reads an envelope from file contents; `label` names the record in errors.
    init(bytes: [UInt8], describedAs label: String) throws(StoryKitError) {
        let expectedID = label
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONValue(parsingUTF8: bytes)
        } catch {
            throw StoryKitError(.parse, "record \"\(expectedID)\" is corrupted or truncated: \(error)")
        }
        guard let schema = value["schema"]?.numberValue?.int64Value else {
            throw StoryKitError(.parse, "record \"\(expectedID)\" has no schema version")
        }
        guard schema <= Int64(Self.schema) else {
            throw StoryKitError(
                .state,
                "record \"\(expectedID)\" was written by a newer StoryKit (schema \(schema); this one reads up to \(Self.schema))"
            )
        }
        guard let id = value["id"]?.stringValue,
            let createdAt = value["createdAt"]?.numberValue?.int64Value,
            let updatedAt = value["updatedAt"]?.numberValue?.int64Value,
            let record = value["record"]
        else {
            throw StoryKitError(.parse, "record \"\(expectedID)\" is missing its id, times or record")
        }
        self.init(id: id, createdAt: createdAt, updatedAt: updatedAt, record: record)
    }

    init(id: String, createdAt: Int64, updatedAt: Int64, record: JSONValue) {
        self.id = id
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.record = record
    }
}
