/// The checks every stream applies to its input: the size limit, UTF-8 across chunk
/// boundaries, and the finished and failed states. It keeps only counters, never the input.
package struct StreamInput: Sendable {
    /// The most bytes a stream accepts in all, the C ABI's `STORYKIT_MAX_INPUT_BYTES`.
    package let maxBytes: Int
    private var validator = UTF8StreamValidator()
    private(set) var failure: StoryKitError?
    private(set) var isFinished = false
    /// Position of the next byte.
    private var position = TextPosition()

    package init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    /// Bytes accepted so far.
    package var offset: Int { position.offset }

    /// Checks a chunk before it is parsed.
    package mutating func accept(_ chunk: UnsafeBufferPointer<UInt8>) throws(StoryKitError) {
        try checkSize(of: chunk)
        if let (_, error) = validate(chunk) { throw fail(error) }
    }

    /// Checks a chunk for a parser that can fail on its own: the bytes to parse, which stop
    /// before the first byte that breaks UTF-8, and that byte's error (recorded), to report
    /// once they are parsed. Parsed in this order, a stream reports the first problem of its
    /// input however it was cut into chunks, as the batch functions, which read one chunk, do.
    package mutating func acceptValidPrefix(
        of chunk: UnsafeBufferPointer<UInt8>
    ) throws(StoryKitError) -> (valid: UnsafeBufferPointer<UInt8>, brokenUTF8: StoryKitError?) {
        try checkSize(of: chunk)
        guard let (index, error) = validate(chunk) else { return (chunk, nil) }
        return (UnsafeBufferPointer(rebasing: chunk[..<index]), fail(error))
    }

    private mutating func checkSize(of chunk: UnsafeBufferPointer<UInt8>) throws(StoryKitError) {
        try checkState()
        guard chunk.count <= maxBytes - offset else {
            throw fail(StoryKitError(.limit, "the stream's input is over the limit of \(maxBytes) bytes"))
        }
    }

    /// Moves the position over the chunk up to the first byte that breaks UTF-8: that byte's
    /// index in the chunk and the error naming it, or nil when the chunk is valid so far.
    private mutating func validate(_ chunk: UnsafeBufferPointer<UInt8>) -> (index: Int, error: StoryKitError)? {
        var index = 0
        while index < chunk.count {
            // Eight ASCII bytes at a time: only newlines matter to the position.
            if validator.remaining == 0, index + 8 <= chunk.count, let base = chunk.baseAddress {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                if word & 0x8080_8080_8080_8080 == 0 {
                    advance(asciiWord: word)
                    index += 8
                    continue
                }
            }
            let byte = chunk[index]
            if let reason = validator.check(byte, at: position.offset) {
                return (index, StoryKitError(.parse, "\(position.description): \(reason)"))
            }
            position.advance(byte)
            index += 1
        }
        return nil
    }

    /// Moves the position over eight ASCII bytes.
    @inline(__always)
    private mutating func advance(asciiWord word: UInt64) {
        position.offset += 8
        // High bit set exactly in the bytes that are '\n' (no carries cross bytes: all < 0x80).
        let other = word ^ 0x0A0A_0A0A_0A0A_0A0A
        let newlines = ~((other & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F | other) & 0x8080_8080_8080_8080
        if newlines == 0 {
            position.column += 8
        } else {
            position.line += newlines.nonzeroBitCount
            let lastNewline = (63 - newlines.leadingZeroBitCount) / 8
            position.column = 1 + (7 - lastNewline)
        }
    }

    /// Ends the input; throws when it stops inside a character or the stream is not open.
    package mutating func finish() throws(StoryKitError) {
        try checkState()
        isFinished = true
        if let (start, reason) = validator.endOfInputProblem() {
            throw fail(StoryKitError(.parse, "byte \(start): \(reason)"))
        }
    }

    /// Records a failure so that every later call reports it.
    @discardableResult
    package mutating func fail(_ error: StoryKitError) -> StoryKitError {
        failure = error
        return error
    }

    private func checkState() throws(StoryKitError) {
        if let failure { throw failure }
        if isFinished { throw StoryKitError(.state, "the stream is finished; create a new stream for more input") }
    }
}
