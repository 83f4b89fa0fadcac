/// Words that need a word after them: an English sentence does not end with an article, a
/// possessive determiner, a coordinating conjunction or "of". A reading that would end a
/// sentence with one ("the tall the.") is unlikely, whatever the word pairs say.
enum SentenceEndings {
    static let englishNeverLast: Set<String> = [
        "a", "an", "the", "my", "your", "our", "their", "its", "and", "or", "nor", "but", "because", "of", "than", "very",
    ]
}
