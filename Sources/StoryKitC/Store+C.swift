import CStoryKit
import StoryKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The object behind a `storykit_store *`. The store itself is thread-safe.
final class StoreHandle: Sendable {
    let store: FileStore

    init(_ store: FileStore) {
        self.store = store
    }
}

func storeHandle(_ store: OpaquePointer?) throws(StoryKitError) -> FileStore {
    guard let store else { throw StoryKitError(.invalidArgument, "store is NULL") }
    return Unmanaged<StoreHandle>.fromOpaque(UnsafeRawPointer(store)).takeUnretainedValue().store
}

private func collectionArgument(_ collection: UnsafePointer<CChar>?) throws(StoryKitError) -> StoreCollection {
    try StoreCollection(validating: stringArgument(collection, "collection"))
}

@c @implementation
public func storykit_store_open(
    _ out: UnsafeMutablePointer<OpaquePointer?>?,
    _ root_path: UnsafePointer<CChar>?,
    _ options_json: UnsafePointer<CChar>?
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let output = try requireOutput(out, "out")
        let root = try stringArgument(root_path, "root_path")
        var options = try optionsReader(options_json)
        let create = try options.boolean("create", default: true)
        try options.finish()
        let store = try FileStore(root: root, create: create)
        output.pointee = OpaquePointer(Unmanaged.passRetained(StoreHandle(store)).toOpaque())
    }
}

@c @implementation
public func storykit_store_put(
    _ store: OpaquePointer?,
    _ collection: UnsafePointer<CChar>?,
    _ id: UnsafePointer<CChar>?,
    _ json: UnsafePointer<CChar>?,
    _ len: Int
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let store = try storeHandle(store)
        let collection = try collectionArgument(collection)
        let id = try stringArgument(id, "id")
        let record = try JSONValue.parsed(utf8: inputBytes(json, len, "json"))
        try store.putRecord(record, id: id, in: collection)
    }
}

@c @implementation
public func storykit_store_get(
    _ store: OpaquePointer?,
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ collection: UnsafePointer<CChar>?,
    _ id: UnsafePointer<CChar>?
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let output = try requireOutput(out_json, "out_json")
        let store = try storeHandle(store)
        let collection = try collectionArgument(collection)
        output.pointee = try outputString(store.encodedRecord(id: stringArgument(id, "id"), in: collection))
    }
}

@c @implementation
public func storykit_store_delete(
    _ store: OpaquePointer?,
    _ collection: UnsafePointer<CChar>?,
    _ id: UnsafePointer<CChar>?
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let store = try storeHandle(store)
        let collection = try collectionArgument(collection)
        try store.deleteRecord(id: stringArgument(id, "id"), in: collection)
    }
}

@c @implementation
public func storykit_store_list(
    _ store: OpaquePointer?,
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ collection: UnsafePointer<CChar>?,
    _ options_json: UnsafePointer<CChar>?
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let output = try requireOutput(out_json, "out_json")
        let store = try storeHandle(store)
        let collection = try collectionArgument(collection)
        var options = try optionsReader(options_json)
        let after = try options.optionalString("after")
        let limit = try options.integer("limit", in: 1...1000, default: 100)
        try options.finish()
        let page = try store.listRecords(in: collection, after: after, limit: limit)
        let result: JSONValue = [
            "items": .array(page.items.map { ["id": .string($0.id), "record": $0.record] }),
            "nextAfter": page.nextAfter.map(JSONValue.string) ?? .null,
            "problems": .array(page.problems.map { ["id": .string($0.id), "message": .string($0.message)] })
        ]
        output.pointee = try outputString(result.utf8Bytes())
    }
}

@c @implementation
public func storykit_store_put_image(
    _ store: OpaquePointer?,
    _ id: UnsafePointer<CChar>?,
    _ mime_type: UnsafePointer<CChar>?,
    _ bytes: UnsafePointer<UInt8>?,
    _ len: Int
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let store = try storeHandle(store)
        let id = try stringArgument(id, "id")
        let mimeText = try stringArgument(mime_type, "mime_type")
        guard let mimeType = ImageMIMEType(mimeType: mimeText) else {
            throw StoryKitError(
                .invalidArgument,
                "unsupported image type \"\(mimeText)\"; expected one of \(ImageMIMEType.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        let image = try inputBytes(bytes.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, len, "bytes")
        try store.putImage(Array(image), mimeType: mimeType, id: id)
    }
}

@c @implementation
public func storykit_store_get_image(
    _ store: OpaquePointer?,
    _ out_bytes: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
    _ out_len: UnsafeMutablePointer<Int>?,
    _ out_mime_type: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ id: UnsafePointer<CChar>?
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let bytesOutput = try requireOutput(out_bytes, "out_bytes")
        guard let out_len else { throw StoryKitError(.invalidArgument, "out_len is NULL") }
        out_len.pointee = 0
        let mimeOutput = try requireOutput(out_mime_type, "out_mime_type")
        let store = try storeHandle(store)
        let image = try store.getImage(id: stringArgument(id, "id"))
        let mime = try outputString(Array(image.mimeType.rawValue.utf8))
        guard let memory = malloc(max(1, image.bytes.count)) else {
            free(mime)
            throw StoryKitError(.internal, "out of memory allocating \(image.bytes.count) bytes for an image")
        }
        image.bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { memcpy(memory, base, source.count) }
        }
        bytesOutput.pointee = memory.assumingMemoryBound(to: UInt8.self)
        out_len.pointee = image.bytes.count
        mimeOutput.pointee = mime
    }
}

@c @implementation
public func storykit_store_delete_image(_ store: OpaquePointer?, _ id: UnsafePointer<CChar>?) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let store = try storeHandle(store)
        try store.removeImage(id: stringArgument(id, "id"))
    }
}

@c @implementation
public func storykit_store_suspend(_ store: OpaquePointer?) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        try storeHandle(store).suspend()
    }
}

@c @implementation
public func storykit_store_resume(_ store: OpaquePointer?) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        try storeHandle(store).resume()
    }
}

@c @implementation
public func storykit_store_close(_ store: OpaquePointer?) {
    guard let store else { return }
    Unmanaged<StoreHandle>.fromOpaque(UnsafeRawPointer(store)).release()
}

@c @implementation
public func storykit_bytes_free(_ bytes: UnsafeMutablePointer<UInt8>?) {
    free(bytes)
}
