/// The checks every stream applies to its input: the size limit, UTF-8 across chunk
/// boundaries, and the finished and failed states. It keeps only counters, never the input.
struct StreamInput: Sendable {
    /// The most bytes a stream accepts in all, the C ABI's `STORYKIT_MAX_INPUT_BYTES`.
    let maxBytes: Int
    private var validator = UTF8StreamValidator()
    private(set) var failure: StoryKitError?
    private(set) var isFinished = false
    /// Line and column (from 1, in Unicode scalars) of the next byte.
    private var line = 1
    private var column = 1

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    /// Bytes accepted so far.
    var offset: Int { validator.offset }

    /// Checks a chunk before it is parsed.
    mutating func accept(_ chunk: UnsafeBufferPointer<UInt8>) throws(StoryKitError) {
        try checkState()
        guard chunk.count <= maxBytes - validator.offset else {
            throw fail(StoryKitError(.limit, "the stream's input is over the limit of \(maxBytes) bytes"))
        }
        let start = validator.offset
        if let (offset, reason) = validator.validate(chunk) {
            advance(over: UnsafeBufferPointer(rebasing: chunk[..<(offset - start)]))
            throw fail(StoryKitError(.parse, "line \(line), column \(column) (byte \(offset)): \(reason)"))
        }
        advance(over: chunk)
    }

    /// Ends the input; throws when it stops inside a character or the stream is not open.
    mutating func finish() throws(StoryKitError) {
        try checkState()
        isFinished = true
        if let (offset, reason) = validator.endOfInputProblem() {
            throw fail(StoryKitError(.parse, "byte \(offset): \(reason)"))
        }
    }

    /// Records a failure so that every later call reports it.
    @discardableResult
    mutating func fail(_ error: StoryKitError) -> StoryKitError {
        failure = error
        return error
    }

    private mutating func advance(over bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
    }

    private func checkState() throws(StoryKitError) {
        if let failure { throw failure }
        if isFinished { throw StoryKitError(.state, "the stream is finished; create a new stream for more input") }
    }
}
