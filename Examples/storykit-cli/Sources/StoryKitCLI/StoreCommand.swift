import ArgumentParser
import Foundation
import StoryKitCore

/// `storykit store`: browse the file store.
struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Browse the file store: list, show and export its records and illustrations.",
        discussion: """
            The store is the folder .storykit/ in the current folder unless --store names another.

            Examples:
              storykit store list
              storykit store show corrections c1795316543879-b558
              storykit store export --output backup.json
            """,
        subcommands: [List.self, Show.self, Export.self]
    )

    /// The collections a store command names: the record collections and `illustrations`.
    static let collectionNames = StoreCollection.allCases.map(\.rawValue) + ["illustrations"]

    /// Every record of a collection, in creation order, and the records that could not be read.
    static func allRecords(in collection: StoreCollection, of store: FileStore) throws(CLIFailure) -> (
        items: [(id: String, record: JSONValue)], problems: [StoreProblem]
    ) {
        var items: [(id: String, record: JSONValue)] = []
        var problems: [StoreProblem] = []
        var after: String?
        repeat {
            let page = try reporting { () throws(StoryKitError) in
                try store.listRecords(in: collection, after: after, limit: 1000)
            }
            items += page.items
            problems += page.problems
            after = page.nextAfter
        } while after != nil
        return (items, problems)
    }

    /// The images under `Illustrations/`, by id, with their type and size.
    static func illustrations(root: String) -> [(id: String, mimeType: ImageMIMEType, bytes: Int)] {
        let folder = root + "/Illustrations"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().compactMap { name in
            guard let dot = name.lastIndex(of: "."), !name.hasPrefix("."),
                let type = ImageMIMEType.allCases.first(where: { $0.fileExtension == name[name.index(after: dot)...] })
            else { return nil }
            let size = (try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0
            return (String(name[..<dot]), type, size)
        }
    }

    static func collection(_ name: String) throws(CLIFailure) -> StoreCollection? {
        if name == "illustrations" { return nil }
        guard let collection = StoreCollection(rawValue: name) else {
            throw CLIFailure(
                "unknown collection \"\(name)\"", hint: "Use one of: \(collectionNames.joined(separator: ", ")).",
                usage: true)
        }
        return collection
    }

    /// One line about a record: a story's title, a hero's name, a correction's first version.
    static func summary(_ record: JSONValue) -> String {
        if let title = record["title"]?.stringValue { return title }
        if let name = record["name"]?.stringValue { return name }
        if let text = record["text"]?.stringValue, let first = record["variations"]?[0]?["text"]?.stringValue {
            return "\(text) → \(first)"
        }
        return record.formatted(.compact)
    }
}

extension StoreCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Count the records of every collection, or list one collection.",
            discussion: """
                Records that cannot be read are reported on stderr and do not stop the listing.

                Examples:
                  storykit store list
                  storykit store list corrections
                  storykit store list heroes --store ~/stories --json
                """
        )

        @Argument(help: "A collection: \(StoreCommand.collectionNames.joined(separator: ", ")).")
        var collection: String?

        @OptionGroup var storeOptions: StoreOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let store = try storeOptions.open(create: false)
            guard let name = collection else {
                var counts = JSONObject()
                for collection in StoreCollection.allCases {
                    let records = try StoreCommand.allRecords(in: collection, of: store)
                    counts[collection.rawValue] = .number(JSONNumber(records.items.count))
                    report(records.problems, in: collection.rawValue)
                }
                counts["illustrations"] = .number(
                    JSONNumber(StoreCommand.illustrations(root: storeOptions.store).count))
                if json { Console.printJSON(.object(counts)); return }
                print("Store \(storeOptions.store)")
                for member in counts {
                    print(
                        "  " + member.key.padding(toLength: 14, withPad: " ", startingAt: 0)
                            + member.value.formatted(.compact))
                }
                return
            }
            guard let collection = try StoreCommand.collection(name) else {
                let images = StoreCommand.illustrations(root: storeOptions.store)
                if json {
                    Console.printJSON(
                        .array(
                            images.map {
                                [
                                    "id": .string($0.id), "mimeType": .string($0.mimeType.rawValue),
                                    "bytes": .number(JSONNumber($0.bytes))
                                ]
                            }))
                } else {
                    for image in images { print("\(image.id)  \(image.mimeType.rawValue)  \(image.bytes) bytes") }
                }
                return
            }
            let records = try StoreCommand.allRecords(in: collection, of: store)
            report(records.problems, in: name)
            if json {
                Console.printJSON(.array(records.items.map { ["id": .string($0.id), "record": $0.record] }))
                return
            }
            var table = TextTable(header: ["ID", "SUMMARY"])
            table.rows = records.items.map { [$0.id, StoreCommand.summary($0.record)] }
            print(records.items.isEmpty ? "no \(name) in \(storeOptions.store)" : table.rendered)
        }

        private func report(_ problems: [StoreProblem], in collection: String) {
            for problem in problems { Console.note("unreadable \(collection)/\(problem.id): \(problem.message)") }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print one record as JSON, or write one illustration's bytes to a file.",
            discussion: """
                Examples:
                  storykit store show heroes h1
                  storykit store show preferences theme
                  storykit store show illustrations s1-page-1 --output page1.png
                """
        )

        @Argument(help: "A collection: \(StoreCommand.collectionNames.joined(separator: ", ")).")
        var collection: String

        @Argument(help: "The record id, preference key or illustration id.")
        var id: String

        @Option(help: "illustrations: the file to write the image to.")
        var output: String?

        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let store = try storeOptions.open(create: false)
            guard let collection = try StoreCommand.collection(collection) else {
                let image = try reporting { () throws(StoryKitError) in try store.getImage(id: id) }
                guard let output else {
                    Console.printJSON([
                        "id": .string(id), "mimeType": .string(image.mimeType.rawValue),
                        "bytes": .number(JSONNumber(image.bytes.count))
                    ])
                    return
                }
                guard FileManager.default.createFile(atPath: output, contents: Data(image.bytes)) else {
                    throw CLIFailure("cannot write \(output)", hint: "Check that the folder exists and is writable.")
                }
                Console.note("wrote \(image.bytes.count) bytes to \(output)")
                return
            }
            Console.printJSON(try reporting { () throws(StoryKitError) in try store.record(id: id, in: collection) })
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the whole store as one JSON document: every collection, and the images in base 64.",
            discussion: """
                Records that cannot be read are listed under "problems", so nothing is dropped silently.

                Examples:
                  storykit store export > backup.json
                  storykit store export --output backup.json --no-images
                """
        )

        @Option(help: "The file to write (default: stdout).") var output: String?
        @Flag(name: .customLong("no-images"), help: "Leave the images' bytes out (their ids and types stay).")
        var noImages = false
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let store = try storeOptions.open(create: false)
            var document: JSONObject = ["format": "storykit-export", "version": 1]
            var problems: [JSONValue] = []
            for collection in StoreCollection.allCases {
                let records = try StoreCommand.allRecords(in: collection, of: store)
                if collection == .preferences {
                    document[collection.rawValue] = .object(
                        JSONObject(records.items.map { JSONMember($0.id, $0.record) }))
                } else {
                    document[collection.rawValue] = .array(records.items.map(\.record))
                }
                problems += records.problems.map {
                    ["collection": .string(collection.rawValue), "id": .string($0.id), "message": .string($0.message)]
                }
            }
            var images: [JSONValue] = []
            for image in StoreCommand.illustrations(root: storeOptions.store) {
                var entry: JSONObject = [
                    "id": .string(image.id), "mimeType": .string(image.mimeType.rawValue),
                    "bytes": .number(JSONNumber(image.bytes))
                ]
                if !noImages {
                    let bytes = try reporting { () throws(StoryKitError) in try store.getImage(id: image.id).bytes }
                    entry["base64"] = .string(Data(bytes).base64EncodedString())
                }
                images.append(.object(entry))
            }
            document["illustrations"] = .array(images)
            document["problems"] = .array(problems)
            let text = JSONValue.object(document).formatted(JSONWritingOptions(indent: 2))
            guard let output else {
                print(text)
                return
            }
            guard FileManager.default.createFile(atPath: output, contents: Data((text + "\n").utf8)) else {
                throw CLIFailure("cannot write \(output)", hint: "Check that the folder exists and is writable.")
            }
            Console.note("exported \(storeOptions.store) to \(output)")
        }
    }
}
