/// The chunks of a response body as they arrive.
///
/// A transport makes one with ``makeStream(onTermination:)`` and yields chunks into its
/// ``Writer``; `onTermination` runs once the reader stops, so the transport can cancel the
/// request when nobody reads any more.
public struct HTTPBody: AsyncSequence, Sendable {
    public typealias Element = [UInt8]
    public typealias Failure = GenerationError

    private let chunks: AsyncThrowingStream<[UInt8], any Error>

    /// A body that already holds all its bytes.
    public init(_ bytes: [UInt8]) {
        let (body, writer) = Self.makeStream()
        if !bytes.isEmpty { writer.write(bytes) }
        writer.finish()
        self = body
    }

    private init(chunks: AsyncThrowingStream<[UInt8], any Error>) {
        self.chunks = chunks
    }

    /// Where a transport puts the body's chunks.
    public struct Writer: Sendable {
        fileprivate let continuation: AsyncThrowingStream<[UInt8], any Error>.Continuation

        /// Adds a chunk; `false` once the reader has stopped, so the transport can stop too.
        @discardableResult
        public func write(_ chunk: [UInt8]) -> Bool {
            if case .terminated = continuation.yield(chunk) { return false }
            return true
        }

        /// Ends the body; `error` makes the reader's loop throw it.
        public func finish(throwing error: GenerationError? = nil) {
            if let error { continuation.finish(throwing: error) } else { continuation.finish() }
        }
    }

    /// A new body and the writer that fills it. `onTermination` runs once, when the body
    /// has been finished or the reader has gone away (cancelled or stopped iterating).
    public static func makeStream(onTermination: (@Sendable () -> Void)? = nil) -> (body: HTTPBody, writer: Writer) {
        let (stream, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream(bufferingPolicy: .unbounded)
        if let onTermination {
            continuation.onTermination = { _ in onTermination() }
        }
        return (HTTPBody(chunks: stream), Writer(continuation: continuation))
    }

    /// Reads the chunks in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Element = [UInt8]
        public typealias Failure = GenerationError

        fileprivate var base: AsyncThrowingStream<[UInt8], any Error>.AsyncIterator

        /// The next chunk, `nil` at the end of the body.
        ///
        /// - Throws: the ``GenerationError`` the transport ended the body with; `.cancelled`
        ///   when the reading task was cancelled.
        public mutating func next() async throws(GenerationError) -> [UInt8]? {
            do {
                guard let chunk = try await base.next() else {
                    if Task.isCancelled {
                        throw GenerationError(.cancelled, detail: "the request was cancelled while its body arrived")
                    }
                    return nil
                }
                return chunk
            } catch let error as GenerationError {
                throw error
            } catch {
                throw GenerationError(.transport, detail: "\(error)")
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: chunks.makeAsyncIterator())
    }
}
