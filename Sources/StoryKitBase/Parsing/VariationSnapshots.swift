/// Turns a sequence of text chunks into cumulative ``PartialVariationSet`` snapshots: one
/// after each chunk, and a last one carrying the checked ``PartialVariationSet/result``.
///
///     for try await snapshot in chunks.variationSnapshots() {
///         show(snapshot.variations.compactMap(\.text))
///     }
public struct VariationSnapshots<Base: AsyncSequence>: AsyncSequence where Base.Element == String {
    public typealias Element = PartialVariationSet

    private let base: Base
    private let options: VariationOptions

    init(base: Base, options: VariationOptions) {
        self.base = base
        self.options = options
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        private var chunks: Base.AsyncIterator
        private var stream: VariationStream
        private var snapshot = PartialVariationSet()
        private var finished = false

        init(chunks: Base.AsyncIterator, options: VariationOptions) {
            self.chunks = chunks
            self.stream = VariationStream(options: options)
        }

        public mutating func next() async throws -> PartialVariationSet? {
            guard !finished else { return nil }
            if let chunk = try await chunks.next() {
                for event in try stream.feed(chunk) { snapshot.apply(event) }
                return snapshot
            }
            finished = true
            var events: [StreamEvent] = []
            snapshot.result = try stream.finish { events.append($0) }
            for event in events { snapshot.apply(event) }
            return snapshot
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(chunks: base.makeAsyncIterator(), options: options)
    }
}
