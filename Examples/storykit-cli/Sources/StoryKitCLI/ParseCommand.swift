import ArgumentParser
import StoryKitCore

/// `storykit parse`: the reply parsers, batch or streamed.
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Parse a model reply: a list, the corrector's variations, or JSON as models write it.",
        discussion: """
            Examples:
              printf '1. Rest\\n2. Drink water\\n' | storykit parse list
              storykit parse variations reply.txt --stream
              echo "{'a': [1, 2,]" | storykit parse json
            """,
        subcommands: [List.self, Variations.self, JSON.self]
    )

    /// What every parse subcommand reads and how it prints.
    struct Input: ParsableArguments {
        @Argument(help: "The reply file; - or nothing reads standard input.")
        var file: String?

        @Flag(
            help:
                "Feed the parser chunk by chunk and print each event (one JSON line) as it arrives, then {\"result\":...}."
        )
        var stream = false

        @Option(
            name: .customLong("chunk-size"),
            help: "With --stream: the most bytes fed at once (a pipe delivers less when the writer is slow).")
        var chunkSize = 4096

        @Flag(
            name: [.customLong("json"), .customLong("compact")],
            help: "Print compact JSON on one line, for programs (--json, as in every command; --compact is the same).")
        var compact = false

        func validate() throws {
            guard (1...InputSource.maxBytes).contains(chunkSize) else {
                throw ValidationError("--chunk-size must be from 1 to \(InputSource.maxBytes), not \(chunkSize)")
            }
        }

        /// Runs a batch parser over the whole input, or a stream over its chunks.
        func run<Stream>(
            batch: (UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> JSONValue, stream makeStream: () -> Stream,
            feed: (inout Stream, UnsafeBufferPointer<UInt8>) throws(StoryKitError) -> [StreamEvent],
            finish: (inout Stream, @escaping (StreamEvent) -> Void) throws(StoryKitError) -> JSONValue
        ) throws {
            let source = InputSource(path: file)
            guard stream else {
                let bytes = try source.readAll()
                let result = try reporting(in: source.name) { () throws(StoryKitError) in
                    try bytes.withUnsafeBufferPointer { (buffer) throws(StoryKitError) in try batch(buffer) }
                }
                Console.printJSON(result, compact: compact)
                return
            }
            var parser = makeStream()
            try source.forEachChunk(size: chunkSize) { (chunk) throws(CLIFailure) in
                let events = try reporting(in: source.name) { () throws(StoryKitError) in
                    try chunk.withUnsafeBufferPointer { (buffer) throws(StoryKitError) in try feed(&parser, buffer) }
                }
                for event in events { Console.emit(event.json) }
            }
            // Finishing may close open items: those events come before the result.
            let result = try reporting(in: source.name) { () throws(StoryKitError) in
                try finish(&parser) { Console.emit($0.json) }
            }
            Console.emit(["result": result])
        }
    }
}

extension ParseCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read a numbered, bulleted or labeled list, with the text before and after it.",
            discussion: """
                Examples:
                  printf '1. Rest\\n2. Drink water\\n' | storykit parse list
                  storykit parse list reply.txt --stream --chunk-size 8
                """
        )

        @OptionGroup var input: Input

        func run() throws {
            try input.run(
                batch: { (bytes) throws(StoryKitError) in try ListParser().parse(utf8: bytes).json },
                stream: { ListStream() },
                feed: { (stream, bytes) throws(StoryKitError) in try stream.feed(utf8: bytes) },
                finish: { (stream, events) throws(StoryKitError) in try stream.finish(events: events).json })
        }
    }

    struct Variations: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read the corrector's versions from structured JSON or a list, with count and duplicate issues.",
            discussion: """
                Examples:
                  echo '{"directCorrection":"I want to go home."}' | storykit parse variations
                  storykit parse variations reply.txt --expected 3 --stream
                """
        )

        @OptionGroup var input: Input

        @Option(help: "How many versions the prompt asked for (a different count is reported as an issue).")
        var expected = 3

        @Flag(name: .customLong("allow-duplicates"), help: "Do not report versions that repeat another.")
        var allowDuplicates = false

        func run() throws {
            let options = VariationOptions(expected: expected, distinct: !allowDuplicates)
            try input.run(
                batch: { (bytes) throws(StoryKitError) in try VariationParser(options: options).parse(utf8: bytes).json
                },
                stream: { VariationStream(options: options) },
                feed: { (stream, bytes) throws(StoryKitError) in try stream.feed(utf8: bytes) },
                finish: { (stream, events) throws(StoryKitError) in try stream.finish(events: events).json })
        }
    }

    struct JSON: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "json",
            abstract:
                "Read JSON as models write it (fences, prose, trailing commas, quotes, comments, truncation), reporting every repair.",
            discussion: """
                Examples:
                  echo "Sure! {'name': 'Mia', traits: ['brave',]," | storykit parse json
                  storykit parse json reply.txt --stream
                """
        )

        @OptionGroup var input: Input

        func run() throws {
            try input.run(
                batch: { (bytes) throws(StoryKitError) in try TolerantJSONParser().parse(utf8: bytes).json },
                stream: { JSONStream() },
                feed: { (stream, bytes) throws(StoryKitError) in try stream.feed(utf8: bytes) },
                finish: { (stream, events) throws(StoryKitError) in try stream.finish(events: events).json })
        }
    }
}
