/// The checks on a set of variations: the expected count, and distinctness.
package enum VariationValidation {
    /// The issues of `variations` against `options`, count first.
    package static func issues(_ variations: [TextVariation], _ options: VariationOptions) -> [VariationIssue] {
        var issues: [VariationIssue] = []
        if variations.count != options.expected {
            issues.append(.count(expected: options.expected, found: variations.count))
        }
        guard options.distinct else { return issues }
        var firstIndex: [String: Int] = [:]
        for (index, variation) in variations.enumerated() {
            let key = comparisonKey(variation.text)
            if let earlier = firstIndex[key] {
                issues.append(.duplicate(index: index, of: earlier))
            } else {
                firstIndex[key] = index
            }
        }
        return issues
    }

    /// The text with case, punctuation and white space taken out: two variations with the
    /// same key differ only in those.
    package static func comparisonKey(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            let properties = scalar.properties
            if properties.isWhitespace { continue }
            switch properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                .initialPunctuation, .finalPunctuation, .otherPunctuation:
                continue
            default:
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
