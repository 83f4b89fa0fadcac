/// A touch keyboard's letter keys and where they sit, for the tremor error model: a finger
/// that shakes lands on a neighbouring key far more often than on a distant one.
///
///     KeyboardLayout.qwerty.distance(from: "g", to: "h")   // 1.0
public enum KeyboardLayout: String, Sendable, Hashable, CaseIterable {
    /// English and most Latin-script keyboards.
    case qwerty
    /// German, Czech and others.
    case qwertz
    /// French and Belgian.
    case azerty

    private var rows: [String] {
        switch self {
        case .qwerty: ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
        case .qwertz: ["qwertzuiop", "asdfghjkl", "yxcvbnm"]
        case .azerty: ["azertyuiop", "qsdfghjklm", "wxcvbn"]
        }
    }

    /// Horizontal offset of each row, in key widths, as touch keyboards stagger them.
    private static let rowOffsets: [Double] = [0, 0.5, 1.5]

    /// Key centres indexed by ASCII letter (`a` = 0); `nil` for letters the layout lacks.
    var positions: [(x: Double, y: Double)?] {
        switch self {
        case .qwerty: Self.qwertyPositions
        case .qwertz: Self.qwertzPositions
        case .azerty: Self.azertyPositions
        }
    }

    private static let qwertyPositions = KeyboardLayout.qwerty.computePositions()
    private static let qwertzPositions = KeyboardLayout.qwertz.computePositions()
    private static let azertyPositions = KeyboardLayout.azerty.computePositions()

    private func computePositions() -> [(x: Double, y: Double)?] {
        var result = [(x: Double, y: Double)?](repeating: nil, count: 26)
        for (row, letters) in rows.enumerated() {
            for (column, letter) in letters.utf8.enumerated() {
                result[Int(letter - 0x61)] = (Double(column) + Self.rowOffsets[row], Double(row))
            }
        }
        return result
    }

    /// The distance between two letter keys in key widths; `nil` when either is not a letter key.
    public func distance(from first: Character, to second: Character) -> Double? {
        guard let a = first.asciiValue?.asciiLowercased, let b = second.asciiValue?.asciiLowercased,
            a.isASCIILowercase, b.isASCIILowercase,
            let p = positions[Int(a - UInt8(ascii: "a"))], let q = positions[Int(b - UInt8(ascii: "a"))]
        else { return nil }
        return ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
    }

    /// Letters on the bottom row, next to the space bar: a tremor that misses the space bar
    /// types one of them instead.
    var spaceBarNeighbours: [UInt8] {
        switch self {
        case .qwerty, .qwertz: Self.bottomRowLetters
        case .azerty: Self.azertyBottomRowLetters
        }
    }

    private static let bottomRowLetters = Array("cvbnm".utf8)
    private static let azertyBottomRowLetters = Array("xcvbn".utf8)
}
