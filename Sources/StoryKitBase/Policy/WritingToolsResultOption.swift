/// The kinds of result Writing Tools may produce in a field.
public enum WritingToolsResultOption: String, Sendable, Hashable, CaseIterable {
    case plainText, richText, list, table
}
