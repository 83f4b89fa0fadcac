/// A snapshot of a variation set while its reply is still arriving — the shape Apple's
/// Foundation Models streaming gives: every field optional until it is done.
public struct PartialVariationSet: Sendable, Hashable {
    /// One variation as far as it has arrived.
    public struct Variation: Sendable, Hashable {
        /// The text so far; `nil` until any has arrived.
        public var text: String?
        /// The kind, once the reply has said it.
        public var kind: TextVariation.Kind?
        /// Whether the variation's text is complete.
        public var isComplete: Bool
        /// Why the complete variation may not be shown (an ``VariationIssue/unfaithful(kind:reason:words:)``
        /// issue from the correction service's check); `nil` while it is incomplete, when it
        /// passed, or when nothing checks it. A host shows complete variations with no issue.
        public var issue: VariationIssue?

        package init(text: String?, kind: TextVariation.Kind?, isComplete: Bool, issue: VariationIssue? = nil) {
            self.text = text
            self.kind = kind
            self.isComplete = isComplete
            self.issue = issue
        }
    }

    /// The variations so far, in order.
    public var variations: [Variation] = []
    /// The checked set, once the reply has ended.
    public var result: VariationSet?

    package init() {}

    /// Applies one stream event.
    package mutating func apply(_ event: StreamEvent) {
        switch event {
        case .variationStart(let index, let kind):
            while variations.count <= index { variations.append(Variation(text: nil, kind: nil, isComplete: false)) }
            variations[index].kind = kind
        case .delta(let index, let text):
            guard variations.indices.contains(index) else { return }
            variations[index].text = (variations[index].text ?? "") + text
        case .done(let index, let text):
            guard variations.indices.contains(index) else { return }
            variations[index].text = text
            variations[index].isComplete = true
        case .itemStart, .value, .partial:
            break
        }
    }
}

extension AsyncSequence where Element == String {
    /// Reads these chunks as a correction reply and yields a snapshot after each one.
    public func variationSnapshots(options: VariationOptions = VariationOptions()) -> VariationSnapshots<Self> {
        VariationSnapshots(base: self, options: options)
    }
}
