/// What happens to the items of a list as lines arrive. Text is never retracted: an item's
/// final text is its first line's text followed by every `appended` piece.
enum ListAssemblyEvent: Equatable {
    /// Item `index` begins with the text of its first line.
    case started(index: Int, number: Int?, text: String)
    /// Item `index` grows by `text` (a newline and a continuation line).
    case appended(index: Int, text: String)
    /// Item `index` is complete with this text.
    case finished(index: Int, text: String)
}
