/// An operating system version such as `18.1`, `26` or `17.6.1`, compared numerically.
///
/// Missing components are zero, so `26` == `26.0` and `17.6.1` > `17.6`; `18.10` > `18.9`.
///
///     OSVersion("18.1")! < OSVersion("26")!   // true
public struct OSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The major version.
    public var major: Int
    /// The minor version.
    public var minor: Int
    /// The patch version.
    public var patch: Int

    /// Creates a version from its numbers.
    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses one to three dot-separated decimal numbers of at most 6 digits each; `nil` for
    /// anything else (`""`, `"18."`, `"v18"`, `"18.1.2.3"`, `"-1"`).
    public init?(_ text: String) {
        // One pass over the bytes: versions are parsed on every policy request.
        var numbers = (0, 0, 0)
        var part = 0
        var digits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, part < 2 else { return nil }
                part += 1
                digits = 0
                continue
            }
            guard byte.isASCIIDigit, digits < 6 else { return nil }
            digits += 1
            let digit = Int(byte &- UInt8(ascii: "0"))
            switch part {
            case 0: numbers.0 = numbers.0 * 10 + digit
            case 1: numbers.1 = numbers.1 * 10 + digit
            default: numbers.2 = numbers.2 * 10 + digit
            }
        }
        guard digits > 0 else { return nil }
        self.init(numbers.0, numbers.1, numbers.2)
    }

    public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    /// `major.minor`, with `.patch` when it is not zero: `18.1`, `26.0`, `17.6.1`.
    public var description: String {
        patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)"
    }
}

extension OSVersion: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let version = OSVersion(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a version such as \"18.1\", \"26\" or \"17.6.1\"")
        }
        self = version
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
