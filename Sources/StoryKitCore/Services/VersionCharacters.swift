/// The characters a text holds, as the version check compares them: the scripts of its
/// letters, and each symbol, emoji, control or format character it holds. A version may use
/// any punctuation, digits, marks and spaces, letters of the text's scripts, and only the
/// symbols the text has: an emoji, a Cyrillic `а` in a Latin `cat`, a right-to-left override
/// or a zero-width joiner the writer did not type changes what they are shown.
struct VersionCharacters: Sendable {
    private let scripts: Set<UInt32>
    private let symbols: Set<Unicode.Scalar>

    init(of text: String) {
        var scripts: Set<UInt32> = [], symbols: Set<Unicode.Scalar> = []
        for scalar in text.unicodeScalars {
            switch Self.class(of: scalar) {
            case .free: continue
            case .letter(let script): scripts.insert(script)
            case .symbol: symbols.insert(scalar)
            }
        }
        self.scripts = scripts
        self.symbols = symbols
    }

    /// The first character of `text` that this text's characters do not allow, as typed.
    func firstForeign(in text: String) -> String? {
        for scalar in text.unicodeScalars {
            switch Self.class(of: scalar) {
            case .free: continue
            case .letter(let script): if !scripts.contains(script) { return String(scalar) }
            case .symbol: if !symbols.contains(scalar) { return String(scalar) }
            }
        }
        return nil
    }

    private enum CharacterClass {
        case free
        /// A letter of a script (a rough one: Latin, Greek, Cyrillic, else its 256-scalar block).
        case letter(script: UInt32)
        case symbol
    }

    private static func `class`(of scalar: Unicode.Scalar) -> CharacterClass {
        let value = scalar.value
        if value < 0x80 {
            if (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) { return .letter(script: 0) }
            if value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0x7E).contains(value) {
                // ASCII symbols (`$`, `+`, `<`, `|`) must be typed; punctuation and digits are free.
                return "$+<=>^`|~".unicodeScalars.contains(scalar) ? .symbol : .free
            }
            return .symbol
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            return .letter(script: script(of: value))
        case .nonspacingMark, .spacingMark, .decimalNumber:
            return .free
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            return .free
        default:
            return value == 0xA0 ? .free : .symbol
        }
    }

    private static func script(of value: UInt32) -> UInt32 {
        switch value {
        case 0..<0x250, 0x1E00..<0x1F00, 0x2C60..<0x2C80, 0xA720..<0xA800, 0xAB30..<0xAB70: 0
        case 0x370..<0x400, 0x1F00..<0x2000: 1
        case 0x400..<0x530, 0x1C80..<0x1C90, 0x2DE0..<0x2E00, 0xA640..<0xA6A0: 2
        default: 0x100 + (value >> 8)
        }
    }
}
