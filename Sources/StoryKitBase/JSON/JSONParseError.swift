/// Why a text is not acceptable JSON, and where.
///
/// The description reads `line 3, column 7 (byte 41): expected ':' after an object key`.
/// Lines and columns count from 1 (columns in Unicode scalars); byte offsets count from 0.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem.
    public enum Kind: Sendable, Hashable {
        /// The text breaks the JSON grammar.
        case syntax
        /// The text is not valid UTF-8.
        case invalidUTF8
        /// Arrays and objects are nested deeper than the parser's limit.
        case depthLimit
        /// The text is longer than the parser's limit.
        case sizeLimit
    }

    /// The kind of problem.
    public var kind: Kind
    /// What is wrong, without the position.
    public var reason: String
    /// Offset of the first offending byte, from 0.
    public var byteOffset: Int
    /// Line of the first offending byte, from 1.
    public var line: Int
    /// Column of the first offending byte, from 1, in Unicode scalars.
    public var column: Int

    /// Creates an error at `byteOffset` of `bytes`, working out its line and column.
    init(_ kind: Kind, _ reason: String, at byteOffset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        self.kind = kind
        self.reason = reason
        self.byteOffset = byteOffset
        (self.line, self.column) = Self.lineAndColumn(of: byteOffset, in: bytes)
    }

    public var description: String {
        "line \(line), column \(column) (byte \(byteOffset)): \(reason)"
    }

    /// The position of the byte at `offset`: lines split at `\n`; a column counts every byte
    /// that starts a UTF-8 sequence (and every stray byte) since the start of the line.
    static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var position = TextPosition()
        for byte in bytes[..<min(offset, bytes.count)] { position.advance(byte) }
        return (position.line, position.column)
    }
}

extension StoryKitError {
    /// The C-facing form of a JSON error: limits become `.limit`, everything else `.parse`.
    public init(_ error: JSONParseError) {
        switch error.kind {
        case .depthLimit, .sizeLimit: self.init(.limit, error.description)
        case .syntax, .invalidUTF8: self.init(.parse, error.description)
        }
    }
}
